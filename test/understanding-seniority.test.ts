// Experience level from a posting (crawlers/understanding/seniority.ts): title words first
// (English, German, French, Spanish, Polish), then an internship, then the years of experience
// the text requires; a company's own years and words that only look like levels do not count.
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
  { name: 'an "X Manager" without people to lead says nothing', title: 'Compliance Manager', markdown: '- Extensive experience across the compliance function', want: null },
  { name: 'a product manager leading a team is not a people lead by title', title: 'Product Manager', markdown: 'You will lead a team of engineers to ship features.', want: null },
  { name: 'nothing at all', markdown: '', want: null },
];

for (const [group, cases] of [['title', TITLES], ['text', TEXT]] as const) {
  t.test(group, async (t) => {
    for (const item of cases) t.equal(of(item), item.want, item.name);
  });
}

t.test('the title comes before the text', async (t) => {
  t.equal(of({ name: '', title: 'Junior Data Analyst', markdown: '- 5+ years of experience', want: null }), 'entry');
  t.equal(of({ name: '', title: 'Marketing Intern', markdown: '', employmentType: 'full_time', want: null }), 'intern');
});
