// Trades, hospitality, healthcare, maritime, legal and other occupation-specific know-how,
// licences and credentials: part of the skills dictionary (../skills-dictionary.ts explains the entries).
import type { SkillEntry } from '../skills-dictionary.ts';

export const OCCUPATIONS: SkillEntry[] = [
  // --- Hospitality, food and facilities
  { name: 'Hospitality', type: 'hard', aliases: ['hospitality industry', 'hotel industry', 'hospitality sector', 'hospitality experience', 'Hotellerie', 'Hotellerie und Gastronomie', 'Gastgewerbe', 'hôtellerie', 'hôtellerie-restauration', 'hostelería y turismo', 'hotelería', 'ospitalità', 'hospitality'] },
  { name: 'Cooking', type: 'hard', aliases: ['experience as a cook', 'as a cook', 'line cook', 'culinary skills', 'culinary experience', 'cook meals'] },
  { name: 'Menu Planning', type: 'hard', aliases: ['plan menus', 'planning menus'] },
  { name: 'Food Preparation', type: 'hard', aliases: ['prep cook', 'food handler', 'food prep', 'prepare meals', 'preparing meals', 'meal preparation'] },
  { name: 'Food Safety', type: 'hard', alsoKnownAs: ['HACCP'], aliases: ['food hygiene', 'food handling', "food handler's card", 'HACCP', 'HACCP certification', 'HACCP certified', 'HACCP principles', 'HACCP plans', 'hazard analysis and critical control points', 'food safety standards', 'food safety regulations', 'food safety certification', 'food safety certificate', 'food safety training', 'food handlers card', "food handler's certificate", 'food handler certificate', 'food safety level 2', 'HACCP-Konzept', 'Lebensmittelhygiene', 'Lebensmittelsicherheit', 'Hygieneschulung', 'Infektionsschutzbelehrung', 'Gesundheitszeugnis', 'hygiène alimentaire', 'sécurité alimentaire', 'normes HACCP', 'seguridad alimentaria', 'higiene alimentaria', 'manipulador de alimentos', 'sicurezza alimentare', 'igiene alimentare', 'voedselveiligheid', 'voedselhygiëne'] },
  { name: 'ServSafe', type: 'hard', aliases: ['SERV Safe', 'Serv Safe', 'ServSafe certification', 'ServSafe Food Handler'] },
  { name: 'Sanitation', type: 'hard', aliases: ['sanitary standards', 'sanitary environment', 'sanitation standards', 'sanitation procedures', 'cleaning and sanitation', 'sanitizing', 'sanitising', 'Hygienestandards', 'normes d\'hygiène', 'normas de higiene', 'norme igieniche'] },
  { name: 'Housekeeping', type: 'hard', aliases: ['laundry', 'cleaning duties'] },
  { name: 'Facilities Management', type: 'hard', aliases: ['facility management', 'facilities maintenance'] },
  { name: 'Office Administration', type: 'hard', aliases: ['office coordination', 'administrative role', 'office management', 'administrative support', 'office administration tasks'] },
  { name: 'Reception', type: 'hard', aliases: ['front desk', 'reception desk', 'receptionist duties'] },

  // --- Maritime, transport and field work
  { name: 'STCW', type: 'hard', aliases: ['STCW Basic Safety', 'STCW certification'] },
  { name: 'TWIC', type: 'hard', aliases: ['TWIC card', 'Transportation Worker Identification Credential'] },
  { name: 'Merchant Mariner Credential', type: 'hard', aliases: ['MMC', 'merchant mariner'] },
  { name: 'Able Seaman Endorsement', type: 'hard', alsoKnownAs: ['Able Seaman'], aliases: ['Able Seaman', 'Able Seafarer', 'AB endorsement', 'Able Bodied Seaman', 'Able-Bodied Seaman', 'AB Unlimited', 'AB Special', 'Ordinary Seaman', 'Matrose', 'matelot'] },
  { name: 'Vehicle Maintenance', type: 'hard', aliases: ['vehicle repair', 'vehicle repairs', 'automotive repair', 'automotive mechanics', 'auto mechanics', 'auto mechanic', 'automotive technician', 'automotive technicians', 'car mechanic', 'KFZ-Mechaniker', 'Kfz-Mechatroniker', 'KFZ-Mechatroniker', 'Kfz-Mechatronik', 'Kfz-Technik', 'Kraftfahrzeugmechatroniker', 'mécanique automobile', 'mécanicien automobile', 'mecánica automotriz', 'mecánico automotriz', 'meccanico auto', 'autotechnicus'] },
  { name: 'Hand Tools', type: 'hard', aliases: ['power tools', 'hand and power tools'] },
  { name: 'Mechanical Maintenance', type: 'hard', aliases: ['mechanical repairs', 'equipment maintenance', 'equipment repair', 'mechanical maintenance', 'machine maintenance', 'maintenance of machinery', 'mechanische Instandhaltung', 'maintenance mécanique', 'mantenimiento mecánico', 'manutenzione meccanica', 'mechanisch onderhoud', 'mekanik bakım', 'mekanik sistemler', 'makine bakım'] },
  { name: 'Preventive Maintenance', type: 'hard', alsoKnownAs: ['Predictive Maintenance', 'Planned Maintenance'], aliases: ['preventative maintenance', 'predictive maintenance', 'planned maintenance', 'scheduled maintenance', 'PM schedules', 'maintenance préventive', 'maintenance prédictive', 'entretiens préventifs', 'vorbeugende Instandhaltung', 'präventive Instandhaltung', 'vorausschauende Instandhaltung', 'Wartungsarbeiten', 'mantenimiento preventivo', 'mantenimiento predictivo', 'manutenzione preventiva', 'manutenzione predittiva', 'preventief onderhoud', 'periyodik bakım', 'önleyici bakım', 'kestirimci bakım'] },
  { name: 'Hydraulics', type: 'hard', aliases: ['hydraulic systems', 'hydraulic', 'hydraulique', 'Hydraulik', 'hidráulica', 'idraulica industriale', 'hydrauliek', 'hidrolik', 'hidrolik sistemler'] },
  { name: 'Pneumatics', type: 'hard', aliases: ['pneumatic systems', 'pneumatic', 'pneumatique', 'Pneumatik', 'neumática', 'pneumatica', 'pneumatiek', 'pnömatik', 'pnömatik sistemler'] },
  { name: 'Electrical Controls', type: 'hard', aliases: ['electrical systems', 'electrical controls', 'controls troubleshooting', 'electrical control systems', 'elektrische Steuerungen', 'Steuerungstechnik', 'commande électrique', 'armoires électriques', 'controles eléctricos', 'elektrik kumanda', 'elektronik kumanda'] },
  { name: 'PLC', type: 'hard', alsoKnownAs: ['PLC Programming'], aliases: ['PLCs', 'programmable logic controllers', 'Ladder Logic', 'programmable logic controller', 'PLC programming', 'ladder logic programming', 'Siemens S7', 'Simatic S7', 'S7-1500', 'S7-1200', 'TIA Portal', 'STEP 7', 'Allen-Bradley', 'Allen Bradley', 'RSLogix', 'RSLogix 5000', 'Studio 5000', 'Rockwell Automation', 'ControlLogix', 'CompactLogix', 'Schneider Electric PLC', 'SPS', 'SPS-Programmierung', 'SPS-Technik', 'speicherprogrammierbare Steuerungen', 'programmation d\'automates', 'programmation automate', 'automates programmables', 'automate programmable', 'automates Siemens', 'autómatas programables', 'programación de PLC', 'programmazione PLC', 'PLC-programmering'] },
  { name: 'SCADA', type: 'hard' },
  { name: 'G-code', type: 'hard', aliases: ['CNC programming', 'CNC'] },
  { name: 'Occupational Safety', type: 'hard', aliases: ['OSHA', 'health and safety', 'workplace safety', 'safety procedures', 'Arbeitssicherheit', 'Arbeitsschutz', 'sécurité au travail', 'santé et sécurité au travail', 'consignes de sécurité', 'prévention des risques professionnels', 'seguridad laboral', 'seguridad y salud en el trabajo', 'prevención de riesgos laborales', 'sicurezza sul lavoro', 'salute e sicurezza', 'veiligheid op het werk', 'iş güvenliği', 'iş sağlığı ve güvenliği', 'bezpieczeństwo pracy', 'BHP', 'segurança do trabalho'] },
  { name: 'Roof Assessment', type: 'hard', aliases: ['roof assessments', 'roof inspection', 'roof inspections', 'roofing'] },
  { name: 'Manual Dexterity', type: 'hard', aliases: ['lift up to 50 pounds', 'lift 50 lbs', 'physical stamina', 'handwerkliches Geschick', 'handwerkliche Fähigkeiten', 'habileté manuelle', 'dextérité manuelle', 'destreza manual', 'manual dexterity', 'hand-eye coordination'] },
  { name: 'Military Operational Planning', type: 'hard', aliases: ['military planning', 'operational planning'] },
  { name: 'Classified Networks', type: 'hard', aliases: ['classified environments', 'SIPRNet', 'JWICS'] },

  // --- Healthcare
  { name: 'Nursing', type: 'hard', alsoKnownAs: ['Registered Nursing'], aliases: ['registered nurse', 'nursing experience', 'registered nurses', 'RN', 'RNs', 'nursing care', 'nursing practice', 'nursing skills', 'nursing degree', 'BSN', 'Krankenpflege', 'Krankenpfleger', 'Krankenschwester', 'Pflegefachkraft', 'Pflegefachfrau', 'Pflegefachmann', 'examinierte Pflegefachkraft', 'infirmier', 'infirmière', 'infirmier diplômé', 'soins infirmiers', 'enfermería', 'enfermero', 'enfermera', 'infermiere', 'infermieristica', 'verpleegkundige', 'verpleegkunde', 'hemşire', 'pielęgniarka', 'enfermagem'] },
  { name: 'Telemedicine', type: 'hard', aliases: ['telehealth', 'virtual care'] },
  { name: 'Occupational Medicine', type: 'hard', aliases: ['médecine du travail', 'santé au travail', 'occupational health'] },
  { name: 'Nutrition', type: 'hard', aliases: ['nutritionist', 'nutritional science', 'Dietetics', 'dietitian', 'dietician', 'weight management', 'weight loss'] },
  { name: 'Obesity Medicine', type: 'hard', aliases: ['obesity management', 'GLP-1', 'GLP-1 prescribing'] },
  { name: 'Health Coaching', type: 'hard', aliases: ['behaviour change', 'behavior change', 'behaviour change techniques', 'lifestyle medicine'] },
  { name: 'Clinical Governance', type: 'hard', aliases: ['clinical quality', 'clinical quality management', 'clinical pathways', 'clinical safety'] },
  { name: 'Professional Registration', type: 'hard', aliases: ['GMC registration', 'HCPC registration', 'HCPC registered', 'GMC registered', 'Association for Nutrition', 'registered with the GMC', 'registered with the HCPC', 'registered with the NMC', 'NMC registration', 'NMC registered', 'NMC PIN', 'licence to practise', 'license to practice medicine', 'Approbation', 'Berufserlaubnis'] },
  { name: 'Immunology', type: 'hard', aliases: ['immunologist'] },
  { name: 'Infectious Disease', type: 'hard', aliases: ['infectious diseases'] },
  { name: 'Biotech', type: 'hard', alsoKnownAs: ['Biotechnology'], aliases: ['biotechnology', 'biohealth', 'life sciences', 'life science', 'biotech industry', 'biotech companies', 'biotechnology industry', 'Biotechnologie', 'Life Sciences', 'sciences de la vie', 'biotecnología', 'ciencias de la vida', 'biotecnologia', 'scienze della vita'] },

  // --- Legal and public policy
  { name: 'Legal Counsel', type: 'hard', aliases: ['legal advice', 'in-house counsel', 'commercial counsel', 'in-house legal', 'legal advisory', 'legal counseling', 'Rechtsberatung', 'juristische Beratung', 'conseil juridique', 'asesoramiento jurídico', 'asesoramiento legal', 'consulenza legale', 'juridisch advies'] },
  { name: 'Contract Drafting', type: 'hard', aliases: ['drafting contracts', 'commercial contracts', 'contract review'] },
  { name: 'Intellectual Property', type: 'hard', alsoKnownAs: ['Patent Law', 'Trademark Law'], aliases: ['IP law', 'patents', 'trademarks', 'intellectual property law', 'patent law', 'patent prosecution', 'patent litigation', 'patent drafting', 'patent attorney', 'patent agent', 'trademark law', 'trademark prosecution', 'copyright law', 'USPTO', 'Patentrecht', 'Markenrecht', 'Urheberrecht', 'gewerblicher Rechtsschutz', 'Patentanwalt', 'propriété intellectuelle', 'propriété industrielle', 'droit des marques', 'propiedad intelectual', 'propiedad industrial', 'proprietà intellettuale', 'proprietà industriale', 'intellectueel eigendom'] },
  { name: 'Consumer Protection Law', type: 'hard', aliases: ['consumer protection', 'consumer law', 'consumer credit regulation', 'consumer credit regulations', 'consumer credit rules', 'consumer duty'] },
  { name: 'Public Policy', type: 'hard', aliases: ['policy positions', 'government relations', 'public affairs', 'public policy', 'Politikwissenschaft', 'politiques publiques', 'políticas públicas', 'politiche pubbliche', 'overheidsbeleid'] },
  { name: 'Immigration', type: 'hard', aliases: ['immigration law', 'visa processes', 'work permits'] },
  { name: 'Digital Services Act', type: 'hard' },
  { name: 'Online Safety Act', type: 'hard', aliases: ['OSA'] },
  { name: 'Content Moderation', type: 'hard', aliases: ['moderation workflows', 'content moderation', 'trust and safety operations', 'moderation policies', 'content policy', 'content review'] },
  { name: 'Transparency Reporting', type: 'hard', aliases: ['transparency reports'] },
  { name: 'Investigations', type: 'hard', aliases: ['investigate cases', 'conduct investigations', 'conducting investigations', 'fraud investigation', 'internal investigations', 'workplace investigations', 'security investigations', 'background investigations', 'Ermittlungen', 'enquêtes internes', 'investigaciones internas'] },
  { name: 'Due Diligence', type: 'hard', aliases: ['diligence', 'diligencing', 'enhanced due diligence', 'EDD', 'customer due diligence', 'CDD'] },

  // --- Education and training
  { name: 'Training Delivery', type: 'hard', alsoKnownAs: ['Training'], aliases: ['séances de formation', 'animer des cours', 'techniques de formation', 'eğitimleri vermiş', 'eğitim vermek', 'deliver training', 'delivering training', 'training sessions', 'training facilitation', 'facilitate training', 'onboarding training', 'product training'] },
  { name: 'Training Program Design', type: 'hard', aliases: ['training programs', 'training programmes', 'training needs analysis', 'curriculum design', 'instructional design'] },
  { name: 'Learning Management Systems', type: 'hard', aliases: ['systèmes de gestion de l\'apprentissage', 'plateformes d\'apprentissage', 'learning management system', 'LMS', 'e-learning tools', 'e-learning'] },
  { name: 'Translation', type: 'hard', alsoKnownAs: ['Transcreation'], aliases: ['trans-creating', 'translating content', 'translate content', 'transcreation', 'translation services', 'translator'] },
  { name: 'Maritime', type: 'hard', aliases: ['maritime', 'maritime industry', 'cruise industry', 'offshore vessels'] },
];
