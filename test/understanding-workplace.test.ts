// Work model from a posting (crawlers/understanding/workplace.ts): the ATS value, the title, the
// location strings and statements about THIS job in the text (English, German, French,
// Spanish, Polish); "remote teams", "hybrid cloud" and remote-work policy boilerplate are not.
import t from 'tap';
import type { WorkModel } from '../db/jobs.ts';
import { workplaceOf } from '../crawlers/understanding/workplace.ts';

interface Case {
  name: string;
  title?: string;
  markdown?: string;
  locations?: string[];
  stated?: WorkModel | null;
  want: WorkModel | null;
}

const of = (item: Case) =>
  workplaceOf({ stated: item.stated ?? null, title: item.title ?? 'Software Engineer', markdown: item.markdown ?? '', locations: item.locations ?? [] });

const STATED: Case[] = [
  { name: 'the ATS value when the text says nothing', stated: 'onsite', locations: ['Remote'], want: 'onsite' },
  {
    name: 'explicit office days in the text beat an ATS "remote" flag',
    stated: 'remote',
    markdown: '\\- Hybrid work environment, with 2 remote days a week and 1 remote work week per quarter, plus 3 flex days.',
    want: 'hybrid',
  },
  { name: 'French "télétravail partiel" beats an ATS "remote" flag', stated: 'remote', markdown: '- Temps plein, CDI\n- Télétravail partiel possible', want: 'hybrid' },
  {
    name: 'text that also supports the ATS value leaves it',
    stated: 'remote',
    markdown: 'We are looking for a fully remote Frontend Engineer.\n\n- Remote opportunity EMEA / Hybrid role based in Bermondsey 3 days a week UK',
    want: 'remote',
  },
  { name: 'a remote flag with only hybrid text is hybrid', stated: 'remote', markdown: '**Perks**\n- Hybrid working - the team meets in our Leeds office two days per week', want: 'hybrid' },
  { name: 'a remote flag on a hybrid place is hybrid', stated: 'remote', locations: ['Hybrid - Denver, CO'], want: 'hybrid' },
  {
    name: 'a few days a year of working from anywhere is a perk, not the model',
    stated: 'remote',
    markdown: '- Work from anywhere for up to 15 days per year\n- Hybrid set-up: in the office 3 days a week',
    want: 'hybrid',
  },
  {
    name: 'a remote flag with the office only as needed is hybrid',
    stated: 'remote',
    markdown: "**You'll need to be based in Berlin** and **available to work from our hub near Moritzplatz as needed.**",
    want: 'hybrid',
  },
];

const TITLES: Case[] = [
  { name: 'Remote in brackets', title: 'Senior Backend Engineer (Remote)', want: 'remote' },
  { name: 'Remote as a title prefix', title: 'Remote Customer Support Specialist', want: 'remote' },
  { name: 'remote sensing is a subject', title: 'Remote Sensing Analyst', want: null },
  { name: 'Hybrid in brackets', title: 'Customer Experience Specialist (Hybrid)', want: 'hybrid' },
  { name: 'hybrid cloud is a subject', title: 'Hybrid Cloud Engineer', want: null },
  { name: 'on-site', title: 'Onsite IT Support Technician', want: 'onsite' },
  { name: 'remote title plus office days in the text', title: 'Account Manager - Remote', markdown: 'You will be expected in the office 2 days a week.', want: 'hybrid' },
];

const LOCATIONS: Case[] = [
  { name: 'Remote - US', locations: ['Remote - US'], want: 'remote' },
  { name: 'Remote, Germany', locations: ['Remote, Germany'], want: 'remote' },
  { name: 'Home Office', locations: ['Home Office'], want: 'remote' },
  { name: 'Homeoffice', locations: ['Homeoffice'], want: 'remote' },
  { name: 'Télétravail', locations: ['Télétravail'], want: 'remote' },
  { name: 'Teletrabajo', locations: ['Teletrabajo'], want: 'remote' },
  { name: 'Praca zdalna', locations: ['Praca zdalna'], want: 'remote' },
  { name: 'remote scoped to one place', locations: ['Berlin (Remote)'], want: 'remote' },
  { name: 'remote in two countries', locations: ['Remote - US; Remote - Canada'], want: 'remote' },
  { name: 'a country and Remote', locations: ['USA / Remote'], want: 'remote' },
  { name: 'Hybrid location', locations: ['London (Hybrid)'], want: 'hybrid' },
  { name: 'an office plus Remote, text silent', locations: ['New York, NY', 'Remote'], want: null },
  {
    name: 'an office plus Remote, text says remote candidates are welcome',
    locations: ['New York, NY', 'Remote'],
    markdown: 'This role is open to remote candidates anywhere in the US.',
    want: 'remote',
  },
  { name: 'US Remote or a Toronto office', locations: ['US Remote, Toronto'], want: null },
  { name: 'two offices and US-Remote in one string', locations: ['New York City, San Francisco, US-Remote'], want: null },
  { name: 'plain cities say nothing', locations: ['Berlin, Germany', 'Munich'], want: null },
];

const TEXT: Case[] = [
  { name: 'fully remote role', markdown: 'This role is fully remote.', want: 'remote' },
  { name: 'remote position', markdown: 'This is a remote position within the United States.', want: 'remote' },
  { name: 'can be performed remotely', markdown: 'This position can be performed remotely from anywhere in Canada.', want: 'remote' },
  { name: 'hiring remotely', markdown: "If you see multiple postings for the same role, it is because we're hiring remotely for this role.", want: 'remote' },
  { name: 'telecommuting 100%', markdown: '40 hrs/week\n\n100% Telecommuting permitted.', want: 'remote' },
  { name: 'telecommuting 50%', markdown: '40 hrs/week\n\n50% Telecommuting Permitted', want: 'hybrid' },
  { name: 'hybrid role at an office', markdown: 'This is a hybrid role based in our London office.', want: 'hybrid' },
  { name: 'office days', markdown: 'You will work 3 days a week from our New York office.', want: 'hybrid' },
  { name: 'office days, count after the office', markdown: 'We expect you in the office three days a week.', want: 'hybrid' },
  { name: 'five office days', markdown: 'This role requires 5 days a week in the office.', want: 'onsite' },
  { name: 'on-site statement', markdown: 'This role is on-site in Austin, TX.', want: 'onsite' },
  { name: 'daily attendance', markdown: 'This position requires daily attendance in our Charlotte, NC office.', want: 'onsite' },
  { name: 'performed on site', markdown: 'This role and associated duties will be performed on site at a government facility located in Washington, DC.', want: 'onsite' },
  { name: 'in person line', markdown: 'In person in Fort Meade, Maryland', want: 'onsite' },
  { name: 'Remote: No field', markdown: '**Remote:**\n\nNo', want: 'onsite' },
  { name: 'German: hybrid with office days', markdown: 'Hybrides Arbeiten: 2 Tage pro Woche im Büro, den Rest im Homeoffice.', want: 'hybrid' },
  { name: 'German: 100% Homeoffice', markdown: 'Die Stelle ist zu 100 % remote.', want: 'remote' },
  { name: 'German: Homeoffice allowed', markdown: 'Und ja, auch Pyjamahosen sind im Homeoffice offiziell erlaubt.', want: 'hybrid' },
  { name: 'German: option of mobile work', markdown: '- Möglichkeit zum mobilen Arbeiten', want: 'hybrid' },
  { name: 'German: vor Ort', markdown: 'Die Tätigkeit erfolgt vor Ort in unserem Werk in Ingolstadt.', want: 'onsite' },
  { name: 'French: télétravail days', markdown: 'Vous bénéficierez de 2 jours de télétravail par semaine.', want: 'hybrid' },
  { name: 'French: 100% télétravail', markdown: 'Poste 100% en télétravail.', want: 'remote' },
  { name: 'French: présentiel', markdown: 'Poste en présentiel à Lyon.', want: 'onsite' },
  { name: 'Spanish: modalidad presencial', markdown: 'Modalidad: Presencial', want: 'onsite' },
  { name: 'Spanish: 100% remoto', markdown: 'Trabajo 100% remoto desde cualquier lugar de España.', want: 'remote' },
  { name: 'Spanish: modelo híbrido with office days', markdown: 'Modelo híbrido: 3 días en la oficina.', want: 'hybrid' },
  { name: 'Polish: praca zdalna', markdown: 'Praca zdalna', want: 'remote' },
  { name: 'Polish: tryb hybrydowy', markdown: 'Tryb pracy: hybrydowy (2 dni w tygodniu w biurze)', want: 'hybrid' },
  { name: 'Polish: praca stacjonarna', markdown: 'Praca stacjonarna w biurze w Warszawie.', want: 'onsite' },
  { name: 'Polish: możliwość pracy zdalnej', markdown: '- Możliwość pracy zdalnej', want: 'hybrid' },
  { name: 'a location label with a work model', markdown: '- Location: Remote (US)', want: 'remote' },
  { name: 'a remote-first company when the role says nothing', markdown: 'We are a fully remote company with teammates in 20 countries.', want: 'remote' },
  {
    name: 'the role beats the company',
    markdown: "We're a fully remote company, though many of our employees work alongside our customers.\n\nIn person in Fort Meade, Maryland",
    want: 'onsite',
  },
  { name: 'remote or hybrid offered: remote', markdown: 'This role can be remote or hybrid.', want: 'remote' },
];

const TEXT_MORE: Case[] = [
  { name: 'an in-office company', markdown: "We're an in-office company, driven by a shared commitment to excellence and velocity.", want: 'onsite' },
  {
    name: 'working out of a named office',
    markdown: 'This internship will take place from May to September and you will need to be able to work out of the San Francisco office during this time.',
    want: 'onsite',
  },
  { name: 'the ability to work in the office, asked', markdown: '- Located in Shenzhen, China, with the ability to work in-office.', want: 'onsite' },
  { name: 'the office some days a week is hybrid, not on site', markdown: 'You will need to work from our Austin office 2 days a week.', want: 'hybrid' },
  { name: 'on site or remote, offered together, is neither', markdown: '- Ability to work on-site or remotely.', want: null },
  { name: 'one office day written "1 day/week"', markdown: 'This role is hybrid friendly (1 day/week in office).', want: 'hybrid' },
  { name: '"hybrid flexibility"', markdown: 'We offer hybrid flexibility to everyone on the team.', want: 'hybrid' },
  { name: 'a labelled on-site model with a qualifier in brackets', markdown: '**Modality:** On-site (remote days possible after six months)', want: 'onsite' },
  { name: 'a role based in an office where the work is done', markdown: 'This is a permanent role based in our Lyon office, where you will work with the clinical team.', want: 'onsite' },
  { name: 'an office the role is attached to says nothing', markdown: 'This position is based at our Pune office.', want: null },
  { name: 'commuting to the site', markdown: 'You must live nearby and be able to commute to our Utrecht workshop.', want: 'onsite' },
  { name: 'predominantly remote with a visit now and then', markdown: 'The role is predominantly remote, with a visit to the Denver office each quarter.', want: 'remote' },
  { name: 'a company that is predominantly remote says nothing of the role', markdown: 'About us: predominantly remote, we have hubs in Oslo and Lisbon.', want: null },
  { name: 'a hybrid set up, written in two words', stated: 'remote', markdown: 'We offer a hybrid set up with our Lisbon hub.', want: 'hybrid' },
  { name: 'the office as the default way of working', markdown: 'We value working together in-office as the default, with flexible hours.', want: 'onsite' },
  { name: 'a requirement to be able to work remotely', title: 'Support Agent', markdown: '**Requirements**\n- Ability to work remotely from a quiet space', want: 'remote' },
  { name: 'the option to work remotely some days is hybrid', markdown: 'You will have the option to work remotely two days a week.', want: 'hybrid' },
  { name: 'a role that may be conducted remotely', markdown: 'This role may be conducted fully remotely.', want: 'remote' },
];

const NOT_STATED: Case[] = [
  { name: 'remote work for some roles', markdown: 'We support remote work for some roles.', want: null },
  { name: 'remote teams', markdown: '- Experience collaborating with remote teams across time zones', want: null },
  { name: 'hybrid cloud', markdown: '- Hands-on experience with hybrid cloud (AWS/Azure) and on-prem infrastructure', want: null },
  { name: 'hybrid as technology after a bullet', markdown: '- Hybrid, multi-cloud environments', want: null },
  { name: 'vacation days', markdown: 'We offer 30 days of vacation and 2 wellness days.', want: null },
  {
    name: 'conditional policy boilerplate',
    markdown: [
      '- **Remote**: If this position is listed as remote, there may still be occasions when you are required to work in person at a customer facility.',
      '- **Hybrid**: If this position is listed as hybrid, you will be expected to work from a facility frequently.',
      '- **Onsite**: If this position is listed as onsite, work will primarily be performed at an office or customer facility.',
    ].join('\n'),
    want: null,
  },
  { name: 'in-person interviews', markdown: '- Conduct phone and in-person interviews to assess candidates', want: null },
  { name: 'remote and on-site contradict each other', markdown: 'This role is fully remote.\n\nThis role is on-site in Austin.', want: null },
  { name: 'nothing at all', markdown: '', want: null },
  { name: 'a data warehouse engineer is not warehouse work', title: 'Data Warehouse Engineer', locations: ['Berlin'], want: null },
  { name: 'a server firmware developer is not a restaurant server', title: 'Server Firmware Developer (Intern)', locations: ['Santa Clara, CA'], want: null },
  { name: 'a French "chef de projet" is a project manager', title: 'Chef de projet digital', locations: ['Paris'], want: null },
  { name: 'a site job offered as remote stays remote', title: 'Field Service Technician', locations: ['Remote - US'], want: 'remote' },
];

const SITE_WORK: Case[] = [
  { name: 'an electrician', title: 'Journeyman Electrician', locations: ['Abilene, TX'], want: 'onsite' },
  { name: 'a French maintenance electromechanic, accents or not', title: 'Electromécanicien de maintenance (H/F/X)', locations: ['Engis, BE'], want: 'onsite' },
  { name: 'a store manager', title: 'Store Manager (Munich) - (m/f/d)', locations: ['Munich'], want: 'onsite' },
  { name: 'a registered nurse', title: 'Registered Nurse - Night Shift', want: 'onsite' },
  { name: 'an Italian esthetician', title: 'Estetista (m/f/x)', locations: ['Milano'], want: 'onsite' },
  { name: 'a Polish locksmith-welder', title: 'Ślusarz-spawacz', locations: ['Łódź'], want: 'onsite' },
  { name: 'a German warehouse worker', title: 'Lagermitarbeiter (m/w/d)', want: 'onsite' },
  { name: 'a lab manager', title: 'Lab Manager', locations: ['Wielsbeke, BE'], want: 'onsite' },
  { name: 'the text still decides first', title: 'Store Manager', markdown: 'This role is hybrid: 3 days in the office each week.', want: 'hybrid' },
  { name: "LinkedIn's work-model tag in the text", title: 'Front Desk Coordinator', markdown: 'Join our New York office team.\n\n#LI-Onsite', want: 'onsite' },
  { name: 'a hybrid LinkedIn tag', title: 'Account Executive', markdown: 'Apply now. #LI-Hybrid', want: 'hybrid' },
  { name: 'a line opening with "Onsite in"', title: 'Part-time Robotics Assistant', markdown: 'About the team.\n\nOnsite in Santa Clara', want: 'onsite' },
  { name: '"onsite" inside a sentence is no such line', title: 'Software Engineer', markdown: 'We value being onsite in the office.', want: null },
  { name: 'a facilities manager', title: 'Facilities Manager', locations: ['San Francisco Office'], want: 'onsite' },
  { name: 'a build technician', title: 'Mechanical Build Technician', locations: ['Austin, TX'], want: 'onsite' },
  { name: 'a quality control inspector', title: 'QC Inspector - 2nd Shift', locations: ['Ogden Plant'], want: 'onsite' },
  { name: 'a robot operator', title: 'Field Robot Operator', locations: ['Rotterdam'], want: 'onsite' },
  { name: 'a company that comes to the office every day (German)', title: 'Medical Operations (m/f/d)', markdown: 'Deshalb kommen wir jeden Tag ins Büro: um uns auszutauschen.', want: 'onsite' },
];

for (const [group, cases] of [['stated value', STATED], ['title', TITLES], ['locations', LOCATIONS], ['text', TEXT], ['more text', TEXT_MORE], ['not stated', NOT_STATED], ['work done at a site', SITE_WORK]] as const) {
  t.test(group, async (t) => {
    for (const item of cases) t.equal(of(item), item.want, item.name);
  });
}
