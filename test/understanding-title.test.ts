// normalized_title (crawlers/understanding/title.ts): real ATS titles with their seniority,
// gender markers, workplace/location suffixes, requisition numbers and abbreviations, reduced to
// one snake_case canonical title.
import t from 'tap';
import { normalizedTitle } from '../crawlers/understanding/title.ts';

t.test('seniority, brackets and location suffixes go', async (t) => {
  const cases: Array<[string, string]> = [
    ['Sr. Software Engineer II (Remote - US)', 'software_engineer'],
    ['Software Engineer - Remote US', 'software_engineer'],
    ['Staff Software Engineer | Berlin', 'software_engineer'],
    ['Senior Frontend Developer (f/m/x)', 'frontend_developer'],
    ['Junior Data Analyst [Hybrid]', 'data_analyst'],
    ['[Hybrid] Product Designer', 'product_designer'],
    ['Principal Engineer', 'engineer'],
    ['Data Scientist, Level II', 'data_scientist'],
    ['Mid-Level Product Manager', 'product_manager'],
    ['Entry-Level Sales Associate', 'sales_associate'],
    ['Senior Software Engineer, Backend (Go) – Remote, EMEA', 'software_engineer'],
    ['Remote - Customer Success Manager', 'customer_success_manager'],
    ['Registered Nurse (RN) - ICU - Nights', 'registered_nurse'],
    ['Account Executive, Mid-Market - New York, NY', 'account_executive'],
    ['Software Engineer at Stripe', 'software_engineer'],
  ];
  for (const [title, normalized] of cases) t.equal(normalizedTitle(title), normalized, title);
});

t.test('the team after a comma is dropped (suggested rule); a lone generic head keeps it', async (t) => {
  t.equal(normalizedTitle('Senior Backend Engineer, Payments'), 'backend_engineer');
  t.equal(normalizedTitle('Manager, Sales Operations'), 'manager_sales_operations');
  t.equal(normalizedTitle('Director - Product Marketing'), 'director_product_marketing');
  t.equal(normalizedTitle('Head of Engineering, Berlin'), 'head_of_engineering');
  t.equal(normalizedTitle('Engineer, Berlin'), 'engineer', 'a place is not the role');
});

t.test('gender markers in German, French, Polish and Spanish titles; words are not translated', async (t) => {
  const cases: Array<[string, string]> = [
    ['Werkstudent Marketing (m/w/d)', 'werkstudent_marketing'],
    ['Softwareentwickler*in Java (m/w/d)', 'softwareentwickler_java'],
    ['Senior Backend Entwickler (w/m/d) - Hamburg', 'backend_entwickler'],
    ['Projektmanager m/w/d Vollzeit', 'projektmanager'],
    ['Data Engineer (all genders)', 'data_engineer'],
    ['Ingénieur logiciel (H/F)', 'ingenieur_logiciel'],
    ['Chef de projet digital H/F - CDI', 'chef_de_projet_digital'],
    ['Desarrollador/a Backend Sr.', 'desarrollador_backend'],
    ['Starszy Specjalista ds. Marketingu', 'specjalista_ds_marketingu'],
    ['Programista Java (k/m)', 'programista_java'],
  ];
  for (const [title, normalized] of cases) t.equal(normalizedTitle(title), normalized, title);
});

t.test('requisition numbers', async (t) => {
  t.equal(normalizedTitle('R12345 Data Analyst'), 'data_analyst');
  t.equal(normalizedTitle('Account Executive #1234'), 'account_executive');
  t.equal(normalizedTitle('Job ID: 4432 - Accountant'), 'accountant');
  t.equal(normalizedTitle('Site Reliability Engineer (JR100234)'), 'site_reliability_engineer');
  t.equal(normalizedTitle('Payroll Specialist REQ-8812'), 'payroll_specialist');
});

t.test('abbreviations expanded, symbols spelled', async (t) => {
  const cases: Array<[string, string]> = [
    ['SWE Intern', 'software_engineer_intern'],
    ['Sr. SDE', 'software_development_engineer'],
    ['Eng Mgr, Platform', 'engineering_manager'],
    ['ML Engineer', 'machine_learning_engineer'],
    ['Sr. Dev Ops Engineer', 'devops_engineer'],
    ['Full-Stack Dev', 'fullstack_developer'],
    ['VP of Sales', 'vice_president_of_sales'],
    ['Sales Ops Mgr', 'sales_operations_manager'],
    ['C++ Developer', 'cpp_developer'],
    ['.NET Developer (all genders)', 'dotnet_developer'],
    ['Node.js Engineer', 'nodejs_engineer'],
    ['Research & Development Scientist', 'research_and_development_scientist'],
  ];
  for (const [title, normalized] of cases) t.equal(normalizedTitle(title), normalized, title);
});

t.test('level words that are roles stay', async (t) => {
  t.equal(normalizedTitle('Chief of Staff'), 'chief_of_staff');
  t.equal(normalizedTitle('Tech Lead'), 'tech_lead');
  t.equal(normalizedTitle('Lead Generation Specialist'), 'lead_generation_specialist');
  t.equal(normalizedTitle('Principal'), 'principal', 'a school principal');
  t.equal(normalizedTitle('Remote Sensing Engineer'), 'remote_sensing_engineer', 'a field, not a work model');
});

t.test('nothing to normalize', async (t) => {
  t.equal(normalizedTitle(''), null);
  t.equal(normalizedTitle('Senior'), null);
  t.equal(normalizedTitle('(m/w/d)'), null);
  t.equal(normalizedTitle('Remote - US'), null);
});
