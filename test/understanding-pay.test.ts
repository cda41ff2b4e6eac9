// Pay from posting text (crawlers/understanding/pay.ts, spec 2.4): ranges and single values in
// the formats real postings use (English, German, French, Spanish, Polish, Indian and Swiss
// number formats), the period and currency rules, and the amounts that are NOT pay.
import t from 'tap';
import type { Compensation } from '../db/jobs.ts';
import { payFromText, statedPay } from '../crawlers/understanding/pay.ts';

interface Case {
  name: string;
  markdown: string;
  country?: string;
  want: Compensation | null;
}

const pay = (min: number | null, max: number | null, currency: string | null, period: Compensation['period']): Compensation => ({ min, max, currency, period });

const RANGES: Case[] = [
  { name: 'Greenhouse pay box under a heading', markdown: '**Annual Salary Range**\n\n$151,500—$227,300 USD', want: pay(151500, 227300, 'USD', 'yearly') },
  {
    name: 'base salary sentence with equity after it',
    markdown: 'The base salary range for this full-time position is $151,500 - $227,300 + equity + benefits. Our salary ranges are determined by role, level, and location.',
    want: pay(151500, 227300, 'USD', 'yearly'),
  },
  { name: 'ISO code after each amount, alone on its line', markdown: '$151,500 USD - $227,300 USD', want: pay(151500, 227300, 'USD', 'yearly') },
  { name: 'k suffix on both ends', markdown: 'Pay: $120k–$150k', want: pay(120000, 150000, 'USD', 'yearly') },
  { name: 'k suffix on the upper end only', markdown: 'Salary 70-90k EUR p.a.', want: pay(70000, 90000, 'EUR', 'yearly') },
  { name: 'German thousands dots, brutto/Jahr', markdown: 'Gehalt: €60.000 - €75.000 brutto/Jahr', want: pay(60000, 75000, 'EUR', 'yearly') },
  { name: 'German sentence with "zwischen ... und" and Jahresgehalt', markdown: 'Das Jahresgehalt liegt zwischen 60.000 € und 75.000 €.', want: pay(60000, 75000, 'EUR', 'yearly') },
  { name: 'British per annum', markdown: 'Salary: £45,000 per annum', want: pay(45000, 45000, 'GBP', 'yearly') },
  { name: 'British k range plus bonus', markdown: 'Salary: £45k - £55k + bonus', want: pay(45000, 55000, 'GBP', 'yearly') },
  { name: 'CAD code before the range, "to"', markdown: 'Salary range: CAD 90,000 to 110,000', want: pay(90000, 110000, 'CAD', 'yearly') },
  { name: 'CAD code after a dollar range', markdown: 'Base pay: $90,000 - $110,000 CAD', want: pay(90000, 110000, 'CAD', 'yearly') },
  { name: '"$" in a Canadian posting (country hint)', markdown: 'Base pay: $90,000 - $110,000', country: 'CA', want: pay(90000, 110000, 'CAD', 'yearly') },
  {
    name: '"$" in a sentence about the Canadian range (Stripe)',
    markdown: 'Note: The annual Canadian base salary range for this role is $160,000 - $240,000.',
    want: pay(160000, 240000, 'CAD', 'yearly'),
  },
  { name: 'Indian lakh grouping per annum', markdown: 'CTC: ₹12,00,000 - ₹18,00,000 per annum', want: pay(1200000, 1800000, 'INR', 'yearly') },
  { name: 'LPA (lakhs per annum) with the country', markdown: 'Salary: 12-18 LPA', country: 'IN', want: pay(1200000, 1800000, 'INR', 'yearly') },
  { name: 'Swiss apostrophe grouping', markdown: 'Salary range: CHF 120\'000 - 140\'000', want: pay(120000, 140000, 'CHF', 'yearly') },
  { name: 'French narrow no-break spaces, brut annuel', markdown: 'Salaire : 45\u202f000 € - 55\u202f000 € brut annuel', want: pay(45000, 55000, 'EUR', 'yearly') },
  { name: 'French day rate (TJM)', markdown: 'TJM : 500 - 600 €', want: pay(500, 600, 'EUR', 'daily') },
  { name: 'Spanish brutos anuales', markdown: 'Salario: 30.000 - 40.000 € brutos anuales', want: pay(30000, 40000, 'EUR', 'yearly') },
  { name: 'Polish zł before the range, brutto miesięcznie', markdown: 'Wynagrodzenie: zł 15 000 - 20 000 brutto miesięcznie', want: pay(15000, 20000, 'PLN', 'monthly') },
  { name: 'Polish PLN after, no period (20,000 PLN may be monthly)', markdown: 'Widełki: 15 000 – 20 000 PLN netto + VAT (B2B)', want: pay(15000, 20000, 'PLN', null) },
  { name: 'Polish /mies.', markdown: 'Stawka: 18 000 - 24 000 PLN/mies. (B2B)', want: pay(18000, 24000, 'PLN', 'monthly') },
  { name: 'annualized salary (Workday)', markdown: 'Pay range\n\n$75,700.00 - $134,400.00 annualized salary, offers to be determined based on experience.', want: pay(75700, 134400, 'USD', 'yearly') },
  {
    name: 'mis-encoded £ (Â£) under an on-target earnings label',
    markdown: 'For work locations in London (United Kingdom), the on-target earning range for this role is:\n\nÂ£61,100—Â£75,200 GBP',
    want: pay(61100, 75200, 'GBP', 'yearly'),
  },
  {
    name: 'first-year income with a "+" after the range',
    markdown: '- Average first-year income range: $30,000 - $50,000+ (Base Salary + Commission + Bonuses)',
    want: pay(30000, 50000, 'USD', 'yearly'),
  },
];

const SINGLE_AND_PERIODS: Case[] = [
  {
    name: 'the first range of several, its sentence read across an abbreviation ("the U.S. is")',
    markdown: 'The typical base pay range for this role across the U.S. is: $50,000/year - $80,000/year + bonus + equity + benefits. For Colorado, the salary range is: $55,000 - $75,000 + bonus.',
    want: pay(50000, 80000, 'USD', 'yearly'),
  },
  { name: 'a period written as an adverb after a slash', markdown: 'This is a part-time, contracting role where compensation will be paid out $500/monthly.', want: pay(500, 500, 'USD', 'monthly') },
  { name: '"/hourly" and "/annually"', markdown: 'Rate: $45 - $55/hourly. Full-time equivalent: $95,000/annually.', want: pay(45, 55, 'USD', 'hourly') },
  {
    name: "a contractor's fee for the position",
    markdown: '**Compensation**\n\nThe anticipated fee for this position is $52 - $60 per hour. The actual fee offered depends on the qualifications of the individual applicant.',
    want: pay(52, 60, 'USD', 'hourly'),
  },
  { name: 'an hourly consulting fee', markdown: 'Hourly consulting fee: €80 - €95.', want: pay(80, 95, 'EUR', 'hourly') },
  { name: 'a period on both ends of a range', markdown: 'The typical base pay range for this role is: $50,000/year - $80,000/year + bonus + equity.', want: pay(50000, 80000, 'USD', 'yearly') },
  { name: 'hourly on both ends', markdown: 'Pay: $25/hr - $30/hr', want: pay(25, 30, 'USD', 'hourly') },
  { name: 'a band from zero states only its upper end', markdown: 'Salary range: $0 – $123K', want: pay(null, 123000, 'USD', 'yearly') },
  { name: 'hourly with /hr', markdown: 'Pay rate: $25/hr', want: pay(25, 25, 'USD', 'hourly') },
  { name: 'hourly range "per hour"', markdown: '$30 - $35 per hour', want: pay(30, 35, 'USD', 'hourly') },
  { name: 'hourly with cents', markdown: 'The hourly pay for this position is $21.43 - $30.35 per hour.', want: pay(21.43, 30.35, 'USD', 'hourly') },
  { name: 'daily rate first when an hourly one follows', markdown: 'Compensation: $300 - $425/Day ($21.43 - $30.35 per hour)', want: pay(300, 425, 'USD', 'daily') },
  { name: 'small amounts without a period are hourly (intern)', markdown: 'Pay Range\n\n$28—$32 USD', want: pay(28, 32, 'USD', 'hourly') },
  { name: '"up to" gives only a maximum', markdown: 'Salary: up to $200,000', want: pay(null, 200000, 'USD', 'yearly') },
  { name: '"from ... per month" gives only a minimum', markdown: 'Vergütung: from €4,000 per month', want: pay(4000, null, 'EUR', 'monthly') },
  { name: 'German "ab" gives only a minimum', markdown: 'Gehalt: ab 4.500 € brutto monatlich', want: pay(4500, null, 'EUR', 'monthly') },
  { name: '"$120,000+" is open above', markdown: 'Base salary: $120,000+', want: pay(120000, null, 'USD', 'yearly') },
  {
    name: 'monthly internship rate, a stipend after it is not part of it',
    markdown: '- The monthly rate for this internship is $11,700 USD + housing stipend',
    want: pay(11700, 11700, 'USD', 'monthly'),
  },
  { name: 'German Stundenlohn', markdown: 'Stundenlohn: 15,50 € brutto', want: pay(15.5, 15.5, 'EUR', 'hourly') },
  { name: 'a large amount with no period is yearly', markdown: 'Compensation: €85,000', want: pay(85000, 85000, 'EUR', 'yearly') },
  { name: 'a mid-size amount with no period keeps the period unknown', markdown: 'Compensation: £450 - £550', want: pay(450, 550, 'GBP', null) },
];

const CHOICE: Case[] = [
  {
    name: 'several US zones: the first stated range',
    markdown: '**Pay Range**\n\nZone A: $150,000 - $180,000\n\nZone B: $135,000 - $162,000\n\nZone C: $120,000 - $144,000',
    want: pay(150000, 180000, 'USD', 'yearly'),
  },
  {
    name: 'base pay wins over OTE on the same line',
    markdown: 'OTE: $200,000 - $240,000; base salary $100,000 - $120,000',
    want: pay(100000, 120000, 'USD', 'yearly'),
  },
  {
    name: 'a learning budget before the salary line is skipped',
    markdown: '**Benefits**\n\n- $1,000 annual learning budget\n\n**Compensation**\n\nThe salary range is $90,000 - $110,000.',
    want: pay(90000, 110000, 'USD', 'yearly'),
  },
  {
    name: 'a range with a level number before it ("Level 2 - $120,000 - $150,000")',
    markdown: 'Level 2 - $120,000 - $150,000',
    want: pay(120000, 150000, 'USD', 'yearly'),
  },
  { name: 'bare numbers after a pay word take the country\'s currency', markdown: 'Gehalt: 60.000 - 75.000 brutto/Jahr', country: 'DE', want: pay(60000, 75000, 'EUR', 'yearly') },
];

const NOT_PAY: Case[] = [
  {
    name: 'a short perk item naming pay opens no pay block; a commuter benefit is not pay',
    markdown: '**Benefits**\n\n- Industry competitive pay\n- Medical, dental and vision\n- Company paid commuter benefit; $200 per month',
    want: null,
  },
  { name: 'a monthly phone and internet allowance', markdown: '- $50 per month towards your phone and internet bills', want: null },
  { name: '401(k)', markdown: '- 401(k) with 4% company match', country: 'US', want: null },
  { name: 'funding round in millions', markdown: 'We raised a $10M Series B led by Accel in 2023.', want: null },
  { name: 'funding and valuation (m, bn)', markdown: '- Raised $240m to date, from Sequoia’s first German seed to our recent $180m Series C - bringing us to a $2.5bn valuation', want: null },
  { name: 'learning budget', markdown: '- $1,000 annual learning budget', want: null },
  { name: 'home office stipend', markdown: '- $500 home office stipend to set up your workspace', want: null },
  { name: 'referral bonus', markdown: 'Refer a friend and earn a $2,000 referral bonus.', want: null },
  { name: 'pay-transparency boilerplate without amounts', markdown: 'The salary range for this role may vary based on location, experience and skills.', country: 'US', want: null },
  { name: 'years and counts', markdown: 'Founded in 2024, we now serve 2,000 customers in 30 countries.', country: 'US', want: null },
  { name: 'phone number', markdown: 'Questions about pay? Call +1 (415) 555-0100.', country: 'US', want: null },
  {
    name: 'deal sizes and company sizes in a sales posting',
    markdown: '- Close net new enterprise logos in the $80K to $250K ACV range, targeting companies with 2,500 to 5,000 employees across your territory.',
    country: 'US',
    want: null,
  },
  { name: 'a perk "per month" too small to be a salary', markdown: "- **Giving back** – you'll get $100 per month to support open-source projects you care about.", want: null },
  { name: 'health-account allowance "per year"', markdown: '- Fertility HRA (up to $5,000 per year)', want: null },
  { name: 'equity percentages', markdown: 'Equity: 0.1% - 0.25%', want: null },
  { name: 'an equity grant', markdown: 'This role is eligible for an equity grant of $50,000 vesting over four years.', want: null },
  { name: 'company payment volume', markdown: 'Our customers process over $5 billion in payments every year.', want: null },
  { name: 'German ticket subsidy', markdown: '- 30 Tage Urlaub und 50 € Zuschuss zum Deutschlandticket', want: null },
  { name: 'Polish training budget', markdown: '- Budżet szkoleniowy 3 000 zł rocznie', want: null },
  { name: 'a year next to a pay word', markdown: 'Salary review in 2025.', country: 'US', want: null },
  { name: 'an agency fee', markdown: 'We do not pay agency fees of $5,000 or more for unsolicited résumés.', country: 'US', want: null },
  { name: 'an application fee', markdown: 'There is no application fee; the $50 fee for a background check is covered by us.', country: 'US', want: null },
  { name: 'an address line in a pay block', markdown: '**Pay Transparency details**\n\nUS - NY - New York - 1114 Avenue Of The Americas', country: 'US', want: null },
  { name: 'empty description', markdown: '', want: null },
];

for (const [group, cases] of [['ranges', RANGES], ['single values and periods', SINGLE_AND_PERIODS], ['which amount', CHOICE], ['not pay', NOT_PAY]] as const) {
  t.test(group, async (t) => {
    for (const item of cases) t.same(payFromText(item.markdown, { countryCode: item.country ?? null }), item.want, item.name);
  });
}

t.test('the hint is optional and a country without a dollar keeps "$" as USD', async (t) => {
  t.same(payFromText('Salary: $100,000 - $120,000'), pay(100000, 120000, 'USD', 'yearly'));
  t.same(payFromText('Salary: $100,000 - $120,000', { countryCode: 'de' }), pay(100000, 120000, 'USD', 'yearly'));
  t.same(payFromText('Salary: $100,000 - $120,000', { countryCode: 'au' }), pay(100000, 120000, 'AUD', 'yearly'));
});

t.test('pay in a real-looking posting with traps before it', async (t) => {
  const markdown = [
    '**About us**',
    '',
    'Backed by top-tier investors, we’ve raised $31.8M in funding and serve 3,000 organizations across 75 countries.',
    '',
    '**What we offer**',
    '',
    '- 401(k) with 4% match',
    '- $1,000 annual learning budget',
    '- Full-time employees enjoy unlimited PTO',
    '',
    '**Compensation**',
    '',
    'The US base salary range for this full-time position is $151,500 - $227,300 + equity + benefits. Individual pay is determined by location, skills and experience.',
  ].join('\n');
  t.same(payFromText(markdown, { countryCode: 'US' }), pay(151500, 227300, 'USD', 'yearly'));
});

t.test('pay stated in fields: a band from zero states only its upper end; others are served as stated', async (t) => {
  t.same(statedPay(pay(0, 123000, 'USD', 'yearly')), pay(null, 123000, 'USD', 'yearly'));
  t.same(statedPay(pay(90000, 110000, 'USD', 'yearly')), pay(90000, 110000, 'USD', 'yearly'));
  t.same(statedPay(pay(0, 0, 'USD', 'yearly')), pay(0, 0, 'USD', 'yearly'));
  t.equal(statedPay(null), null);
});
