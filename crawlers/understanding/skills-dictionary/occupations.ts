// Trades, hospitality, healthcare, maritime, legal and other occupation-specific know-how,
// licences and credentials: part of the skills dictionary (../skills-dictionary.ts explains the entries).
import type { SkillEntry } from '../skills-dictionary.ts';

export const OCCUPATIONS: SkillEntry[] = [
  // --- Hospitality, food and facilities
  { name: 'Hospitality', type: 'hard', aliases: ['hospitality industry', 'hotel industry'] },
  { name: 'Cooking', type: 'hard', aliases: ['experience as a cook', 'as a cook', 'line cook', 'culinary skills', 'culinary experience', 'cook meals'] },
  { name: 'Menu Planning', type: 'hard', aliases: ['plan menus', 'planning menus'] },
  { name: 'Food Preparation', type: 'hard', aliases: ['prep cook', 'food handler', 'food prep', 'prepare meals', 'preparing meals', 'meal preparation'] },
  { name: 'Food Safety', type: 'hard', aliases: ['food hygiene', 'food handling', "food handler's card", 'HACCP'] },
  { name: 'ServSafe', type: 'hard', aliases: ['SERV Safe', 'Serv Safe', 'ServSafe certification', 'ServSafe Food Handler'] },
  { name: 'Sanitation', type: 'hard', aliases: ['sanitary standards'] },
  { name: 'Housekeeping', type: 'hard', aliases: ['laundry', 'cleaning duties'] },
  { name: 'Facilities Management', type: 'hard', aliases: ['facility management', 'facilities maintenance'] },
  { name: 'Office Administration', type: 'hard', aliases: ['office coordination', 'administrative role', 'office management', 'administrative support', 'office administration tasks'] },
  { name: 'Reception', type: 'hard', aliases: ['front desk', 'reception desk', 'receptionist duties'] },

  // --- Maritime, transport and field work
  { name: 'STCW', type: 'hard', aliases: ['STCW Basic Safety', 'STCW certification'] },
  { name: 'TWIC', type: 'hard', aliases: ['TWIC card', 'Transportation Worker Identification Credential'] },
  { name: 'Merchant Mariner Credential', type: 'hard', aliases: ['MMC', 'merchant mariner'] },
  { name: 'Vehicle Maintenance', type: 'hard', aliases: ['vehicle repair', 'vehicle repairs', 'automotive repair', 'automotive mechanics', 'auto mechanics'] },
  { name: 'Hand Tools', type: 'hard', aliases: ['power tools', 'hand and power tools'] },
  { name: 'Mechanical Maintenance', type: 'hard', aliases: ['mechanical repairs', 'equipment maintenance', 'equipment repair'] },
  { name: 'Preventive Maintenance', type: 'hard', aliases: ['preventative maintenance', 'predictive maintenance'] },
  { name: 'Hydraulics', type: 'hard', aliases: ['hydraulic systems'] },
  { name: 'Pneumatics', type: 'hard', aliases: ['pneumatic systems'] },
  { name: 'Electrical Controls', type: 'hard', aliases: ['electrical systems', 'control systems'] },
  { name: 'PLC', type: 'hard', aliases: ['PLCs', 'programmable logic controllers', 'Ladder Logic'] },
  { name: 'SCADA', type: 'hard' },
  { name: 'G-code', type: 'hard', aliases: ['CNC programming', 'CNC'] },
  { name: 'Occupational Safety', type: 'hard', aliases: ['OSHA', 'health and safety', 'workplace safety', 'safety procedures'] },
  { name: 'Roof Assessment', type: 'hard', aliases: ['roof assessments', 'roof inspection', 'roof inspections', 'roofing'] },
  { name: 'Manual Dexterity', type: 'hard', aliases: ['lift up to 50 pounds', 'lift 50 lbs', 'physical stamina'] },
  { name: 'Military Operational Planning', type: 'hard', aliases: ['military planning', 'operational planning'] },
  { name: 'Classified Networks', type: 'hard', aliases: ['classified environments', 'SIPRNet', 'JWICS'] },

  // --- Healthcare
  { name: 'Nursing', type: 'hard', aliases: ['registered nurse', 'nursing experience'] },
  { name: 'Telemedicine', type: 'hard', aliases: ['telehealth', 'virtual care'] },
  { name: 'Occupational Medicine', type: 'hard', aliases: ['médecine du travail', 'santé au travail', 'occupational health'] },
  { name: 'Nutrition', type: 'hard', aliases: ['nutritionist', 'nutritional science', 'Dietetics', 'dietitian', 'dietician', 'weight management', 'weight loss'] },
  { name: 'Obesity Medicine', type: 'hard', aliases: ['obesity management', 'GLP-1', 'GLP-1 prescribing'] },
  { name: 'Health Coaching', type: 'hard', aliases: ['behaviour change', 'behavior change', 'behaviour change techniques', 'lifestyle medicine'] },
  { name: 'Clinical Governance', type: 'hard', aliases: ['clinical quality', 'clinical quality management', 'clinical pathways', 'clinical safety'] },
  { name: 'Professional Registration', type: 'hard', aliases: ['GMC registration', 'HCPC registration', 'HCPC registered', 'GMC registered', 'Association for Nutrition'] },
  { name: 'Immunology', type: 'hard', aliases: ['immunologist'] },
  { name: 'Infectious Disease', type: 'hard', aliases: ['infectious diseases'] },
  { name: 'Biotech', type: 'hard', aliases: ['biotechnology', 'biohealth', 'life sciences'] },

  // --- Legal and public policy
  { name: 'Legal Counsel', type: 'hard', aliases: ['legal advice', 'in-house counsel', 'commercial counsel'] },
  { name: 'Contract Drafting', type: 'hard', aliases: ['drafting contracts', 'commercial contracts', 'contract review'] },
  { name: 'Intellectual Property', type: 'hard', aliases: ['IP law', 'patents', 'trademarks'] },
  { name: 'Consumer Protection Law', type: 'hard', aliases: ['consumer protection', 'consumer law', 'consumer credit regulation', 'consumer duty'] },
  { name: 'Public Policy', type: 'hard', aliases: ['policy positions', 'government relations', 'public affairs'] },
  { name: 'Immigration', type: 'hard', aliases: ['immigration law', 'visa processes', 'work permits'] },
  { name: 'Digital Services Act', type: 'hard' },
  { name: 'Online Safety Act', type: 'hard', aliases: ['OSA'] },
  { name: 'Content Moderation', type: 'hard', aliases: ['moderation workflows', 'content moderation', 'trust and safety operations', 'moderation policies', 'content policy', 'content review'] },
  { name: 'Transparency Reporting', type: 'hard', aliases: ['transparency reports'] },
  { name: 'Investigations', type: 'hard', aliases: ['investigate cases', 'conduct investigations', 'conducting investigations', 'fraud investigation'] },
  { name: 'Due Diligence', type: 'hard', aliases: ['diligence', 'diligencing', 'enhanced due diligence', 'EDD', 'customer due diligence', 'CDD'] },

  // --- Education and training
  { name: 'Training Delivery', type: 'hard', alsoKnownAs: ['Training'], aliases: ['séances de formation', 'animer des cours', 'techniques de formation', 'eğitimleri vermiş', 'eğitim vermek', 'deliver training', 'delivering training', 'training sessions', 'training facilitation', 'facilitate training', 'onboarding training', 'product training'] },
  { name: 'Training Program Design', type: 'hard', aliases: ['training programs', 'training programmes', 'training needs analysis', 'curriculum design', 'instructional design'] },
  { name: 'Learning Management Systems', type: 'hard', aliases: ['systèmes de gestion de l\'apprentissage', 'plateformes d\'apprentissage', 'learning management system', 'LMS', 'e-learning tools', 'e-learning'] },
  { name: 'Translation', type: 'hard', alsoKnownAs: ['Transcreation'], aliases: ['trans-creating', 'translating content', 'translate content', 'transcreation', 'translation services', 'translator'] },
  { name: 'Maritime', type: 'hard', aliases: ['maritime', 'maritime industry', 'cruise industry', 'offshore vessels'] },
];
