// Employment type from a posting (crawlers/understanding/employment.ts): the ATS value, the
// title, and statements of THIS job's type in the text (English, German, French, Spanish,
// Polish); benefits talk and options are not statements.
import t from 'tap';
import type { EmploymentType } from '../db/jobs.ts';
import { employmentTypeOf } from '../crawlers/understanding/employment.ts';

interface Case {
  name: string;
  title?: string;
  markdown?: string;
  stated?: EmploymentType | null;
  want: EmploymentType | null;
}

const of = (item: Case) => employmentTypeOf({ stated: item.stated ?? null, title: item.title ?? 'Software Engineer', markdown: item.markdown ?? '' });

const STATED: Case[] = [
  { name: 'the ATS value wins over the text', stated: 'contract', markdown: 'This is a full-time position.', want: 'contract' },
  { name: 'the ATS value stands when nothing else is said', stated: 'part_time', want: 'part_time' },
  { name: 'a stated Full time gives way to an internship title', title: 'Functions - Quantitative Risk Management, Summer Analyst, Buffalo - USA, 2026', stated: 'full_time', want: 'internship' },
  { name: 'a stated Full time gives way to a working-student title', title: 'Finance Operations & Automation (Working Student)', stated: 'full_time', want: 'part_time' },
  { name: 'a stated Part time gives way to an intern title', title: 'Systems Administrator Intern', stated: 'part_time', want: 'internship' },
  { name: 'a stated Full time gives way to a fixed-term title', title: 'Account Executive (12 Month FTC)', stated: 'full_time', want: 'temporary' },
  { name: 'a stated Contract is not overridden', title: 'Dietitian (12 month FTC)', stated: 'contract', want: 'contract' },
  { name: 'a stated Part time gives way to a contracting role', stated: 'part_time', markdown: 'This is a part-time, contracting role where compensation will be paid out $500/monthly.', want: 'contract' },
  { name: 'contracting as a business function is no type', markdown: 'You will own contracting and procurement for our data centres.', want: null },
  {
    name: 'a stated Full time gives way to a fixed-term statement in the text',
    stated: 'full_time',
    markdown: 'This role is based in Paris (hybrid, 2-3 days a week in the office). It will start off as a 12-month FTC with the potential for conversion.',
    want: 'temporary',
  },
  { name: 'a stated Full time is not overridden by a part-time word in the text', stated: 'full_time', markdown: 'Teilzeit ist möglich.', want: 'full_time' },
];

const TITLES: Case[] = [
  { name: 'contract in brackets', title: 'Senior Data Engineer (Contract)', want: 'contract' },
  { name: 'contract as a leading segment', title: 'Contract - Data Engineer', want: 'contract' },
  { name: 'a contract manager is not a contract job', title: 'Contract Manager', want: null },
  { name: 'a contracts administrator is not a contract job', title: 'Contracts Administrator', want: null },
  { name: 'intern', title: 'Marketing Intern', want: 'internship' },
  { name: 'internship program staff are not interns', title: 'Internship Program Manager', want: null },
  { name: 'internal is not intern', title: 'Internal Auditor', want: null },
  { name: 'Werkstudent is part-time', title: 'Werkstudent (m/w/d) Software Engineering', want: 'part_time' },
  { name: 'Praktikant', title: 'Praktikant (m/w/d) Marketing & Kommunikation', want: 'internship' },
  { name: 'Praktikum', title: 'Praktikum im Sales Development (SDR) bei Bliro (m/w/d)', want: 'internship' },
  { name: 'stagiaire', title: 'Stagiaire Développeur Web', want: 'internship' },
  { name: 'French "Stage -" segment', title: 'Stage - Assistant(e) Marketing Digital', want: 'internship' },
  { name: 'a stage manager is not an internship', title: 'Stage Manager', want: null },
  { name: 'becario', title: 'Becario/a de Marketing', want: 'internship' },
  { name: 'Polish stażysta', title: 'Stażysta ds. HR', want: 'internship' },
  { name: 'apprenticeship', title: 'Apprenticeship - Junior Brand Copywriter', want: 'internship' },
  { name: 'part-time', title: 'Part-Time Barista', want: 'part_time' },
  { name: 'temporary', title: 'Temporary Warehouse Associate', want: 'temporary' },
  { name: 'seasonal', title: 'Seasonal Sales Associate', want: 'temporary' },
  { name: 'freelance', title: 'Freelance Copywriter', want: 'freelance' },
  { name: 'fixed-term contract in brackets', title: 'Recruiting Scheduler (Fixed Term Contract)', want: 'temporary' },
  { name: 'FTC with a duration', title: 'Acquisition Lead, Rome - Experiences (12 month FTC)', want: 'temporary' },
  { name: 'CDI in brackets', title: 'Comptable (CDI)', want: 'full_time' },
  { name: 'CDI naming a specialty is not a contract type', title: 'Clinical Documentation Integrity (CDI) Specialist', want: null },
  { name: 'B2B in brackets', title: 'Java Developer (B2B)', want: 'contract' },
  { name: 'B2B as a market is not a contract', title: 'B2B Sales Manager', want: null },
  { name: 'German "in Teilzeit"', title: 'Buchhalter (m/w/d) in Teilzeit', want: 'part_time' },
  { name: 'full-time internship is an internship', title: 'Full-time Software Engineering Intern', want: 'internship' },
];

const TEXT: Case[] = [
  { name: '"This is a full-time position"', markdown: 'This is a full-time position based in our Berlin office.', want: 'full_time' },
  { name: '"This is a part-time role" with hours', markdown: 'This is a part-time role (20 hours per week).', want: 'part_time' },
  { name: 'labelled field', markdown: '- Employment type: Contract', want: 'contract' },
  { name: 'heading then value on its own line', markdown: '**Employment Type**\n\nFull-time', want: 'full_time' },
  { name: 'meta line', markdown: 'Berlin · Full-time · Engineering', want: 'full_time' },
  { name: 'bracket of type words', markdown: 'Location: London (Full-time, Permanent)', want: 'full_time' },
  { name: '"on a contract basis"', markdown: 'We are looking for a designer to join us on a contract basis for Q3.', want: 'contract' },
  { name: 'contract-to-hire', markdown: 'This is a contract-to-hire opportunity with a leading bank.', want: 'contract' },
  { name: '6-month contract role', markdown: 'This is a 6-month contract role with the possibility of extension.', want: 'contract' },
  { name: '1099 contractor', markdown: 'This is a 1099 contractor position.', want: 'contract' },
  { name: 'paid summer internship', markdown: 'This is a paid, 12-week summer internship starting in June.', want: 'internship' },
  { name: 'temporary cover', markdown: 'This is a temporary position covering a parental leave.', want: 'temporary' },
  { name: 'fixed-term contract', markdown: 'The role is offered as an 11-month fixed term contract.', want: 'temporary' },
  { name: 'weekly hours: 40 hrs/week', markdown: 'Seattle, WA\n\n40 hrs/week\n\nFull remote work permitted.', want: 'full_time' },
  { name: 'weekly hours: part-time range of 20', markdown: 'Wöchentliche Arbeitszeit: 20 Stunden pro Woche', want: 'part_time' },
  { name: '"available to start full-time"', markdown: '- Must be available to start full-time before October 1, 2026', want: 'full_time' },
  { name: 'German: "in Vollzeit"', markdown: 'Wir suchen zum nächstmöglichen Zeitpunkt in Vollzeit eine/n Buchhalter/in (m/w/d).', want: 'full_time' },
  { name: 'German: unbefristet in Vollzeit', markdown: '- Eine unbefristete Festanstellung in Vollzeit', want: 'full_time' },
  { name: 'German: Werkstudent with hours', markdown: 'Wir suchen ab sofort eine/n Werkstudent/in für 20 Std./Woche.', want: 'part_time' },
  { name: 'German: befristet', markdown: 'Die Stelle ist befristet auf 24 Monate.', want: 'temporary' },
  { name: 'German: both hours models offered', markdown: 'Arbeitszeit: Vollzeit oder Teilzeit', want: 'full_time' },
  { name: 'French: type de contrat CDI', markdown: 'Type de contrat : CDI', want: 'full_time' },
  { name: 'French: CDD de 6 mois', markdown: 'Poste en CDD de 6 mois, à pourvoir dès que possible.', want: 'temporary' },
  { name: 'French: temps plein, CDI', markdown: 'Temps plein, CDI', want: 'full_time' },
  { name: 'French: stage de fin d\'études', markdown: "Nous proposons un stage de fin d'études de 6 mois.", want: 'internship' },
  { name: 'Spanish: contrato indefinido a jornada completa', markdown: 'Ofrecemos contrato indefinido a jornada completa.', want: 'full_time' },
  { name: 'Spanish: media jornada', markdown: 'Jornada: media jornada (20 h semanales)', want: 'part_time' },
  { name: 'Spanish: prácticas remuneradas', markdown: 'Ofrecemos prácticas remuneradas de 6 meses.', want: 'internship' },
  { name: 'Polish: B2B', markdown: 'Forma zatrudnienia: B2B', want: 'contract' },
  { name: 'Polish: umowa o pracę', markdown: 'Rodzaj umowy: umowa o pracę', want: 'full_time' },
  { name: 'Polish: pełny etat', markdown: 'Wymiar etatu: pełny etat', want: 'full_time' },
  { name: 'Polish: B2B or UoP offered together', markdown: 'Rodzaj umowy: B2B lub umowa o pracę', want: 'full_time' },
];

const NOT_STATED: Case[] = [
  { name: 'benefits for full-time employees', markdown: 'Full-time employees enjoy unlimited PTO and a learning budget.', want: null },
  { name: 'benefits heading for full-time employees', markdown: '**As a full-time employee, you’ll enjoy:**\n\n- Medical, dental and vision', want: null },
  { name: 'a part-time option', markdown: 'Teilzeit ist möglich.', want: null },
  { name: 'internships offered in general', markdown: 'We also offer internships every summer for students.', want: null },
  { name: 'contracts as the work', markdown: 'You will draft and negotiate contracts with vendors and partners.', want: null },
  { name: 'B2B as the market', markdown: 'We are a B2B SaaS company serving 3,000 customers.', want: null },
  { name: 'part-time positions elsewhere', markdown: 'Part-time positions are also available in our stores.', want: null },
  { name: 'French "apprentissage" meaning learning', markdown: 'Nous offrons un service exemplaire grâce à un apprentissage continu.', want: null },
  { name: 'a range of hours is no statement', markdown: 'Participants can expect to dedicate 5-10 hours per week.', want: null },
  { name: 'nothing at all', markdown: '', want: null },
];

for (const [group, cases] of [['stated value', STATED], ['title', TITLES], ['text', TEXT], ['not stated', NOT_STATED]] as const) {
  t.test(group, async (t) => {
    for (const item of cases) t.equal(of(item), item.want, item.name);
  });
}

t.test('the title comes before the text', async (t) => {
  t.equal(of({ name: '', title: 'Marketing Intern', markdown: 'This is a full-time position.', want: null }), 'internship');
  t.equal(of({ name: '', title: 'Backend Engineer', markdown: 'This is a full-time position.', want: null }), 'full_time');
});
