// Experience level from a posting (crawlers/understanding/seniority.ts): title words first
// (English, German, French, Spanish, Polish) or the body naming the role with its level, then an
// internship, then the years of experience the text requires (in digits or words, several
// languages), then wording without years (seasoned, experience asked, none needed); a company's
// own years and words that only look like levels do not count.
import t from 'tap';
import type { EmploymentType, ExperienceLevel } from '../db/jobs.ts';
import { experienceLevelOf } from '../crawlers/understanding/seniority.ts';

interface Case {
  name: string;
  title?: string;
  markdown?: string;
  employmentType?: EmploymentType | null;
  want: ExperienceLevel | null;
}

const of = (item: Case) => experienceLevelOf({ title: item.title ?? 'Software Engineer', markdown: item.markdown ?? '', employmentType: item.employmentType ?? null });

const TITLES: Case[] = [
  { name: 'Dutch "Medior" is mid-level', title: 'Medior Legal Counsel', want: 'mid' },
  { name: 'Senior', title: 'Senior Software Engineer', want: 'senior' },
  { name: 'Sr.', title: 'Sr. Data Scientist', want: 'senior' },
  { name: 'Sr without a dot', title: 'Sr Software Engineer', want: 'senior' },
  { name: 'a level in brackets counts', title: '(Sr.) Backend Engineer', want: 'senior' },
  { name: 'Staff engineer', title: 'Staff Software Engineer, Payments', want: 'lead' },
  { name: 'a staff accountant is not Staff level', title: 'Staff Accountant', want: null },
  { name: 'Principal', title: 'Principal Product Designer', want: 'lead' },
  { name: 'Engineering Manager', title: 'Engineering Manager, Tax Platform', want: 'lead' },
  { name: 'Head of', title: 'Head of Engineering', want: 'lead' },
  { name: 'Department Head', title: 'Department Head, Finance', want: 'lead' },
  { name: 'Team Lead', title: 'Team Lead Customer Support', want: 'lead' },
  { name: 'Leader', title: 'Account Executive Leader - Payments', want: 'lead' },
  { name: 'Senior X Manager', title: 'Senior Accounting Manager', want: 'lead' },
  { name: 'Sr. Manager', title: 'Sr. Manager', want: 'lead' },
  { name: 'a senior product manager is senior, not lead', title: 'Senior Product Manager', want: 'senior' },
  { name: 'a senior program manager over an engineering area is senior', title: 'Sr. Technical Program Manager, Security Engineering', want: 'senior' },
  { name: 'lead generation is not a level', title: 'Lead Generation Specialist', want: null },
  { name: 'Director', title: 'Director of Product', want: 'executive' },
  { name: 'Senior Director', title: 'Senior Director, Finance', want: 'executive' },
  { name: 'VP', title: 'VP, Engineering', want: 'executive' },
  { name: 'Senior Vice President', title: 'Senior Vice President, Sales', want: 'executive' },
  { name: 'Chief', title: 'Chief Technology Officer', want: 'executive' },
  { name: 'Assistant Vice President (bank rank)', title: 'Assistant Vice President, Operations', want: 'senior' },
  { name: 'Analyst – VP (bank rank)', title: 'Analyst – VP – Getzville', want: 'senior' },
  { name: 'Associate Director', title: 'Associate Director, Marketing', want: 'lead' },
  { name: 'Associate <role> is entry', title: 'Associate Product Manager', want: 'entry' },
  { name: 'Junior', title: 'Junior Frontend Developer', want: 'entry' },
  { name: 'Graduate', title: 'Graduate Software Engineer', want: 'entry' },
  { name: 'New Grad', title: 'Software Engineer, New Grad, Developer Platform', want: 'entry' },
  { name: 'Engineer I', title: 'Software Engineer I', want: 'entry' },
  { name: 'Engineer II', title: 'Machine Learning Engineer II', want: 'mid' },
  { name: 'Engineer III', title: 'Software Engineer III', want: 'senior' },
  { name: 'Mid-level', title: 'Mid-level Backend Developer', want: 'mid' },
  { name: 'Mid/Senior takes the lower', title: 'Mid/Senior Java Developer', want: 'mid' },
  { name: 'Junior/Mid takes the lower', title: 'Junior/Mid Backend Developer', want: 'entry' },
  { name: 'Polish Regular', title: 'Regular Java Developer', want: 'mid' },
  { name: 'mid-market is not a level', title: 'Mid-Market Account Executive', want: null },
  { name: 'Intern', title: 'Marketing Intern', want: 'intern' },
  { name: 'an intern word wins', title: 'Senior Product Manager Intern', want: 'intern' },
  { name: 'Summer Analyst', title: 'Quantitative Risk Management, Summer Analyst, 2026', want: 'intern' },
  { name: 'Apprenticeship', title: 'Apprenticeship - Junior Brand Copywriter', want: 'intern' },
  { name: 'German Praktikant', title: 'Praktikant (m/w/d) Marketing', want: 'intern' },
  { name: 'German Werkstudent', title: 'Werkstudent Data Analytics (m/w/d)', want: 'intern' },
  { name: 'German Teamleiter', title: 'Teamleiter Logistik (m/w/d)', want: 'lead' },
  { name: 'French stagiaire', title: 'Stagiaire Développeur Web', want: 'intern' },
  { name: 'French directeur', title: 'Directeur commercial', want: 'executive' },
  { name: 'Spanish becario', title: 'Becario/a de Marketing', want: 'intern' },
  { name: 'Spanish jefe de equipo', title: 'Jefe de equipo de ventas', want: 'lead' },
  { name: 'Polish starszy', title: 'Starszy Specjalista ds. Rekrutacji', want: 'senior' },
  { name: 'Polish młodszy', title: 'Młodszy Księgowy', want: 'entry' },
  { name: 'senior living is an industry', title: 'Senior Living Community Manager', want: null },
];

const TEXT: Case[] = [
  { name: 'an internship', employmentType: 'internship', markdown: '- 2+ years of experience with Python', want: 'intern' },
  { name: '5+ years of professional experience', markdown: '- 5+ years of professional software engineering experience', want: 'senior' },
  { name: '2-4 years of relevant experience', markdown: '- 2-4 years of relevant experience in customer support', want: 'mid' },
  { name: '0-1 years', markdown: '- 0-1 years of experience; new graduates welcome', want: 'entry' },
  { name: 'experience counted in months', markdown: '- At least 6 months’ experience in compliance, finance, banking or customer service role', want: 'entry' },
  { name: 'a range of months past a year', markdown: '- 12-18 months of relevant experience in a support role', want: 'entry' },
  { name: 'months in German', markdown: '- Mindestens 6 Monate Berufserfahrung im Vertrieb', want: 'entry' },
  { name: 'more than a year in months', markdown: '- 18+ months of professional experience with React', want: 'mid' },
  { name: 'the highest minimum', markdown: '- 3+ years of experience with Kubernetes\n- 7+ years of professional experience building distributed systems', want: 'senior' },
  { name: 'labelled experience', markdown: 'Experience: 5+ years', want: 'senior' },
  { name: 'German: mindestens 3 Jahre Berufserfahrung', markdown: '- Mindestens 3 Jahre Berufserfahrung im Controlling', want: 'mid' },
  { name: "French: au moins 5 ans d'expérience", markdown: "- Vous avez au moins 5 ans d'expérience en médecine du travail", want: 'senior' },
  { name: 'Spanish: 3 años de experiencia', markdown: '- Al menos 3 años de experiencia en atención al cliente', want: 'mid' },
  { name: 'Polish: 2 lata doświadczenia', markdown: '- Minimum 2 lata doświadczenia komercyjnego w Javie', want: 'mid' },
  { name: "the company's own years do not count", markdown: 'We have over 20 years of experience in the payments industry.', want: null },
  { name: 'years without "experience" do not count', markdown: 'Our platform has been running for 10 years.', want: null },
  { name: 'experience asked without a number: mid', markdown: '**Requirements**\n\n- Proven experience with B2B SaaS sales\n- Fluent English', want: 'mid' },
  { name: 'German: Erfahrung in, without a number: mid', markdown: '- Erfahrung in der Buchhaltung\n- Sehr gute Deutschkenntnisse', want: 'mid' },
  { name: 'French: a first experience is enough', markdown: '- Une première expérience (stage ou alternance) dans un rôle IT', want: 'entry' },
  { name: 'regardless of previous experience', markdown: 'We welcome applicants regardless of previous experience.', want: 'entry' },
  { name: 'no experience needed: entry', markdown: 'No prior experience is required: we train you. You will gain experience in customer care.', want: 'entry' },
  { name: "the company's experience without a number does not count", markdown: 'We have deep experience in payments and serve 5,000 merchants.', want: null },
  {
    name: 'an "X Manager" whose text says it leads people',
    title: 'Security Incident Response Manager',
    markdown: '- Manage a team of analysts and investigators across time zones',
    want: 'lead',
  },
  {
    name: 'an "X Manager" supervising analysts',
    title: 'Data Analytics Manager - Hybrid',
    markdown: 'The manager supervises a Lead Data Analyst and owns reporting.',
    want: 'lead',
  },
  { name: 'an "X Manager" without people to lead says nothing', title: 'Compliance Manager', markdown: '- Knowledge of consumer credit regulation', want: null },
  { name: 'a product manager leading a team is not a people lead by title', title: 'Product Manager', markdown: 'You will lead a team of engineers to ship features.', want: null },
  { name: 'nothing at all', markdown: '', want: null },
];

// People managers beyond "X Manager … lead a team": French, Spanish, German, and supervision wording.
const MANAGERS: Case[] = [
  { name: 'French "Chef de" leading a team', title: 'Chef des Opérations Clients, Belgique', markdown: '- Encadrer et développer une équipe de six conseillers', want: 'lead' },
  { name: "French: à la tête d'une équipe", title: "Chef de l'Exploitation, Lyon", markdown: "À la tête d'une équipe de douze techniciens, vous organisez les interventions.", want: 'lead' },
  { name: 'a chef de projet is a function, not a lead', title: 'Chef de projet digital', markdown: '- Diriger une équipe projet de cinq personnes', want: null },
  { name: 'Spanish "Gerente" leading a team', title: 'Gerente de Tienda', markdown: '- Liderar y motivar un equipo de 12 vendedores', want: 'lead' },
  { name: 'German Personalverantwortung', title: 'Store Manager (m/w/d)', markdown: '- Du trägst Personalverantwortung für 15 Mitarbeitende', want: 'lead' },
  { name: '"Supervisor of" a role', title: 'Reporting Manager', markdown: '- Supervisor of two Data Analysts and one Reporting Specialist', want: 'lead' },
  { name: 'provides leadership to team members', title: 'Facilities Manager', markdown: '- Provides coaching, direction, and leadership to team members across two sites', want: 'lead' },
  { name: 'supervisory experience asked', title: 'Claims Manager', markdown: '- 2 or more years of supervisory experience', want: 'lead' },
  { name: 'leadership of a project is not of people', title: 'Facilities Manager', markdown: '- Provide leadership on energy projects', want: null },
  { name: 'German: years of leading a team (Führungserfahrung)', title: 'Store Manager (Munich) - (m/f/d)', markdown: '- 2–4 Jahre Führungserfahrung in Gastronomie oder Einzelhandel', want: 'lead' },
  { name: 'German: motivating your team', title: 'Restaurant Manager', markdown: '- Du motivierst dein Team, Höchstleistungen zu bringen.', want: 'lead' },
];

// The body names the role with a level the title leaves out; a ladder numeral gives way to 5+ years.
const NAMED: Case[] = [
  { name: '"As a Senior <title>" in the body', title: 'Data Analyst', markdown: 'As a Senior Data Analyst, you will own our marketing reporting.', want: 'senior' },
  { name: 'a heading line naming the role with its level', title: 'Solutions Engineer | West', markdown: '**Lead Solutions Engineer**\n\nYou will guide prospects through technical evaluations.', want: 'lead' },
  { name: 'a leveled colleague is not the role', title: 'Data Analyst', markdown: 'You will report to the Senior Data Analyst and work closely with finance.', want: null },
  { name: '"As a <title>" without a level says nothing', title: 'Data Analyst', markdown: 'As a Data Analyst, you will partner with Senior Engineers.', want: null },
  { name: 'Engineer II with 6+ years: senior', title: 'Software Engineer II', markdown: '- 6+ years of application development experience with Java', want: 'senior' },
  { name: 'Engineer II with 3+ years stays mid', title: 'Software Engineer II', markdown: '- 3+ years of experience with Python', want: 'mid' },
  { name: 'Analyst I with 2 years stays entry', title: 'Financial Analyst I', markdown: '- A minimum of 2 years of experience in finance or accounting', want: 'entry' },
];

// Years in words, in other languages and scripts, preferred years in brackets, and years without a number.
const YEARS: Case[] = [
  { name: 'years in words', markdown: '- Seven years of experience in payroll', want: 'senior' },
  { name: 'five years in words', markdown: '- At least five years of professional experience in tax', want: 'senior' },
  { name: 'one year in words', markdown: '- One or more years of work experience in data analytics', want: 'entry' },
  { name: 'German years in words', markdown: '- Du bringst sechs Jahre Berufserfahrung im Vertrieb mit', want: 'senior' },
  { name: 'French years in words', markdown: "- Au moins cinq ans d'expérience en comptabilité", want: 'senior' },
  { name: 'Spanish years in words', markdown: '- Cinco años de experiencia en ventas B2B', want: 'senior' },
  { name: 'Portuguese years', markdown: '- 3 anos de experiência com atendimento ao cliente', want: 'mid' },
  { name: 'Italian years', markdown: '- Almeno 5 anni di esperienza nel ruolo', want: 'senior' },
  { name: 'Turkish years', markdown: '- Üretim sektöründe en az 2 yıl deneyimli', want: 'mid' },
  { name: 'Korean years', markdown: '- 5년 이상의 백엔드 개발 경력을 보유하신 분', want: 'senior' },
  { name: 'Japanese years', markdown: '- 3年以上の実務経験', want: 'mid' },
  { name: 'preferred years in brackets count', markdown: '- 1+ years of experience in account management (2-3 preferred)', want: 'mid' },
  { name: 'a preferred degree in brackets is not years', markdown: "- 1+ years of experience in customer support (bachelor's preferred)", want: 'entry' },
  { name: 'several years: mid', markdown: '- Several years of B2B sales experience', want: 'mid' },
  { name: 'German mehrjährige: mid', markdown: '- Mehrjährige Berufserfahrung als Controller', want: 'mid' },
  { name: 'German langjährige: senior', markdown: '- Langjährige Berufserfahrung in der Steuerberatung', want: 'senior' },
  { name: 'Polish wieloletnie: senior', markdown: '- Wieloletnie doświadczenie w sprzedaży', want: 'senior' },
  { name: "a company's many years do not count", markdown: 'We have many years of experience in logistics.', want: null },
  { name: 'a number word without experience says nothing', markdown: 'Our platform turns five years old this spring.', want: null },
];

// No years: seasoned wording, experience asked in other forms, experience marked optional.
const WORDING: Case[] = [
  { name: 'seasoned professionals', markdown: 'Our client is seeking seasoned professionals to run in-home consultations.', want: 'senior' },
  { name: 'we are looking for a seasoned', markdown: "We're looking for a seasoned account executive to grow our enterprise book.", want: 'senior' },
  { name: 'extensive experience', markdown: '- Extensive experience managing vendor relationships', want: 'senior' },
  { name: 'French expérience significative', markdown: '- Expérience significative en gestion de projet', want: 'senior' },
  { name: 'Spanish amplia experiencia', markdown: '- Amplia experiencia en ventas B2B', want: 'senior' },
  { name: 'seasoned colleagues are not the candidate', markdown: "You'll work alongside seasoned engineers and learn fast.", want: null },
  { name: 'a seasoned team of the company is not the candidate', markdown: 'Our seasoned team will train you on the product.', want: null },
  { name: 'proven success in', markdown: '- Proven success in closing enterprise software deals', want: 'mid' },
  { name: 'experience with an -ing verb', markdown: '- Experience documenting processes in Confluence', want: 'mid' },
  { name: 'a bullet naming the experience', markdown: '**Must-have**\n\n- Public speaking experience\n- Fluent English', want: 'mid' },
  { name: 'the following experience is desirable', markdown: 'While not essential, the following experience is highly desirable:\n\n- Ability to learn fast', want: 'mid' },
  { name: 'Portuguese experiência em', markdown: '- Experiência em atendimento ao cliente por múltiplos canais', want: 'mid' },
  { name: 'German finished vocational training', markdown: '- Du hast eine abgeschlossene Ausbildung als Elektroniker', want: 'mid' },
  { name: 'a training the company offers is not asked', markdown: 'Wir bieten dir eine Ausbildung zum Mechatroniker.', want: null },
  { name: 'salary based on experience is not experience asked', markdown: '- Salary based on experience\n- Private medical insurance', want: null },
  { name: 'experience to gain is not experience asked', markdown: '- Gain hands-on experience in a fast-growing startup', want: null },
  { name: 'a candidate experience during interviews is not asked', markdown: 'We care about a great candidate experience during interviews.', want: null },
  { name: 'the only experience named is optional: entry', markdown: "- Optional: you have used a password manager and have experience with browser extensions. While not required, it'll help.", want: 'entry' },
  { name: 'optional experience beside required experience: mid', markdown: '- Experience with Zendesk (optional)\n- Experience with SQL reporting', want: 'mid' },
  { name: 'French sans expérience: entry', markdown: 'Poste ouvert aux débutants, sans expérience : nous vous formons.', want: 'entry' },
];

for (const [group, cases] of [['title', TITLES], ['text', TEXT], ['managers', MANAGERS], ['named role', NAMED], ['years', YEARS], ['wording', WORDING]] as const) {
  t.test(group, async (t) => {
    for (const item of cases) t.equal(of(item), item.want, item.name);
  });
}

t.test('the title comes before the text', async (t) => {
  t.equal(of({ name: '', title: 'Junior Data Analyst', markdown: '- 5+ years of experience', want: null }), 'entry');
  t.equal(of({ name: '', title: 'Marketing Intern', markdown: '', employmentType: 'full_time', want: null }), 'intern');
});
