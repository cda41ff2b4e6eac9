// The words that tell an entry's parts apart: a job title's words ("Engineer",
// "Entwickler", "Ingénieur", "Desarrolladora"), an employer's (legal forms such as GmbH,
// S.A., Inc.; "Bank", "Labs", "Hospital"), a school's ("University", "Hochschule",
// "Université", "Universidad") and a degree's ("B.Sc.", "Master", "Licence", "Grado").
// Matching is on folded text (lower case, no diacritics). German compounds are matched by
// their stem anywhere in a word ("Softwareentwicklerin", "Projektleiter"). Pure.
import { fold } from './text.ts';

const TITLE_WORDS = [
  // English
  'engineer', 'engineering manager', 'developer', 'programmer', 'architect', 'manager', 'director', 'head of', 'lead', 'leader', 'chief', 'officer',
  'president', 'vice president', 'vp', 'analyst', 'scientist', 'researcher', 'designer', 'consultant', 'specialist', 'coordinator', 'administrator',
  'assistant', 'associate', 'intern', 'internship', 'trainee', 'apprentice', 'technician', 'representative', 'executive', 'accountant', 'auditor',
  'controller', 'nurse', 'physician', 'doctor', 'teacher', 'lecturer', 'professor', 'tutor', 'instructor', 'editor', 'writer', 'journalist',
  'producer', 'marketer', 'recruiter', 'strategist', 'planner', 'founder', 'co-founder', 'cofounder', 'owner', 'partner', 'advisor', 'adviser', 'agent', 'clerk',
  'cashier', 'operator', 'supervisor', 'foreman', 'mechanic', 'electrician', 'chef', 'cook', 'driver', 'pharmacist', 'therapist', 'counselor',
  'counsellor', 'attorney', 'lawyer', 'paralegal', 'secretary', 'receptionist', 'buyer', 'salesperson', 'devops', 'sre', 'cto', 'ceo', 'cfo', 'coo',
  'cio', 'product owner', 'scrum master', 'postdoc', 'postdoctoral', 'fellow', 'freelancer', 'freelance', 'contractor', 'photographer', 'illustrator',
  'translator', 'interpreter', 'economist', 'statistician', 'chemist', 'biologist', 'physicist', 'pilot', 'inspector', 'practitioner', 'midwife',
  'paramedic', 'dentist', 'veterinarian', 'surgeon', 'resident', 'registrar', 'caregiver', 'barista', 'waiter', 'waitress', 'bartender', 'storekeeper',
  'logistician', 'dispatcher', 'estimator', 'surveyor', 'copywriter', 'community manager', 'tester', 'qa', 'support engineer',
  // German (stems, also inside compounds)
  'entwickler', 'ingenieur', 'leiter', 'berater', 'werkstudent', 'praktikant', 'referent', 'sachbearbeiter', 'kaufmann', 'kauffrau', 'fuhrer',
  'mitarbeiter', 'assistent', 'architekt', 'doktorand', 'lehrer', 'pflegefachkraft', 'krankenpfleger', 'krankenschwester', 'buchhalter',
  'spezialist', 'techniker', 'informatiker', 'auszubildende', 'wissenschaftlich', 'verkaufer', 'fachkraft', 'gesellschafter', 'inhaber',
  // French
  'ingenieur', 'developpeur', 'developpeuse', 'chef de projet', 'responsable', 'consultante', 'stagiaire', 'charge de', 'chargee de', 'directeur',
  'directrice', 'analyste', 'technicien', 'technicienne', 'assistante', 'gestionnaire', 'comptable', 'commercial', 'commerciale', 'enseignant',
  'enseignante', 'infirmier', 'infirmiere', 'conseiller', 'conseillere', 'alternant', 'alternante', 'chercheur', 'chercheuse', 'doctorant',
  'doctorante', 'redacteur', 'redactrice', 'vendeur', 'vendeuse', 'cheffe',
  // Spanish
  'ingeniero', 'ingeniera', 'desarrollador', 'desarrolladora', 'programador', 'programadora', 'jefe', 'jefa', 'gerente', 'analista', 'consultor',
  'consultora', 'directora', 'becario', 'becaria', 'tecnico', 'tecnica', 'coordinador', 'coordinadora', 'disenador', 'disenadora', 'asistente',
  'auxiliar', 'administrativo', 'administrativa', 'contable', 'contador', 'contadora', 'profesora', 'enfermero', 'enfermera', 'investigador',
  'investigadora', 'arquitecto', 'arquitecta', 'especialista', 'practicante', 'vendedor', 'vendedora', 'redactor', 'redactora', 'camarero', 'camarera',
  // Italian, Portuguese, Dutch
  'sviluppatore', 'ingegnere', 'tirocinante', 'consulente', 'desenvolvedor', 'engenheiro', 'estagiario', 'ontwikkelaar', 'medewerker', 'adviseur', 'beheerder',
];

const GERMAN_STEMS = ['apotheker', 'entwickler', 'ingenieur', 'leiter', 'berater', 'werkstudent', 'praktikant', 'referent', 'sachbearbeiter', 'kaufmann', 'kauffrau', 'fuhrer', 'mitarbeiter', 'assistent', 'architekt', 'lehrer', 'buchhalter', 'spezialist', 'techniker', 'informatiker', 'pfleger', 'fachkraft', 'manager', 'designer', 'engineer', 'developer', 'analyst', 'consultant'];

const LEGAL_FORMS = [
  'inc', 'llc', 'llp', 'ltd', 'limited', 'gmbh', 'ag', 'se', 'kg', 'kgaa', 'ohg', 'gbr', 'ug', 'mbh', 'ev', 'sa', 'sas', 'sasu', 'sarl', 'sl', 'slu', 'srl',
  'spa', 'bv', 'nv', 'plc', 'corp', 'corporation', 'company', 'pty', 'oy', 'aps', 'sp z oo', 'kft', 'sro', 'lda', 'ltda',
];

const EMPLOYER_WORDS = [
  'group', 'groupe', 'grupo', 'gruppe', 'holding', 'holdings', 'labs', 'lab', 'technologies', 'technology', 'systems', 'solutions', 'software', 'consulting',
  'partners', 'bank', 'banco', 'banque', 'bancorp', 'hospital', 'clinic', 'klinikum', 'klinik', 'clinique', 'clinica', 'university', 'universitat',
  'universite', 'universidad', 'universita', 'institute', 'institut', 'instituto', 'agency', 'agentur', 'agence', 'agencia', 'studio', 'studios',
  'foundation', 'stiftung', 'fondation', 'fundacion', 'ministry', 'ministerium', 'ministere', 'ministerio', 'council', 'college', 'school',
  'schule', 'ecole', 'escuela', 'gymnasium', 'lycee', 'airlines', 'airways', 'motors', 'automotive', 'pharma', 'pharmaceuticals', 'health', 'healthcare',
  'insurance', 'versicherung', 'assurances', 'seguros', 'media', 'digital', 'networks', 'telecom', 'energy', 'energie', 'energia', 'logistics', 'logistik',
  'ventures', 'capital', 'analytics', 'robotics', 'games', 'entertainment', 'publishing', 'verlag', 'editions', 'editorial', 'stadtwerke', 'werke', 'ayuntamiento',
  'mairie', 'stadt', 'hotel', 'hotels', 'restaurant', 'café', 'cafe', 'shop', 'store', 'stores', 'retail', 'foods', 'brewery', 'brauerei', 'factory', 'works',
];

const SCHOOL_WORDS = [
  'university', 'universitat', 'universite', 'universidad', 'universita', 'universidade', 'universiteit', 'college', 'school', 'schule', 'hochschule',
  'fachhochschule', 'gymnasium', 'lycee', 'ecole', 'escuela', 'instituto', 'institut', 'institute', 'academy', 'akademie', 'academie', 'academia',
  'polytechnic', 'politecnica', 'politecnico', 'polytechnique', 'conservatory', 'conservatorio', 'conservatoire', 'iut', 'insa', 'eth', 'epfl', 'tu',
  'hec', 'essec', 'escp', 'kth', 'mit', 'ucl', 'lmu', 'rwth', 'kit', 'campus', 'colegio', 'liceo', 'seminary', 'berufsschule', 'realschule', 'gesamtschule',
];

/** Degree names, at the start of a degree line (longest first when matched). */
export const DEGREE_PATTERN = new RegExp(
  '^(?:' +
    [
      "(?:bachelor|master|doctor|associate)(?:['’]s)?(?:\\s+degree)?(?:\\s+of\\s+(?:science|arts|engineering|fine arts|laws|education|philosophy|applied science|technology|business administration|public health|music|architecture|commerce|computer science)(?:\\s+\\([^)]*\\))?)?",
      '(?:post)?graduate (?:certificate|diploma)', 'advanced diploma', 'ph\\.?\\s?d\\.?', 'd\\.?\\s?phil\\.?', 'mba', 'emba', 'm\\.?\\s?b\\.?\\s?a\\.?', 'm\\.?\\s?sc\\.?', 'b\\.?\\s?sc\\.?', 'b\\.?\\s?s\\.?', 'm\\.?\\s?s\\.?',
      'b\\.?\\s?a\\.?', 'm\\.?\\s?a\\.?', 'b\\.?\\s?eng\\.?', 'm\\.?\\s?eng\\.?', 'b\\.?\\s?tech\\.?', 'm\\.?\\s?tech\\.?', 'll\\.?\\s?b\\.?', 'll\\.?\\s?m\\.?', 'j\\.?\\s?d\\.?', 'm\\.?\\s?d\\.?',
      'b\\.?\\s?com\\.?', 'a\\.?\\s?s\\.?', 'a\\.?\\s?a\\.?', 'dipl\\.?-[\\p{L}.]+', 'diplom(?:-[\\p{L}]+)?', 'diploma', 'diplome(?: d[\'’]ingenieur)?', 'abitur', 'allgemeine hochschulreife', 'fachabitur', 'staatsexamen', 'magister',
      'licence(?: professionnelle)?', 'license', 'licenciatura', 'licenciado', 'grado', 'maestria', 'master(?:e|\\s?2|\\s?1)?', 'mastere specialise', 'doctorat', 'doctorado', 'dottorato', 'laurea(?: magistrale| triennale)?',
      'ingeniero(?: tecnico)?', 'ingenieria(?: tecnica)?', 'ingenieur', "titre d['’]ingenieur", 'dut', 'bts', 'baccalaureat', 'bachillerato', 'bac(?:\\s?\\+\\s?\\d)?', 'high school diploma', 'ged', 'a-levels?', 'certificate', 'certificat', 'certificado',
      'ausbildung(?: zum| zur)?', 'berufsausbildung', 'tecnico superior', 'grau', 'mestrado', 'doutorado', 'licenciatura',
    ].join('|') +
    ')(?![\\p{L}])',
  'iu',
);

const words = (text: string) => fold(text).replace(/[^a-z0-9&+\s-]/g, ' ').split(/[\s-]+/).filter(Boolean);
const phrase = (text: string) => ` ${words(text).join(' ')} `;

function hasWord(text: string, list: string[]): boolean {
  const padded = phrase(text);
  return list.some((word) => padded.includes(` ${word} `));
}

/** A job title's words ("Senior Software Engineer", "Projektleiterin", "Jefa de proyecto"). */
export function looksLikeTitle(text: string): boolean {
  if (hasWord(text, TITLE_WORDS)) return true;
  const folded = fold(text);
  return folded.split(/[^a-z]+/).some((word) => word.length > 6 && GERMAN_STEMS.some((stem) => word.endsWith(stem) || word.endsWith(`${stem}in`) || word.endsWith(`${stem}innen`)));
}

/** A legal form ("GmbH", "S.A.", "Inc.") — the surest mark of an employer. */
export function hasLegalForm(text: string): boolean {
  const compact = ` ${fold(text).replace(/\./g, '').replace(/[^a-z0-9&\s]/g, ' ').replace(/\s+/g, ' ').trim()} `;
  return LEGAL_FORMS.some((form) => compact.includes(` ${form} `) && (compact.trim().split(' ').length > 1 || form.length > 3)) || /&\s*co\b/i.test(text);
}

/** German employers named by a compound's last part ("Kantonsspital", "Stadtsparkasse", "Universitätsklinikum"). */
const EMPLOYER_STEMS = ['spital', 'klinikum', 'klinik', 'krankenhaus', 'apotheke', 'sparkasse', 'bank', 'versicherung', 'verlag', 'werke', 'schule', 'hochschule'];

export function looksLikeEmployer(text: string): boolean {
  if (hasLegalForm(text) || hasWord(text, EMPLOYER_WORDS)) return true;
  return fold(text).split(/[^a-z]+/).some((word) => word.length > 7 && EMPLOYER_STEMS.some((stem) => word.endsWith(stem) && word !== stem));
}

export function looksLikeSchool(text: string): boolean {
  if (hasWord(text, SCHOOL_WORDS)) return true;
  const folded = fold(text);
  return /(?:hochschule|universitat|schule|akademie)\b/.test(folded) || /^tu\s/.test(folded) || /\buniv\./.test(folded);
}

export function looksLikeDegree(text: string): boolean {
  return DEGREE_PATTERN.test(fold(text).trim()) || DEGREE_PATTERN.test(text.trim());
}

const EMPLOYMENT_TYPES = /^(?:full[- ]?time|part[- ]?time|contract|contractor|freelance|temporary|permanent|seasonal|internship|self[- ]employed|vollzeit|teilzeit|befristet|unbefristet|festanstellung|minijob|cdi|cdd|interim|interimaire|temps plein|temps partiel|alternance|jornada completa|media jornada|tiempo completo|tiempo parcial|indefinido|temporal|remote|hybrid|on-?site|hybride|remoto|teletrabajo|télétravail)$/i;

export function isEmploymentType(text: string): boolean {
  return EMPLOYMENT_TYPES.test(fold(text).trim()) || EMPLOYMENT_TYPES.test(text.trim());
}
