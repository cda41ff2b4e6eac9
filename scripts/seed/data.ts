// Curated word lists and a small gazetteer for the demo-data generator (generate.ts).
// Everything here is static; the generator picks from it with a seeded PRNG. Company and
// product names built from these parts are fictional, and every host is under a reserved
// name (example.com, *.example, *.test), so generated data never points at a real company.

// ---------------------------------------------------------------------------------------
// Gazetteer: real cities with region, country and approximate coordinates.

export interface City {
  name: string;
  /** State, province, county or similar first-level division; null for city-states. */
  region: string | null;
  /** Short form used in raw location strings ("TX", "ON"); null when unused. */
  regionShort: string | null;
  lat: number;
  lon: number;
}

export interface Country {
  code: string;
  name: string;
  continent: string;
  currency: string;
  /** Units of `currency` per US dollar (rounded; only magnitudes matter). */
  fx: number;
  /** Typical pay relative to the US for the same role. */
  pay: number;
  /** Share of yearly-paid postings that state a monthly figure instead (local convention). */
  monthly: number;
  /** Weight when drawing company headquarters and job locations. */
  weight: number;
  /** Legal-form suffix for company legal names. */
  legalSuffix: string;
  cities: City[];
}

function city(name: string, region: string | null, regionShort: string | null, lat: number, lon: number): City {
  return { name, region, regionShort, lat, lon };
}

export const COUNTRIES: Country[] = [
  {
    code: 'US', name: 'United States', continent: 'North America', currency: 'USD', fx: 1, pay: 1, monthly: 0, weight: 30, legalSuffix: 'Inc.',
    cities: [
      city('New York', 'New York', 'NY', 40.7128, -74.006),
      city('San Francisco', 'California', 'CA', 37.7749, -122.4194),
      city('Seattle', 'Washington', 'WA', 47.6062, -122.3321),
      city('Austin', 'Texas', 'TX', 30.2672, -97.7431),
      city('Chicago', 'Illinois', 'IL', 41.8781, -87.6298),
      city('Boston', 'Massachusetts', 'MA', 42.3601, -71.0589),
      city('Denver', 'Colorado', 'CO', 39.7392, -104.9903),
      city('Atlanta', 'Georgia', 'GA', 33.749, -84.388),
      city('Los Angeles', 'California', 'CA', 34.0522, -118.2437),
      city('Miami', 'Florida', 'FL', 25.7617, -80.1918),
      city('Raleigh', 'North Carolina', 'NC', 35.7796, -78.6382),
      city('Minneapolis', 'Minnesota', 'MN', 44.9778, -93.265),
      city('Phoenix', 'Arizona', 'AZ', 33.4484, -112.074),
      city('Pittsburgh', 'Pennsylvania', 'PA', 40.4406, -79.9959),
      city('Nashville', 'Tennessee', 'TN', 36.1627, -86.7816),
      city('Salt Lake City', 'Utah', 'UT', 40.7608, -111.891),
    ],
  },
  {
    code: 'CA', name: 'Canada', continent: 'North America', currency: 'CAD', fx: 1.37, pay: 0.78, monthly: 0, weight: 5, legalSuffix: 'Inc.',
    cities: [
      city('Toronto', 'Ontario', 'ON', 43.6532, -79.3832),
      city('Vancouver', 'British Columbia', 'BC', 49.2827, -123.1207),
      city('Montreal', 'Quebec', 'QC', 45.5019, -73.5674),
      city('Calgary', 'Alberta', 'AB', 51.0447, -114.0719),
      city('Ottawa', 'Ontario', 'ON', 45.4215, -75.6972),
    ],
  },
  {
    code: 'GB', name: 'United Kingdom', continent: 'Europe', currency: 'GBP', fx: 0.79, pay: 0.72, monthly: 0, weight: 8, legalSuffix: 'Ltd',
    cities: [
      city('London', 'England', null, 51.5074, -0.1278),
      city('Manchester', 'England', null, 53.4808, -2.2426),
      city('Edinburgh', 'Scotland', null, 55.9533, -3.1883),
      city('Bristol', 'England', null, 51.4545, -2.5879),
      city('Cardiff', 'Wales', null, 51.4816, -3.1791),
      city('Belfast', 'Northern Ireland', null, 54.5973, -5.9301),
      city('Leeds', 'England', null, 53.8008, -1.5491),
    ],
  },
  {
    code: 'DE', name: 'Germany', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.68, monthly: 0.1, weight: 7, legalSuffix: 'GmbH',
    cities: [
      city('Berlin', 'Berlin', null, 52.52, 13.405),
      city('Munich', 'Bavaria', null, 48.1351, 11.582),
      city('Hamburg', 'Hamburg', null, 53.5511, 9.9937),
      city('Frankfurt am Main', 'Hesse', null, 50.1109, 8.6821),
      city('Cologne', 'North Rhine-Westphalia', null, 50.9375, 6.9603),
      city('Stuttgart', 'Baden-Württemberg', null, 48.7758, 9.1829),
    ],
  },
  {
    code: 'FR', name: 'France', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.6, monthly: 0.15, weight: 4, legalSuffix: 'SAS',
    cities: [
      city('Paris', 'Île-de-France', null, 48.8566, 2.3522),
      city('Lyon', 'Auvergne-Rhône-Alpes', null, 45.764, 4.8357),
      city('Toulouse', 'Occitanie', null, 43.6047, 1.4442),
      city('Nantes', 'Pays de la Loire', null, 47.2184, -1.5536),
      city('Bordeaux', 'Nouvelle-Aquitaine', null, 44.8378, -0.5792),
    ],
  },
  {
    code: 'NL', name: 'Netherlands', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.68, monthly: 0.2, weight: 4, legalSuffix: 'B.V.',
    cities: [
      city('Amsterdam', 'North Holland', null, 52.3676, 4.9041),
      city('Rotterdam', 'South Holland', null, 51.9244, 4.4777),
      city('Utrecht', 'Utrecht', null, 52.0907, 5.1214),
      city('Eindhoven', 'North Brabant', null, 51.4416, 5.4697),
    ],
  },
  {
    code: 'ES', name: 'Spain', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.45, monthly: 0.15, weight: 3, legalSuffix: 'S.L.',
    cities: [
      city('Madrid', 'Community of Madrid', null, 40.4168, -3.7038),
      city('Barcelona', 'Catalonia', null, 41.3874, 2.1686),
      city('Valencia', 'Valencian Community', null, 39.4699, -0.3763),
      city('Seville', 'Andalusia', null, 37.3891, -5.9845),
    ],
  },
  {
    code: 'IT', name: 'Italy', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.45, monthly: 0.2, weight: 2, legalSuffix: 'S.r.l.',
    cities: [
      city('Milan', 'Lombardy', null, 45.4642, 9.19),
      city('Rome', 'Lazio', null, 41.9028, 12.4964),
      city('Turin', 'Piedmont', null, 45.0703, 7.6869),
      city('Bologna', 'Emilia-Romagna', null, 44.4949, 11.3426),
    ],
  },
  {
    code: 'IN', name: 'India', continent: 'Asia', currency: 'INR', fx: 83, pay: 0.2, monthly: 0.25, weight: 6, legalSuffix: 'Pvt. Ltd.',
    cities: [
      city('Bengaluru', 'Karnataka', 'KA', 12.9716, 77.5946),
      city('Mumbai', 'Maharashtra', 'MH', 19.076, 72.8777),
      city('Hyderabad', 'Telangana', 'TG', 17.385, 78.4867),
      city('Pune', 'Maharashtra', 'MH', 18.5204, 73.8567),
      city('Chennai', 'Tamil Nadu', 'TN', 13.0827, 80.2707),
      city('Gurugram', 'Haryana', 'HR', 28.4595, 77.0266),
    ],
  },
  {
    code: 'BR', name: 'Brazil', continent: 'South America', currency: 'BRL', fx: 5, pay: 0.28, monthly: 0.85, weight: 4, legalSuffix: 'Ltda.',
    cities: [
      city('São Paulo', 'São Paulo', 'SP', -23.5505, -46.6333),
      city('Rio de Janeiro', 'Rio de Janeiro', 'RJ', -22.9068, -43.1729),
      city('Belo Horizonte', 'Minas Gerais', 'MG', -19.9167, -43.9345),
      city('Florianópolis', 'Santa Catarina', 'SC', -27.5954, -48.548),
      city('Curitiba', 'Paraná', 'PR', -25.4284, -49.2733),
    ],
  },
  {
    code: 'MX', name: 'Mexico', continent: 'North America', currency: 'MXN', fx: 17, pay: 0.28, monthly: 0.75, weight: 2, legalSuffix: 'S.A. de C.V.',
    cities: [
      city('Mexico City', 'Mexico City', 'CDMX', 19.4326, -99.1332),
      city('Guadalajara', 'Jalisco', 'JAL', 20.6597, -103.3496),
      city('Monterrey', 'Nuevo León', 'NL', 25.6866, -100.3161),
    ],
  },
  {
    code: 'JP', name: 'Japan', continent: 'Asia', currency: 'JPY', fx: 150, pay: 0.5, monthly: 0.3, weight: 3, legalSuffix: 'K.K.',
    cities: [
      city('Tokyo', 'Tokyo', null, 35.6762, 139.6503),
      city('Osaka', 'Osaka', null, 34.6937, 135.5023),
      city('Fukuoka', 'Fukuoka', null, 33.5904, 130.4017),
      city('Kyoto', 'Kyoto', null, 35.0116, 135.7681),
    ],
  },
  {
    code: 'AU', name: 'Australia', continent: 'Oceania', currency: 'AUD', fx: 1.52, pay: 0.75, monthly: 0, weight: 4, legalSuffix: 'Pty Ltd',
    cities: [
      city('Sydney', 'New South Wales', 'NSW', -33.8688, 151.2093),
      city('Melbourne', 'Victoria', 'VIC', -37.8136, 144.9631),
      city('Brisbane', 'Queensland', 'QLD', -27.4698, 153.0251),
      city('Perth', 'Western Australia', 'WA', -31.9505, 115.8605),
    ],
  },
  {
    code: 'SG', name: 'Singapore', continent: 'Asia', currency: 'SGD', fx: 1.35, pay: 0.7, monthly: 0.6, weight: 3, legalSuffix: 'Pte. Ltd.',
    cities: [city('Singapore', null, null, 1.3521, 103.8198)],
  },
  {
    code: 'IE', name: 'Ireland', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.7, monthly: 0, weight: 3, legalSuffix: 'Limited',
    cities: [
      city('Dublin', 'County Dublin', null, 53.3498, -6.2603),
      city('Cork', 'County Cork', null, 51.8985, -8.4756),
      city('Galway', 'County Galway', null, 53.2707, -9.0568),
    ],
  },
  {
    code: 'PL', name: 'Poland', continent: 'Europe', currency: 'PLN', fx: 4, pay: 0.38, monthly: 0.7, weight: 3, legalSuffix: 'sp. z o.o.',
    cities: [
      city('Warsaw', 'Masovian Voivodeship', null, 52.2297, 21.0122),
      city('Kraków', 'Lesser Poland Voivodeship', null, 50.0647, 19.945),
      city('Wrocław', 'Lower Silesian Voivodeship', null, 51.1079, 17.0385),
      city('Gdańsk', 'Pomeranian Voivodeship', null, 54.352, 18.6466),
    ],
  },
  {
    code: 'SE', name: 'Sweden', continent: 'Europe', currency: 'SEK', fx: 10.5, pay: 0.6, monthly: 0.7, weight: 2, legalSuffix: 'AB',
    cities: [
      city('Stockholm', 'Stockholm County', null, 59.3293, 18.0686),
      city('Gothenburg', 'Västra Götaland County', null, 57.7089, 11.9746),
      city('Malmö', 'Skåne County', null, 55.605, 13.0038),
    ],
  },
  {
    code: 'ZA', name: 'South Africa', continent: 'Africa', currency: 'ZAR', fx: 18.5, pay: 0.22, monthly: 0.5, weight: 2, legalSuffix: '(Pty) Ltd',
    cities: [
      city('Cape Town', 'Western Cape', null, -33.9249, 18.4241),
      city('Johannesburg', 'Gauteng', null, -26.2041, 28.0473),
      city('Durban', 'KwaZulu-Natal', null, -29.8587, 31.0218),
    ],
  },
  {
    code: 'AE', name: 'United Arab Emirates', continent: 'Asia', currency: 'AED', fx: 3.67, pay: 0.7, monthly: 0.8, weight: 2, legalSuffix: 'FZ-LLC',
    cities: [
      city('Dubai', 'Dubai', null, 25.2048, 55.2708),
      city('Abu Dhabi', 'Abu Dhabi', null, 24.4539, 54.3773),
    ],
  },
  {
    code: 'NG', name: 'Nigeria', continent: 'Africa', currency: 'NGN', fx: 1500, pay: 0.1, monthly: 0.8, weight: 1, legalSuffix: 'Ltd',
    cities: [
      city('Lagos', 'Lagos', null, 6.5244, 3.3792),
      city('Abuja', 'Federal Capital Territory', null, 9.0765, 7.3986),
    ],
  },
  {
    code: 'CH', name: 'Switzerland', continent: 'Europe', currency: 'CHF', fx: 0.88, pay: 1, monthly: 0.2, weight: 2, legalSuffix: 'AG',
    cities: [
      city('Zurich', 'Zurich', 'ZH', 47.3769, 8.5417),
      city('Geneva', 'Geneva', 'GE', 46.2044, 6.1432),
    ],
  },
  {
    code: 'PT', name: 'Portugal', continent: 'Europe', currency: 'EUR', fx: 0.92, pay: 0.35, monthly: 0.4, weight: 1, legalSuffix: 'Lda.',
    cities: [
      city('Lisbon', 'Lisbon', null, 38.7223, -9.1393),
      city('Porto', 'Porto', null, 41.1579, -8.6291),
    ],
  },
  {
    code: 'DK', name: 'Denmark', continent: 'Europe', currency: 'DKK', fx: 6.9, pay: 0.7, monthly: 0.7, weight: 1, legalSuffix: 'ApS',
    cities: [
      city('Copenhagen', 'Capital Region of Denmark', null, 55.6761, 12.5683),
      city('Aarhus', 'Central Denmark Region', null, 56.1629, 10.2039),
    ],
  },
  {
    code: 'NZ', name: 'New Zealand', continent: 'Oceania', currency: 'NZD', fx: 1.65, pay: 0.6, monthly: 0, weight: 1, legalSuffix: 'Limited',
    cities: [
      city('Auckland', 'Auckland', null, -36.8485, 174.7633),
      city('Wellington', 'Wellington', null, -41.2866, 174.7756),
    ],
  },
  {
    code: 'KE', name: 'Kenya', continent: 'Africa', currency: 'KES', fx: 130, pay: 0.1, monthly: 0.8, weight: 1, legalSuffix: 'Ltd',
    cities: [city('Nairobi', 'Nairobi County', null, -1.2921, 36.8219)],
  },
];

// ---------------------------------------------------------------------------------------
// Job families: roles, skills, qualifications and responsibilities per discipline.

export interface Family {
  key: string;
  /** Head-of / director titles use these area names ("Head of Engineering"). */
  areas: string[];
  /** [role title, pay multiplier relative to the family's base]. */
  roles: [string, number][];
  /** Optional specialisations appended as ", Team". */
  teams: string[];
  /** Seniority keys (see SENIORITIES) this family uses. */
  seniorities: string[];
  /** Typical yearly pay of a mid-level role in the US, in USD. */
  payUsd: number;
  /** Weights for the pay period of an ordinary full-time posting. */
  periods: Partial<Record<'yearly' | 'monthly' | 'weekly' | 'daily' | 'hourly' | 'per-diem', number>>;
  hardSkills: string[];
  education: string[];
  certifications: string[];
  responsibilities: string[];
  /** Nouns for "you will work with ..." sentences. */
  partners: string[];
  weight: number;
}

const TECH_SENIORITIES = ['intern', 'junior', 'associate', 'mid', 'senior', 'staff', 'principal', 'lead', 'head', 'director', 'vp'];
const BUSINESS_SENIORITIES = ['intern', 'junior', 'associate', 'mid', 'senior', 'lead', 'head', 'director', 'vp'];
const FRONTLINE_SENIORITIES = ['junior', 'mid', 'senior', 'lead', 'director'];

export const FAMILIES: Family[] = [
  {
    key: 'engineering',
    areas: ['Engineering', 'Platform Engineering', 'Infrastructure', 'Security', 'Mobile Engineering'],
    roles: [
      ['Software Engineer', 1], ['Backend Engineer', 1], ['Frontend Engineer', 0.97], ['Full Stack Engineer', 0.98],
      ['Mobile Engineer', 1], ['iOS Engineer', 1.01], ['Android Engineer', 1], ['Site Reliability Engineer', 1.05],
      ['DevOps Engineer', 0.98], ['Platform Engineer', 1.04], ['Security Engineer', 1.06], ['QA Automation Engineer', 0.82],
      ['Embedded Software Engineer', 0.95], ['Infrastructure Engineer', 1.03], ['Cloud Engineer', 1], ['Game Developer', 0.85],
    ],
    teams: ['Payments', 'Growth', 'Identity', 'Search', 'Core Platform', 'Developer Experience', 'Billing', 'Checkout', 'Observability', 'Integrations', 'Risk', 'Data Platform'],
    seniorities: TECH_SENIORITIES,
    payUsd: 150_000,
    periods: { yearly: 86, monthly: 6, hourly: 4, daily: 4 },
    hardSkills: ['TypeScript', 'JavaScript', 'Node.js', 'Go', 'Rust', 'Java', 'Kotlin', 'Swift', 'Python', 'C++', 'PostgreSQL', 'Redis', 'Kafka', 'Kubernetes', 'Docker', 'Terraform', 'AWS', 'Google Cloud', 'Azure', 'React', 'GraphQL', 'gRPC', 'CI/CD', 'Linux', 'Distributed systems', 'System design', 'Observability', 'REST API design'],
    education: ["Bachelor's degree in Computer Science or a related field", "Bachelor's degree in Software Engineering, Mathematics or equivalent practical experience", "Master's degree in Computer Science"],
    certifications: ['AWS Certified Solutions Architect', 'Certified Kubernetes Administrator (CKA)', 'Google Professional Cloud Architect', 'CISSP', 'Microsoft Certified: Azure Developer Associate'],
    responsibilities: [
      'Design, build and operate services that handle millions of requests a day',
      'Write well-tested, maintainable code and review the code of your peers',
      'Own features end to end, from technical design to rollout and monitoring',
      'Improve the reliability, performance and cost of our production systems',
      'Take part in an on-call rotation and lead blameless post-incident reviews',
      'Mentor other engineers and raise the bar for engineering practices',
      'Work with product and design to shape the roadmap',
      'Automate deployments, testing and infrastructure provisioning',
      'Break down large projects into small, safely shippable increments',
      'Contribute to architecture decisions and technical documentation',
    ],
    partners: ['product managers', 'designers', 'data scientists', 'other engineering teams'],
    weight: 20,
  },
  {
    key: 'data',
    areas: ['Data', 'Data Science', 'Machine Learning', 'Analytics'],
    roles: [
      ['Data Scientist', 1], ['Data Engineer', 1], ['Data Analyst', 0.72], ['Machine Learning Engineer', 1.1],
      ['Analytics Engineer', 0.92], ['Business Intelligence Analyst', 0.7], ['Research Scientist', 1.15], ['MLOps Engineer', 1.04],
      ['Applied Scientist', 1.12], ['Statistician', 0.85],
    ],
    teams: ['Marketplace', 'Forecasting', 'Personalization', 'Fraud', 'Pricing', 'Experimentation', 'Recommendations'],
    seniorities: TECH_SENIORITIES,
    payUsd: 140_000,
    periods: { yearly: 86, monthly: 6, hourly: 4, daily: 4 },
    hardSkills: ['Python', 'SQL', 'R', 'pandas', 'PyTorch', 'TensorFlow', 'scikit-learn', 'Spark', 'dbt', 'Airflow', 'Snowflake', 'BigQuery', 'Looker', 'Tableau', 'Statistics', 'A/B testing', 'Causal inference', 'Feature engineering', 'LLM evaluation', 'Data modeling'],
    education: ["Bachelor's degree in Statistics, Mathematics, Computer Science or a related quantitative field", "Master's degree or PhD in a quantitative discipline", "Bachelor's degree in Economics or Engineering"],
    certifications: ['Google Professional Data Engineer', 'AWS Certified Machine Learning – Specialty', 'Databricks Certified Data Engineer', 'Tableau Desktop Specialist'],
    responsibilities: [
      'Build and maintain reliable data pipelines and models',
      'Design experiments and analyze their results with statistical rigor',
      'Train, evaluate and deploy machine learning models to production',
      'Turn ambiguous business questions into clear analyses and recommendations',
      'Define metrics and build dashboards that teams use every day',
      'Improve data quality, lineage and documentation',
      'Partner with engineering to instrument products correctly',
      'Present findings to leadership in writing and in person',
    ],
    partners: ['product teams', 'engineers', 'finance', 'leadership'],
    weight: 7,
  },
  {
    key: 'design',
    areas: ['Design', 'Product Design', 'User Research', 'Brand'],
    roles: [
      ['Product Designer', 1], ['UX Designer', 0.95], ['UI Designer', 0.9], ['UX Researcher', 0.98], ['Visual Designer', 0.85],
      ['Content Designer', 0.9], ['Design Systems Designer', 1.02], ['Brand Designer', 0.85], ['Motion Designer', 0.85], ['Graphic Designer', 0.65],
    ],
    teams: ['Mobile', 'Onboarding', 'Design Systems', 'Growth', 'Enterprise'],
    seniorities: TECH_SENIORITIES,
    payUsd: 125_000,
    periods: { yearly: 80, monthly: 6, hourly: 8, daily: 6 },
    hardSkills: ['Figma', 'Prototyping', 'User research', 'Interaction design', 'Design systems', 'Accessibility (WCAG)', 'Usability testing', 'Information architecture', 'Adobe Creative Cloud', 'Motion design', 'HTML & CSS', 'Typography'],
    education: ["Bachelor's degree in Design, HCI or a related field", 'A portfolio demonstrating equivalent experience', "Bachelor's degree in Graphic Design"],
    certifications: ['Nielsen Norman Group UX Certification', 'Google UX Design Certificate', 'IAAP Certified Professional in Accessibility Core Competencies'],
    responsibilities: [
      'Lead design from discovery through high-fidelity prototypes',
      'Run user interviews and usability tests and share what you learn',
      'Contribute to and evolve our design system',
      'Partner closely with product managers and engineers',
      'Make complex workflows feel simple',
      'Present and defend design decisions to stakeholders',
      'Ensure our products are accessible to everyone',
    ],
    partners: ['product managers', 'engineers', 'researchers', 'marketing'],
    weight: 4,
  },
  {
    key: 'product',
    areas: ['Product', 'Product Management', 'Programs'],
    roles: [
      ['Product Manager', 1], ['Technical Product Manager', 1.05], ['Product Owner', 0.85], ['Product Operations Manager', 0.85],
      ['Program Manager', 0.9], ['Technical Program Manager', 1], ['Product Analyst', 0.7], ['Project Manager', 0.75],
    ],
    teams: ['Payments', 'Platform', 'Growth', 'Mobile', 'Enterprise', 'Developer Tools', 'Marketplace'],
    seniorities: TECH_SENIORITIES,
    payUsd: 145_000,
    periods: { yearly: 88, monthly: 6, daily: 6 },
    hardSkills: ['Roadmapping', 'Product discovery', 'SQL', 'Jira', 'A/B testing', 'Product analytics', 'Agile delivery', 'Pricing', 'Writing specifications', 'API products'],
    education: ["Bachelor's degree in Business, Engineering or a related field", 'MBA', "Bachelor's degree or equivalent experience"],
    certifications: ['Certified Scrum Product Owner (CSPO)', 'Project Management Professional (PMP)', 'Pragmatic Institute Certification', 'PRINCE2 Practitioner'],
    responsibilities: [
      'Own the roadmap for your product area and communicate it clearly',
      'Talk to customers every week and turn insights into priorities',
      'Write clear specifications and define success metrics',
      'Work with engineering and design to ship iteratively',
      'Coordinate launches with marketing, sales and support',
      'Track outcomes and adjust plans based on data',
      'Manage dependencies and risks across teams',
    ],
    partners: ['engineering', 'design', 'sales', 'customer success'],
    weight: 5,
  },
  {
    key: 'sales',
    areas: ['Sales', 'Revenue', 'Partnerships', 'Customer Success'],
    roles: [
      ['Account Executive', 1], ['Sales Development Representative', 0.6], ['Business Development Representative', 0.62],
      ['Account Manager', 0.85], ['Sales Engineer', 1.15], ['Solutions Consultant', 1.1], ['Customer Success Manager', 0.85],
      ['Partnerships Manager', 1], ['Sales Operations Analyst', 0.8], ['Inside Sales Representative', 0.6], ['Territory Sales Manager', 0.95],
    ],
    teams: ['Mid-Market', 'Enterprise', 'SMB', 'EMEA', 'North America', 'APAC', 'Public Sector'],
    seniorities: BUSINESS_SENIORITIES,
    payUsd: 100_000,
    periods: { yearly: 85, monthly: 8, hourly: 7 },
    hardSkills: ['Salesforce', 'HubSpot', 'Outbound prospecting', 'Negotiation', 'Forecasting', 'Solution selling', 'MEDDICC', 'Contract management', 'Pipeline management', 'Product demos'],
    education: ["Bachelor's degree in Business, Marketing or a related field", "Bachelor's degree or equivalent work experience", 'High school diploma and proven sales record'],
    certifications: ['Salesforce Certified Administrator', 'HubSpot Sales Software Certification', 'Certified Professional Sales Person (CPSP)'],
    responsibilities: [
      'Build and manage a healthy pipeline of qualified opportunities',
      'Run discovery calls, demos and negotiations through to close',
      'Exceed quarterly revenue targets',
      'Maintain accurate forecasts and notes in our CRM',
      'Grow existing accounts through renewals and expansion',
      'Share customer feedback with product and marketing',
      'Represent the company at industry events',
    ],
    partners: ['marketing', 'solutions engineers', 'customer success', 'product'],
    weight: 8,
  },
  {
    key: 'marketing',
    areas: ['Marketing', 'Growth', 'Communications', 'Brand'],
    roles: [
      ['Marketing Manager', 1], ['Product Marketing Manager', 1.12], ['Content Marketing Manager', 0.92], ['Growth Marketer', 0.98],
      ['SEO Specialist', 0.75], ['Demand Generation Manager', 1], ['Social Media Manager', 0.72], ['Brand Manager', 0.95],
      ['Marketing Operations Specialist', 0.8], ['Copywriter', 0.7], ['Communications Manager', 0.95], ['Events Manager', 0.8],
    ],
    teams: ['Lifecycle', 'Paid Acquisition', 'Developer Marketing', 'Enterprise', 'Partner Marketing', 'EMEA'],
    seniorities: BUSINESS_SENIORITIES,
    payUsd: 105_000,
    periods: { yearly: 82, monthly: 8, hourly: 5, daily: 5 },
    hardSkills: ['SEO', 'Google Analytics', 'Paid social', 'Marketing automation', 'HubSpot', 'Marketo', 'Copywriting', 'Email marketing', 'Content strategy', 'Positioning', 'Attribution modeling', 'Event management'],
    education: ["Bachelor's degree in Marketing, Communications or a related field", "Bachelor's degree or equivalent experience", "Master's degree in Marketing"],
    certifications: ['Google Ads Certification', 'HubSpot Inbound Marketing Certification', 'Meta Certified Digital Marketing Associate', 'Marketo Certified Expert'],
    responsibilities: [
      'Plan and run integrated campaigns across channels',
      'Craft positioning and messaging for new launches',
      'Own the marketing budget for your programs and report on ROI',
      'Produce content that our audience actually wants to read',
      'Run experiments to improve conversion at every stage of the funnel',
      'Work with sales to generate and nurture pipeline',
      'Manage agencies and freelancers',
    ],
    partners: ['sales', 'product', 'design', 'customer success'],
    weight: 6,
  },
  {
    key: 'finance',
    areas: ['Finance', 'Accounting', 'FP&A', 'Tax'],
    roles: [
      ['Financial Analyst', 1], ['Accountant', 0.9], ['Staff Accountant', 0.85], ['Controller', 1.6], ['FP&A Analyst', 1.02],
      ['Payroll Specialist', 0.75], ['Tax Analyst', 0.95], ['Accounts Payable Specialist', 0.6], ['Treasury Analyst', 1],
      ['Internal Auditor', 0.95], ['Billing Specialist', 0.6],
    ],
    teams: ['Revenue Accounting', 'Corporate Finance', 'Strategic Finance', 'International'],
    seniorities: ['intern', 'junior', 'associate', 'mid', 'senior', 'lead', 'head', 'director', 'vp'],
    payUsd: 90_000,
    periods: { yearly: 85, monthly: 8, hourly: 7 },
    hardSkills: ['Excel', 'Financial modeling', 'GAAP', 'IFRS', 'NetSuite', 'SAP', 'Month-end close', 'Budgeting', 'Forecasting', 'Reconciliations', 'Audit', 'Payroll processing', 'Tax compliance'],
    education: ["Bachelor's degree in Accounting or Finance", "Bachelor's degree in Economics or a related field", "Master's degree in Accounting"],
    certifications: ['Certified Public Accountant (CPA)', 'Chartered Financial Analyst (CFA)', 'ACCA', 'Certified Management Accountant (CMA)', 'Certified Internal Auditor (CIA)'],
    responsibilities: [
      'Prepare monthly, quarterly and annual financial statements',
      'Build and maintain the operating model and forecasts',
      'Own reconciliations and the month-end close checklist',
      'Support external audits and tax filings',
      'Improve controls and automate manual processes',
      'Partner with budget owners across the business',
      'Analyze variances and explain them to leadership',
    ],
    partners: ['budget owners', 'leadership', 'external auditors', 'operations'],
    weight: 5,
  },
  {
    key: 'operations',
    areas: ['Operations', 'Business Operations', 'Strategy & Operations', 'Procurement'],
    roles: [
      ['Operations Manager', 1], ['Business Operations Analyst', 0.95], ['Office Manager', 0.7], ['Executive Assistant', 0.75],
      ['Procurement Specialist', 0.85], ['Facilities Coordinator', 0.62], ['Revenue Operations Analyst', 1], ['Strategy & Operations Associate', 1.05],
      ['Vendor Manager', 0.9], ['Operations Coordinator', 0.62],
    ],
    teams: ['Workplace', 'Global Operations', 'Field Operations', 'Revenue'],
    seniorities: BUSINESS_SENIORITIES,
    payUsd: 80_000,
    periods: { yearly: 75, monthly: 7, hourly: 15, daily: 3 },
    hardSkills: ['Process improvement', 'Excel', 'Google Workspace', 'Vendor management', 'Project management', 'Budget tracking', 'SQL', 'Salesforce', 'Procurement', 'Scheduling'],
    education: ["Bachelor's degree in Business Administration or a related field", "Bachelor's degree or equivalent experience", 'High school diploma or equivalent'],
    certifications: ['Lean Six Sigma Green Belt', 'Certified Administrative Professional (CAP)', 'Certified Professional in Supply Management (CPSM)', 'Project Management Professional (PMP)'],
    responsibilities: [
      'Keep day-to-day operations running smoothly',
      'Design and document scalable processes',
      'Manage vendor relationships and contracts',
      'Track operational metrics and report on them weekly',
      'Coordinate cross-functional projects from kickoff to completion',
      'Support leadership with planning and board preparation',
    ],
    partners: ['leadership', 'finance', 'people team', 'vendors'],
    weight: 5,
  },
  {
    key: 'healthcare',
    areas: ['Nursing', 'Clinical Operations', 'Patient Services', 'Pharmacy'],
    roles: [
      ['Registered Nurse', 1], ['Licensed Practical Nurse', 0.68], ['Nurse Practitioner', 1.45], ['Medical Assistant', 0.48],
      ['Physical Therapist', 1.1], ['Pharmacist', 1.5], ['Pharmacy Technician', 0.47], ['Radiology Technologist', 0.85],
      ['Occupational Therapist', 1.05], ['Respiratory Therapist', 0.9], ['Physician Assistant', 1.4], ['Certified Nursing Assistant', 0.44],
      ['Medical Coder', 0.6], ['Patient Care Coordinator', 0.52], ['Dental Hygienist', 0.98],
    ],
    teams: ['ICU', 'Emergency Department', 'Med/Surg', 'Pediatrics', 'Oncology', 'Outpatient', 'Labor & Delivery', 'Home Health'],
    seniorities: FRONTLINE_SENIORITIES,
    payUsd: 88_000,
    periods: { hourly: 50, yearly: 26, 'per-diem': 12, weekly: 9, daily: 3 },
    hardSkills: ['Patient assessment', 'Electronic health records (Epic)', 'Medication administration', 'IV therapy', 'Wound care', 'Phlebotomy', 'Infection control', 'Care planning', 'Medical terminology', 'ICD-10 coding', 'Vital signs monitoring', 'Patient education'],
    education: ['Associate or Bachelor of Science in Nursing (BSN)', 'Graduate of an accredited program', "Master's degree in the relevant clinical field", 'High school diploma or equivalent'],
    certifications: ['Basic Life Support (BLS)', 'Advanced Cardiovascular Life Support (ACLS)', 'Active state RN license', 'Pediatric Advanced Life Support (PALS)', 'Certified Professional Coder (CPC)', 'State pharmacy technician registration'],
    responsibilities: [
      'Provide safe, compassionate, evidence-based care to patients',
      'Assess patients and document care accurately in the EHR',
      'Administer medications and treatments as prescribed',
      'Educate patients and families about care plans',
      'Collaborate with physicians and the interdisciplinary team',
      'Follow infection-control and safety protocols',
      'Respond calmly and effectively to emergencies',
    ],
    partners: ['physicians', 'the interdisciplinary care team', 'patients and their families', 'unit leadership'],
    weight: 8,
  },
  {
    key: 'education',
    areas: ['Academics', 'Curriculum', 'Student Services', 'Admissions'],
    roles: [
      ['Teacher', 1], ['Mathematics Teacher', 1.02], ['Science Teacher', 1.02], ['English Teacher', 1], ['Special Education Teacher', 1.05],
      ['Teaching Assistant', 0.55], ['Curriculum Developer', 1.15], ['Instructional Designer', 1.2], ['School Counselor', 1.05],
      ['Academic Advisor', 0.85], ['Tutor', 0.6], ['Lecturer', 1.2], ['Admissions Counselor', 0.82],
    ],
    teams: ['Middle School', 'High School', 'Online Programs', 'Early Years', 'STEM'],
    seniorities: ['junior', 'mid', 'senior', 'lead', 'head', 'director'],
    payUsd: 60_000,
    periods: { yearly: 62, monthly: 14, hourly: 19, daily: 5 },
    hardSkills: ['Lesson planning', 'Classroom management', 'Differentiated instruction', 'Curriculum design', 'Google Classroom', 'Canvas LMS', 'Student assessment', 'IEP development', 'Learning analytics', 'Instructional design'],
    education: ["Bachelor's degree in Education or the subject area", "Master's degree in Education", 'Teaching qualification (PGCE or equivalent)'],
    certifications: ['State teaching license', 'TESOL / TEFL certificate', 'Special education endorsement', 'First Aid and CPR certification'],
    responsibilities: [
      'Plan and deliver engaging lessons aligned with the curriculum',
      'Assess student progress and give timely, constructive feedback',
      'Create an inclusive classroom where every learner can succeed',
      'Communicate regularly with parents and guardians',
      'Collaborate with colleagues on curriculum and school events',
      'Support students with individual learning plans',
    ],
    partners: ['fellow teachers', 'school leadership', 'parents and guardians', 'student support staff'],
    weight: 5,
  },
  {
    key: 'logistics',
    areas: ['Logistics', 'Supply Chain', 'Fulfillment', 'Transportation'],
    roles: [
      ['Warehouse Associate', 0.7], ['Forklift Operator', 0.78], ['Delivery Driver', 0.8], ['CDL Truck Driver', 1.25],
      ['Logistics Coordinator', 1], ['Supply Chain Analyst', 1.45], ['Inventory Specialist', 0.85], ['Fleet Manager', 1.5],
      ['Dispatcher', 0.9], ['Warehouse Supervisor', 1.15], ['Transportation Planner', 1.2], ['Shipping and Receiving Clerk', 0.72],
      ['Demand Planner', 1.5],
    ],
    teams: ['Night Shift', 'Weekend Shift', 'Inbound', 'Outbound', 'Last Mile', 'Cold Chain'],
    seniorities: FRONTLINE_SENIORITIES,
    payUsd: 52_000,
    periods: { hourly: 62, yearly: 24, weekly: 10, daily: 4 },
    hardSkills: ['Forklift operation', 'Warehouse management systems', 'Inventory control', 'RF scanners', 'Route planning', 'Freight documentation', 'SAP', 'Excel', 'Demand forecasting', 'Pallet jack operation', 'DOT regulations'],
    education: ['High school diploma or equivalent', "Bachelor's degree in Supply Chain Management or a related field", 'No formal education required'],
    certifications: ['Forklift certification', 'Commercial Driver\'s License (CDL) Class A', 'OSHA 10-Hour General Industry', 'APICS Certified Supply Chain Professional (CSCP)', 'Hazmat endorsement'],
    responsibilities: [
      'Pick, pack and ship orders accurately and on time',
      'Load and unload trucks safely',
      'Keep inventory records accurate through cycle counts',
      'Plan routes and schedules to meet delivery windows',
      'Follow all safety procedures and keep the work area clean',
      'Coordinate with carriers, suppliers and internal teams',
      'Identify and resolve delays and discrepancies',
    ],
    partners: ['carriers', 'site leadership', 'suppliers', 'the customer service team'],
    weight: 6,
  },
  {
    key: 'hospitality',
    areas: ['Food & Beverage', 'Rooms', 'Guest Experience', 'Hospitality Operations'],
    roles: [
      ['Line Cook', 1], ['Sous Chef', 1.4], ['Chef de Partie', 1.15], ['Server', 0.85], ['Bartender', 0.95], ['Barista', 0.8],
      ['Front Desk Agent', 0.9], ['Housekeeper', 0.8], ['Restaurant Manager', 1.7], ['Event Coordinator', 1.3], ['Concierge', 1],
      ['Guest Relations Manager', 1.55], ['Dishwasher', 0.75], ['Night Auditor', 0.95], ['Pastry Chef', 1.2],
    ],
    teams: ['Banquets', 'Room Service', 'Rooftop Bar', 'Breakfast Shift', 'Night Shift', 'Seasonal'],
    seniorities: FRONTLINE_SENIORITIES,
    payUsd: 40_000,
    periods: { hourly: 72, yearly: 18, weekly: 4, daily: 4, 'per-diem': 2 },
    hardSkills: ['Food safety', 'Knife skills', 'POS systems', 'Cash handling', 'Menu development', 'Wine service', 'Opera PMS', 'Inventory management', 'Banquet setup', 'Mixology', 'Barista techniques'],
    education: ['High school diploma or equivalent', 'Culinary school diploma', 'Degree in Hospitality Management'],
    certifications: ['ServSafe Food Handler', 'ServSafe Manager', 'Responsible Beverage Service certification', 'Food Hygiene Level 2', 'First Aid certification'],
    responsibilities: [
      'Deliver warm, attentive service to every guest',
      'Prepare dishes to recipe and presentation standards',
      'Keep stations clean, stocked and compliant with food-safety rules',
      'Handle guest requests and resolve issues quickly',
      'Work closely with the kitchen and front-of-house teams',
      'Support inventory counts and ordering',
      'Train and support new team members',
    ],
    partners: ['the kitchen team', 'front-of-house colleagues', 'hotel management', 'event planners'],
    weight: 6,
  },
  {
    key: 'people',
    areas: ['People', 'Talent Acquisition', 'Human Resources', 'People Operations'],
    roles: [
      ['Recruiter', 1], ['Technical Recruiter', 1.1], ['Talent Acquisition Partner', 1.08], ['HR Business Partner', 1.2],
      ['People Operations Specialist', 0.85], ['HR Generalist', 0.85], ['Learning & Development Manager', 1.2], ['Compensation Analyst', 1.1],
    ],
    teams: ['Engineering Hiring', 'Go-to-Market Hiring', 'EMEA', 'Early Careers'],
    seniorities: BUSINESS_SENIORITIES,
    payUsd: 90_000,
    periods: { yearly: 82, monthly: 6, hourly: 6, daily: 6 },
    hardSkills: ['Sourcing', 'Greenhouse', 'Workday', 'Interviewing', 'Employment law', 'HRIS administration', 'Compensation benchmarking', 'Onboarding', 'Employee relations', 'Boolean search'],
    education: ["Bachelor's degree in Human Resources, Psychology or a related field", "Bachelor's degree or equivalent experience"],
    certifications: ['SHRM Certified Professional (SHRM-CP)', 'PHR', 'CIPD Level 5', 'AIRS Certified Internet Recruiter'],
    responsibilities: [
      'Partner with hiring managers to define roles and hiring plans',
      'Source, screen and close great candidates',
      'Deliver an excellent, inclusive candidate experience',
      'Advise managers on performance, policy and employee relations',
      'Improve people processes and HR systems',
      'Report on hiring and retention metrics',
    ],
    partners: ['hiring managers', 'leadership', 'finance', 'employees across the company'],
    weight: 3,
  },
  {
    key: 'support',
    areas: ['Customer Support', 'Customer Experience', 'Support Operations'],
    roles: [
      ['Customer Support Specialist', 1], ['Technical Support Engineer', 1.35], ['Customer Service Representative', 0.85],
      ['Support Operations Analyst', 1.2], ['Implementation Specialist', 1.25], ['Onboarding Specialist', 1.1],
    ],
    teams: ['Tier 2', 'Enterprise Support', 'Spanish Speaking', 'Weekend Coverage', 'EMEA'],
    seniorities: ['junior', 'associate', 'mid', 'senior', 'lead', 'head', 'director'],
    payUsd: 55_000,
    periods: { yearly: 58, hourly: 30, monthly: 8, weekly: 4 },
    hardSkills: ['Zendesk', 'Intercom', 'Troubleshooting', 'SQL', 'Ticket triage', 'Knowledge base writing', 'APIs', 'Salesforce Service Cloud'],
    education: ['High school diploma or equivalent', "Bachelor's degree or equivalent experience"],
    certifications: ['HDI Customer Service Representative', 'CompTIA A+', 'ITIL 4 Foundation'],
    responsibilities: [
      'Resolve customer questions over chat, email and phone',
      'Troubleshoot technical issues and escalate bugs with clear reproduction steps',
      'Write and maintain help-center articles',
      'Spot trends in tickets and share them with product',
      'Meet response-time and satisfaction targets',
    ],
    partners: ['engineering', 'product', 'account managers', 'customers'],
    weight: 4,
  },
];

export interface Seniority {
  key: string;
  /** How the title is built: prefix word, suffix word, or an "Area" leadership title. */
  prefix?: string;
  suffix?: string;
  leadership?: string;
  level: 'intern' | 'entry' | 'mid' | 'senior' | 'lead' | 'executive';
  pay: number;
  weight: number;
}

export const SENIORITIES: Record<string, Seniority> = {
  intern: { key: 'intern', suffix: 'Intern', level: 'intern', pay: 0.35, weight: 3 },
  junior: { key: 'junior', prefix: 'Junior', level: 'entry', pay: 0.7, weight: 8 },
  associate: { key: 'associate', prefix: 'Associate', level: 'entry', pay: 0.75, weight: 5 },
  mid: { key: 'mid', level: 'mid', pay: 1, weight: 34 },
  senior: { key: 'senior', prefix: 'Senior', level: 'senior', pay: 1.3, weight: 26 },
  staff: { key: 'staff', prefix: 'Staff', level: 'lead', pay: 1.6, weight: 5 },
  principal: { key: 'principal', prefix: 'Principal', level: 'lead', pay: 1.8, weight: 3 },
  lead: { key: 'lead', prefix: 'Lead', level: 'lead', pay: 1.45, weight: 7 },
  head: { key: 'head', leadership: 'Head of', level: 'executive', pay: 2.1, weight: 3 },
  director: { key: 'director', leadership: 'Director of', level: 'executive', pay: 2.2, weight: 3 },
  vp: { key: 'vp', leadership: 'VP of', level: 'executive', pay: 2.8, weight: 1 },
};

export const SOFT_SKILLS = [
  'Communication', 'Collaboration', 'Problem solving', 'Attention to detail', 'Time management', 'Adaptability',
  'Ownership', 'Empathy', 'Stakeholder management', 'Mentoring', 'Written communication', 'Customer focus',
  'Critical thinking', 'Teamwork', 'Prioritization', 'Resilience', 'Curiosity', 'Leadership',
];

export const BENEFITS = [
  'Comprehensive medical, dental and vision insurance', 'Pension or 401(k) plan with company match',
  '25 days of paid vacation plus public holidays', 'Flexible working hours', 'Home-office setup budget',
  'Annual learning and development budget', 'Paid parental leave', 'Employee stock options',
  'Wellness stipend', 'Commuter benefits', 'Free meals on shift', 'Mental health support',
  'Company-paid life and disability insurance', 'Sabbatical after five years', 'Annual company offsite',
  'Tuition reimbursement', 'Employee discount', 'Paid volunteering days', 'Bike-to-work scheme',
  'Sign-on bonus', 'Quarterly performance bonus', 'Relocation assistance', 'Uniform provided',
  'Childcare support', 'Gym membership',
];

// ---------------------------------------------------------------------------------------
// Companies.

export interface Industry {
  name: string;
  naics: string[];
  /** Family key → weight for the jobs this kind of company posts. */
  families: Record<string, number>;
  /** Category keys with weights. */
  categories: Record<string, number>;
  related: string[];
  /** What the company makes or does, for summaries ("a platform for ..."). */
  offerings: string[];
  audiences: string[];
  productWords: string[];
  agency: number;
  nonProfit: number;
  weight: number;
}

export const INDUSTRIES: Industry[] = [
  {
    name: 'Software Development', naics: ['513210', '541511'],
    families: { engineering: 34, data: 9, design: 7, product: 9, sales: 11, marketing: 8, support: 7, people: 4, finance: 4, operations: 4 },
    categories: { b2b: 6, saas: 8, b2c: 2 }, related: ['IT Services and IT Consulting', 'Computer and Network Security', 'Data Infrastructure and Analytics'],
    offerings: ['a workflow automation platform', 'developer tooling', 'a collaboration suite', 'an API platform', 'observability software', 'a low-code app builder'],
    audiences: ['engineering teams', 'growing businesses', 'enterprises', 'developers', 'operations teams'],
    productWords: ['Flow', 'Studio', 'Cloud', 'Pulse', 'Connect', 'Insights', 'Edge', 'Sync'],
    agency: 0.02, nonProfit: 0.01, weight: 22,
  },
  {
    name: 'Financial Services', naics: ['522320', '523150', '522110'],
    families: { engineering: 22, data: 10, product: 6, finance: 16, sales: 12, operations: 10, support: 10, marketing: 5, people: 4, design: 3 },
    categories: { b2b: 4, b2c: 4, saas: 3 }, related: ['Banking', 'Insurance', 'Software Development'],
    offerings: ['payments infrastructure', 'a business banking app', 'spend management software', 'a lending platform', 'a personal finance app'],
    audiences: ['small businesses', 'finance teams', 'consumers', 'marketplaces'],
    productWords: ['Pay', 'Ledger', 'Card', 'Vault', 'Treasury', 'Capital'],
    agency: 0.01, nonProfit: 0.01, weight: 9,
  },
  {
    name: 'Hospitals and Health Care', naics: ['622110', '621111', '621610'],
    families: { healthcare: 62, operations: 10, finance: 5, people: 6, support: 6, engineering: 4, data: 3, marketing: 2, education: 2 },
    categories: { b2c: 6, 'service-provider': 5 }, related: ['Medical Practices', 'Wellness and Fitness Services', 'Health and Human Services'],
    offerings: ['community hospitals', 'primary care clinics', 'home health services', 'outpatient rehabilitation centers', 'urgent care clinics'],
    audiences: ['patients', 'families', 'local communities', 'seniors'],
    productWords: ['Care', 'Health', 'Connect', 'Clinic'],
    agency: 0.06, nonProfit: 0.25, weight: 9,
  },
  {
    name: 'Education', naics: ['611110', '611310', '611710'],
    families: { education: 58, operations: 10, people: 6, finance: 5, engineering: 6, design: 3, marketing: 5, support: 5, product: 2 },
    categories: { b2c: 5, 'service-provider': 4, saas: 1 }, related: ['E-Learning Providers', 'Higher Education', 'Primary and Secondary Education'],
    offerings: ['independent schools', 'online courses', 'tutoring programs', 'a learning platform', 'language schools'],
    audiences: ['students', 'schools', 'adult learners', 'families'],
    productWords: ['Learn', 'Academy', 'Classroom', 'Campus'],
    agency: 0.02, nonProfit: 0.3, weight: 6,
  },
  {
    name: 'Transportation, Logistics, Supply Chain and Storage', naics: ['493110', '484121', '488510'],
    families: { logistics: 60, operations: 12, engineering: 6, data: 4, sales: 6, finance: 4, people: 4, support: 4 },
    categories: { b2b: 7, 'service-provider': 5 }, related: ['Freight and Package Transportation', 'Warehousing and Storage', 'Truck Transportation'],
    offerings: ['same-day delivery', 'third-party warehousing', 'freight brokerage', 'cold-chain logistics', 'fulfillment services'],
    audiences: ['online retailers', 'manufacturers', 'grocery chains', 'shippers'],
    productWords: ['Freight', 'Route', 'Dock', 'Track'],
    agency: 0.04, nonProfit: 0, weight: 7,
  },
  {
    name: 'Hospitality', naics: ['721110', '722511', '722320'],
    families: { hospitality: 68, operations: 8, marketing: 5, sales: 5, finance: 4, people: 5, support: 5 },
    categories: { b2c: 8, 'service-provider': 3 }, related: ['Restaurants', 'Hotels and Motels', 'Food and Beverage Services', 'Events Services'],
    offerings: ['boutique hotels', 'neighborhood restaurants', 'event catering', 'coffee bars', 'resort properties'],
    audiences: ['travelers', 'locals', 'event hosts', 'business guests'],
    productWords: ['Table', 'Stay', 'Kitchen', 'Events'],
    agency: 0.03, nonProfit: 0, weight: 7,
  },
  {
    name: 'Retail', naics: ['455110', '458110', '449210'],
    families: { sales: 20, logistics: 18, operations: 12, marketing: 10, hospitality: 6, support: 10, engineering: 8, data: 5, design: 4, finance: 4, people: 3 },
    categories: { b2c: 9, b2b: 1 }, related: ['E-commerce', 'Consumer Goods', 'Apparel and Fashion'],
    offerings: ['outdoor gear', 'home goods', 'sustainable apparel', 'specialty groceries', 'consumer electronics'],
    audiences: ['shoppers', 'families', 'outdoor enthusiasts', 'home cooks'],
    productWords: ['Market', 'Goods', 'Outfitters', 'Supply'],
    agency: 0, nonProfit: 0, weight: 6,
  },
  {
    name: 'E-commerce', naics: ['454110', '455219'],
    families: { engineering: 22, data: 8, design: 7, product: 7, marketing: 14, logistics: 12, support: 12, sales: 6, operations: 6, finance: 3, people: 3 },
    categories: { b2c: 8, saas: 1, b2b: 2 }, related: ['Retail', 'Consumer Goods', 'Internet Marketplace Platforms'],
    offerings: ['an online marketplace', 'a subscription box service', 'a direct-to-consumer brand', 'a resale platform'],
    audiences: ['shoppers', 'independent sellers', 'small brands'],
    productWords: ['Cart', 'Shop', 'Box', 'Drop'],
    agency: 0, nonProfit: 0, weight: 5,
  },
  {
    name: 'Marketing and Advertising', naics: ['541810', '541613'],
    families: { marketing: 38, design: 18, sales: 12, data: 8, engineering: 8, operations: 6, finance: 4, people: 4, product: 2 },
    categories: { 'service-provider': 7, b2b: 5 }, related: ['Advertising Services', 'Public Relations and Communications Services', 'Design Services'],
    offerings: ['brand strategy', 'performance marketing', 'creative production', 'influencer campaigns'],
    audiences: ['consumer brands', 'startups', 'retailers', 'B2B companies'],
    productWords: ['Studio', 'Lab', 'Creative', 'Media'],
    agency: 0.7, nonProfit: 0, weight: 4,
  },
  {
    name: 'IT Services and IT Consulting', naics: ['541512', '541519'],
    families: { engineering: 40, data: 14, product: 8, sales: 10, support: 10, operations: 6, people: 6, finance: 3, design: 3 },
    categories: { 'service-provider': 8, b2b: 6 }, related: ['Software Development', 'Business Consulting and Services', 'Computer and Network Security'],
    offerings: ['cloud migration services', 'managed IT services', 'custom software development', 'data engineering consulting'],
    audiences: ['mid-sized companies', 'public-sector organizations', 'enterprises', 'healthcare providers'],
    productWords: ['Consulting', 'Managed', 'Cloud', 'Labs'],
    agency: 0.35, nonProfit: 0, weight: 6,
  },
  {
    name: 'Staffing and Recruiting', naics: ['561311', '561320'],
    families: { healthcare: 18, logistics: 18, hospitality: 14, people: 16, sales: 10, operations: 8, engineering: 6, finance: 6, support: 4 },
    categories: { 'service-provider': 8, b2b: 5 }, related: ['Human Resources Services', 'Temporary Help Services', 'Executive Search Services'],
    offerings: ['travel nurse staffing', 'temporary warehouse staffing', 'technical recruiting', 'executive search'],
    audiences: ['hospitals', 'warehouses', 'technology companies', 'hotels and restaurants'],
    productWords: ['Talent', 'Staffing', 'Search', 'Match'],
    agency: 0.95, nonProfit: 0, weight: 4,
  },
  {
    name: 'Biotechnology Research', naics: ['541714', '325414'],
    families: { data: 20, engineering: 12, healthcare: 10, operations: 12, finance: 8, people: 6, product: 6, sales: 8, marketing: 4 },
    categories: { b2b: 6, 'service-provider': 2 }, related: ['Pharmaceutical Manufacturing', 'Research Services', 'Hospitals and Health Care'],
    offerings: ['gene therapy research', 'lab automation', 'diagnostic assays', 'protein engineering'],
    audiences: ['researchers', 'clinicians', 'pharmaceutical partners', 'patients'],
    productWords: ['Bio', 'Assay', 'Genomics', 'Labs'],
    agency: 0.02, nonProfit: 0.05, weight: 3,
  },
  {
    name: 'Industrial Machinery Manufacturing', naics: ['333249', '333922'],
    families: { engineering: 18, logistics: 22, operations: 18, sales: 12, finance: 8, people: 6, data: 6, support: 6, product: 4 },
    categories: { b2b: 9 }, related: ['Manufacturing', 'Automation Machinery Manufacturing', 'Industrial Automation'],
    offerings: ['packaging machinery', 'industrial robots', 'conveyor systems', 'precision components'],
    audiences: ['manufacturers', 'warehouses', 'food producers'],
    productWords: ['Works', 'Motion', 'Systems', 'Dynamics'],
    agency: 0, nonProfit: 0, weight: 4,
  },
  {
    name: 'Renewable Energy', naics: ['221114', '221115', '238210'],
    families: { engineering: 22, operations: 18, data: 10, sales: 14, finance: 10, logistics: 10, people: 6, product: 4, marketing: 6 },
    categories: { b2b: 5, b2c: 4, 'service-provider': 3 }, related: ['Utilities', 'Solar Electric Power Generation', 'Environmental Services'],
    offerings: ['residential solar installations', 'battery storage', 'EV charging networks', 'wind farm operations'],
    audiences: ['homeowners', 'utilities', 'municipalities', 'commercial property owners'],
    productWords: ['Grid', 'Solar', 'Charge', 'Volt'],
    agency: 0, nonProfit: 0.02, weight: 3,
  },
  {
    name: 'Real Estate', naics: ['531210', '531311'],
    families: { sales: 26, operations: 20, finance: 12, marketing: 12, support: 10, engineering: 8, hospitality: 6, people: 6 },
    categories: { b2c: 6, b2b: 3, 'service-provider': 4 }, related: ['Property Management', 'Leasing Residential Real Estate', 'Construction'],
    offerings: ['property management', 'co-living spaces', 'a home-buying platform', 'commercial leasing'],
    audiences: ['renters', 'homebuyers', 'landlords', 'businesses'],
    productWords: ['Homes', 'Keys', 'Spaces', 'Living'],
    agency: 0.15, nonProfit: 0, weight: 3,
  },
  {
    name: 'Insurance', naics: ['524126', '524114'],
    families: { support: 16, sales: 16, finance: 16, data: 12, engineering: 14, operations: 12, marketing: 6, people: 4, product: 4 },
    categories: { b2c: 5, b2b: 4 }, related: ['Financial Services', 'Insurance Agencies and Brokerages', 'Software Development'],
    offerings: ['small-business insurance', 'pet insurance', 'health plans', 'renters insurance'],
    audiences: ['small businesses', 'pet owners', 'families', 'renters'],
    productWords: ['Shield', 'Cover', 'Assure', 'Guard'],
    agency: 0.1, nonProfit: 0, weight: 3,
  },
  {
    name: 'Non-profit Organizations', naics: ['813319', '813211'],
    families: { operations: 20, education: 16, healthcare: 12, marketing: 14, finance: 10, people: 10, support: 8, data: 4, engineering: 4, design: 2 },
    categories: { 'service-provider': 6, b2c: 4 }, related: ['Civic and Social Organizations', 'Philanthropic Fundraising Services', 'Education'],
    offerings: ['literacy programs', 'food security programs', 'community health outreach', 'youth mentoring'],
    audiences: ['local communities', 'young people', 'families in need', 'volunteers'],
    productWords: ['Foundation', 'Alliance', 'Network', 'Collective'],
    agency: 0, nonProfit: 1, weight: 3,
  },
  {
    name: 'Computer and Network Security', naics: ['541519', '511210'],
    families: { engineering: 40, data: 8, product: 8, sales: 14, marketing: 8, support: 10, people: 4, finance: 4, design: 4 },
    categories: { b2b: 7, saas: 6 }, related: ['Software Development', 'IT Services and IT Consulting'],
    offerings: ['identity security', 'endpoint protection', 'security awareness training', 'cloud security posture management'],
    audiences: ['security teams', 'IT departments', 'regulated industries'],
    productWords: ['Guard', 'Sentinel', 'Shield', 'Trust'],
    agency: 0.05, nonProfit: 0, weight: 4,
  },
  {
    name: 'Media Production', naics: ['512110', '516210'],
    families: { design: 22, marketing: 22, engineering: 12, sales: 10, operations: 12, product: 6, data: 6, finance: 5, people: 5 },
    categories: { b2c: 6, b2b: 3, 'service-provider': 3 }, related: ['Broadcast Media Production and Distribution', 'Online Audio and Video Media', 'Entertainment Providers'],
    offerings: ['documentary films', 'podcasts', 'a streaming service for independent film', 'branded video content'],
    audiences: ['audiences worldwide', 'brands', 'independent creators'],
    productWords: ['Pictures', 'Audio', 'Stream', 'Stories'],
    agency: 0.25, nonProfit: 0.03, weight: 3,
  },
];

export const NAME_STARTS = [
  'Amber', 'Arc', 'Ash', 'Aurora', 'Beacon', 'Birch', 'Blue', 'Bolt', 'Bright', 'Brook', 'Canopy', 'Cedar', 'Cinder', 'Clear',
  'Cloud', 'Cobalt', 'Copper', 'Coral', 'Crest', 'Crimson', 'Delta', 'Drift', 'Ember', 'Fable', 'Fern', 'Field', 'Flint',
  'Fox', 'Frost', 'Gale', 'Glen', 'Golden', 'Granite', 'Harbor', 'Hazel', 'Helio', 'Hollow', 'Indigo', 'Iris', 'Iron',
  'Juniper', 'Keel', 'Kestrel', 'Lark', 'Linden', 'Lumen', 'Maple', 'Meadow', 'Mesa', 'Milo', 'Moss', 'Nimbus', 'North',
  'Oak', 'Onyx', 'Opal', 'Orbit', 'Pine', 'Prism', 'Quartz', 'Quill', 'Raven', 'Ridge', 'River', 'Saffron', 'Sage',
  'Slate', 'Solar', 'Sparrow', 'Spruce', 'Stone', 'Summit', 'Tandem', 'Teal', 'Thistle', 'Tide', 'Timber', 'Umber',
  'Vale', 'Velvet', 'Verdant', 'Willow', 'Wren', 'Yarrow', 'Zephyr',
];

export const NAME_ENDS = [
  'bay', 'beam', 'bridge', 'brook', 'cast', 'crest', 'dale', 'field', 'fold', 'forge', 'gate', 'grove', 'haven', 'hill',
  'hive', 'hollow', 'lane', 'leaf', 'light', 'line', 'loop', 'mark', 'mill', 'mint', 'moor', 'nest', 'path', 'peak',
  'point', 'port', 'quay', 'reach', 'ridge', 'rock', 'shore', 'side', 'spark', 'spring', 'stack', 'stead', 'stone',
  'stream', 'tide', 'tower', 'vale', 'view', 'ware', 'wave', 'well', 'wick', 'wind', 'wood', 'works', 'yard',
];

/** Company-name suffixes by industry name; '' means the bare compound. */
export const NAME_SUFFIXES: Record<string, string[]> = {
  'Software Development': ['', '', 'Labs', 'Software', 'Systems', 'HQ', 'io'],
  'Financial Services': ['', 'Financial', 'Pay', 'Capital', 'Finance'],
  'Hospitals and Health Care': ['Health', 'Medical', 'Care', 'Health Partners', 'Clinics'],
  Education: ['Academy', 'Learning', 'School', 'Education', 'Institute'],
  'Transportation, Logistics, Supply Chain and Storage': ['Logistics', 'Freight', 'Supply Co.', 'Distribution', 'Transport'],
  Hospitality: ['Hospitality', 'Hotels', 'Kitchen', 'Dining Group', 'Inn & Suites'],
  Retail: ['Goods', 'Outfitters', 'Market', 'Supply', 'Mercantile'],
  'E-commerce': ['', 'Shop', 'Store', 'Commerce'],
  'Marketing and Advertising': ['Creative', 'Studio', 'Agency', 'Media', '& Partners'],
  'IT Services and IT Consulting': ['Consulting', 'Technologies', 'Solutions', 'IT', 'Digital'],
  'Staffing and Recruiting': ['Staffing', 'Talent', 'Recruiting', 'Workforce'],
  'Biotechnology Research': ['Bio', 'Therapeutics', 'Biosciences', 'Genomics'],
  'Industrial Machinery Manufacturing': ['Industries', 'Manufacturing', 'Machines', 'Engineering'],
  'Renewable Energy': ['Energy', 'Solar', 'Power', 'Renewables'],
  'Real Estate': ['Properties', 'Realty', 'Homes', 'Living'],
  Insurance: ['Insurance', 'Mutual', 'Assurance', 'Cover'],
  'Non-profit Organizations': ['Foundation', 'Trust', 'Alliance', 'Project'],
  'Computer and Network Security': ['Security', 'Cyber', 'Defense', 'Secure'],
  'Media Production': ['Media', 'Pictures', 'Studios', 'Films'],
};

export const INVESTOR_WORDS = ['Harborlight', 'Northwind', 'Greyfield', 'Tallpine', 'Bluehaven', 'Silverbirch', 'Redkite', 'Longview', 'Brightline', 'Ironbark', 'Westlake', 'Eastgate', 'Foxglove', 'Stillwater'];
export const INVESTOR_KINDS = ['Ventures', 'Capital', 'Partners', 'Growth', 'Fund', 'Equity'];

export const TECHNOLOGIES: [slug: string, name: string, categories: string[]][] = [
  ['react', 'React', ['JavaScript Frameworks']],
  ['vue', 'Vue.js', ['JavaScript Frameworks']],
  ['nextjs', 'Next.js', ['Web Frameworks']],
  ['nodejs', 'Node.js', ['Programming Languages']],
  ['python', 'Python', ['Programming Languages']],
  ['go', 'Go', ['Programming Languages']],
  ['ruby-on-rails', 'Ruby on Rails', ['Web Frameworks']],
  ['django', 'Django', ['Web Frameworks']],
  ['postgresql', 'PostgreSQL', ['Databases']],
  ['mysql', 'MySQL', ['Databases']],
  ['mongodb', 'MongoDB', ['Databases']],
  ['redis', 'Redis', ['Databases', 'Caching']],
  ['elasticsearch', 'Elasticsearch', ['Search']],
  ['kafka', 'Apache Kafka', ['Message Queues']],
  ['kubernetes', 'Kubernetes', ['Containers', 'DevOps']],
  ['docker', 'Docker', ['Containers']],
  ['terraform', 'Terraform', ['DevOps', 'Infrastructure as Code']],
  ['aws', 'Amazon Web Services', ['Cloud Hosting']],
  ['google-cloud', 'Google Cloud', ['Cloud Hosting']],
  ['azure', 'Microsoft Azure', ['Cloud Hosting']],
  ['snowflake', 'Snowflake', ['Data Warehouses']],
  ['dbt', 'dbt', ['Data Transformation']],
  ['looker', 'Looker', ['Business Intelligence']],
  ['tableau', 'Tableau', ['Business Intelligence']],
  ['salesforce', 'Salesforce', ['CRM']],
  ['hubspot', 'HubSpot', ['CRM', 'Marketing Automation']],
  ['zendesk', 'Zendesk', ['Customer Support']],
  ['intercom', 'Intercom', ['Customer Support', 'Live Chat']],
  ['stripe', 'Stripe', ['Payment Processors']],
  ['shopify', 'Shopify', ['Ecommerce']],
  ['google-analytics', 'Google Analytics', ['Analytics']],
  ['segment', 'Segment', ['Customer Data Platform']],
  ['datadog', 'Datadog', ['Monitoring']],
  ['sentry', 'Sentry', ['Error Tracking']],
  ['github-actions', 'GitHub Actions', ['CI/CD']],
  ['figma', 'Figma', ['Design']],
  ['slack', 'Slack', ['Collaboration']],
  ['notion', 'Notion', ['Collaboration']],
  ['jira', 'Jira', ['Issue Trackers']],
  ['netsuite', 'NetSuite', ['ERP']],
  ['workday', 'Workday', ['HRIS']],
  ['epic', 'Epic', ['Electronic Health Records']],
  ['sap', 'SAP', ['ERP']],
  ['cloudflare', 'Cloudflare', ['CDN', 'Security']],
];

export const ATS_SOURCES: [source: string, weight: number, idStyle: 'numeric' | 'uuid' | 'short' | 'req'][] = [
  ['greenhouse', 18, 'numeric'],
  ['lever', 14, 'uuid'],
  ['ashby', 9, 'uuid'],
  ['workable', 8, 'short'],
  ['smartrecruiters', 7, 'numeric'],
  ['workday', 12, 'req'],
  ['bamboohr', 6, 'numeric'],
  ['recruitee', 4, 'numeric'],
  ['personio', 5, 'numeric'],
  ['teamtailor', 4, 'numeric'],
  ['jobvite', 4, 'short'],
  ['icims', 6, 'numeric'],
  ['breezyhr', 2, 'short'],
  ['jazzhr', 2, 'short'],
  ['successfactors', 3, 'req'],
  ['taleo', 2, 'req'],
  ['company-website', 4, 'short'],
];

export const COMPANY_SIZES: [band: string, weight: number, min: number, max: number][] = [
  ['1-10', 12, 2, 10],
  ['11-50', 22, 11, 50],
  ['51-200', 24, 51, 200],
  ['201-500', 16, 201, 500],
  ['501-1000', 10, 501, 1000],
  ['1001-5000', 9, 1001, 5000],
  ['5001-10000', 4, 5001, 10000],
  ['10001+', 3, 10001, 60000],
];

/** Revenue band by company-size index (same order as COMPANY_SIZES). */
export const REVENUE_BANDS = ['0-1m', '1m-10m', '10m-50m', '50m-100m', '100m-500m', '500m-1b', '1b-10b', '10b+'];

export const FUNDING_STAGES = ['pre_seed', 'seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e'];
