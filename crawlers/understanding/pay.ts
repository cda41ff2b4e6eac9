// Compensation (spec 2.4: {min, max, currency ISO 4217, period}) from the posting text, for
// postings whose ATS states none. Reads the description's lines (crawlers/understanding/text.ts)
// and finds money expressions: ranges and single values in the formats postings use
// ("$151,500 USD - $227,300 USD", "$120k–$150k", "€60.000 - €75.000 brutto/Jahr", "£45,000 per
// annum", "CAD 90,000 to 110,000", "₹12,00,000 - ₹18,00,000 per annum", "$25/hr", "up to
// $200,000", "from €4,000 per month", "70-90k EUR p.a.", "zł 15 000 - 20 000 brutto miesięcznie",
// "CHF 120'000", "12-18 LPA").
//
// Which amounts are pay: each expression is judged by the words around it in its sentence. A
// word right after it ("$1,000 learning budget", "$500 home office stipend", "$10,000 signing
// bonus") or the last keyword before it ("referral bonus of $2,000", "equity grant of $50,000",
// "Salary: ...") decides; a neutral expression counts when it sits under a pay heading ("**Pay
// Range**", "Salary range:"), when a pay period is attached ("$120,000 - $150,000 per year") or
// when it stands alone on its line. Never pay: millions/billions ("$10M Series B"), percentages,
// 401(k), years ("2024"), phone numbers, amounts without any currency (unless a pay sentence
// and the posting's country give one). Boilerplate without amounts ("the salary range for this
// role may vary") has nothing to read.
//
// Decisions:
// - The first pay expression in the text wins (several US zones/regions: the first stated);
//   within its line an amount called "base" wins over OTE/total.
// - "$" is USD unless the line names another dollar (CAD, AUD, ... or "Canadian", "Australian")
//   or hints.countryCode is a dollar country (CA → CAD, AU → AUD, NZ, SG, HK, MX, ...); "kr"
//   needs the country (SEK/NOK/DKK). Mis-encoded "Â£" / "â‚¬" read as £ / €.
// - Period: stated after the amount ("per hour", "/Jahr", "p.a.", "miesięcznie"), else before it in
//   the sentence or in the pay heading ("Annual Salary Range", "Stundenlohn", "Monatsgehalt").
//   When nothing states it, it is inferred only where it cannot be anything else: in USD, EUR,
//   GBP, CHF, CAD, AUD or NZD an amount of at least 20,000 is yearly (no monthly or hourly pay
//   is that high) and one under 150 is hourly (no day, week, month or year pays that little);
//   anything else keeps period null (20,000 PLN or 300,000 JPY is a monthly salary, £450 may be
//   a day rate or a week).
// - A neutral amount (no pay word in its sentence or heading) must also look like pay for its
//   period in those currencies ("$100 per month to support open source" is not a salary).
// - A single amount is {min: x, max: x}; "up to x" is {min: null, max: x}; "from x"/"x+" is
//   {min: x, max: null}. A "k" on the upper bound only ("70-90k") applies to both.
import type { Compensation, SalaryPeriod } from '../../db/jobs.ts';
import { matchesOf, sentenceBounds, spaced, textLines, WORD_END as E, WORD_START as S } from './text.ts';

// ---------------------------------------------------------------------------------------------
// Currencies

const ISO_CODES =
  'USD|EUR|GBP|CAD|AUD|NZD|CHF|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|INR|SGD|HKD|JPY|CNY|RMB|KRW|BRL|MXN|ZAR|AED|SAR|QAR|KWD|BHD|OMR|ILS|TRY|ARS|CLP|COP|PEN|UYU|PHP|IDR|MYR|THB|VND|TWD|UAH|EGP|NGN|KES|PKR|BDT|LKR|RUB';
/** Currency tokens as written next to amounts (symbols, codes, words). Codes and words need word edges. */
const CURRENCY =
  `(?:US\\$|USD ?\\$|CA\\$|CAD ?\\$|C\\$|AU\\$|AUD ?\\$|A\\$|NZ\\$|SG\\$|S\\$|HK\\$|R\\$|MX\\$|NT\\$|\\$|Â?€|â‚¬|Â?£|₹|¥|₩|₪|₺|₱|₦|₽|₴|₫|฿|` +
  `${S}(?:${ISO_CODES}|[zZ][łŁ]|ZŁ|Rs\\.?|Fr\\.|kr\\.?|Kč|lei|[eE]uros?|EUROS?|[dD]ollars?|złotych|zlotych|rupees|pesos|reais)${E})`;

const SYMBOLS: Record<string, string> = {
  'US$': 'USD', 'CA$': 'CAD', 'C$': 'CAD', 'AU$': 'AUD', 'A$': 'AUD', 'NZ$': 'NZD', 'SG$': 'SGD', 'S$': 'SGD', 'HK$': 'HKD', 'R$': 'BRL', 'MX$': 'MXN', 'NT$': 'TWD',
  '€': 'EUR', 'â‚¬': 'EUR', 'Â€': 'EUR', '£': 'GBP', 'Â£': 'GBP', '₹': 'INR', '₩': 'KRW', '₪': 'ILS', '₺': 'TRY', '₱': 'PHP', '₦': 'NGN', '₽': 'RUB', '₴': 'UAH', '₫': 'VND', '฿': 'THB',
  zł: 'PLN', złotych: 'PLN', zlotych: 'PLN', rs: 'INR', 'rs.': 'INR', rupees: 'INR', 'fr.': 'CHF', kč: 'CZK', lei: 'RON', euro: 'EUR', euros: 'EUR', reais: 'BRL', rmb: 'CNY',
};
/** Where "$" is the local dollar (or peso). */
const DOLLAR_COUNTRY: Record<string, string> = { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN', TW: 'TWD', AR: 'ARS', CL: 'CLP', CO: 'COP' };
const KRONA_COUNTRY: Record<string, string> = { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' };
const PESO_COUNTRY: Record<string, string> = { MX: 'MXN', AR: 'ARS', CL: 'CLP', CO: 'COP', PH: 'PHP', UY: 'UYU' };
/** A country's currency, for an amount in a pay sentence that names none. */
const COUNTRY_CURRENCY: Record<string, string> = {
  US: 'USD', CA: 'CAD', GB: 'GBP', IE: 'EUR', DE: 'EUR', AT: 'EUR', FR: 'EUR', ES: 'EUR', IT: 'EUR', NL: 'EUR', BE: 'EUR', PT: 'EUR', FI: 'EUR', LU: 'EUR', GR: 'EUR',
  SK: 'EUR', SI: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', HR: 'EUR', MT: 'EUR', CY: 'EUR', PL: 'PLN', CH: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK', CZ: 'CZK', HU: 'HUF',
  RO: 'RON', BG: 'BGN', IN: 'INR', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', JP: 'JPY', CN: 'CNY', KR: 'KRW', BR: 'BRL', MX: 'MXN', ZA: 'ZAR', AE: 'AED', IL: 'ILS',
};
/** Currencies in which an amount ≥ 20,000 can only be a yearly salary. */
const YEARLY_IF_LARGE = new Set(['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD', 'NZD']);
const DOLLAR_CODES = /(?<![A-Z])(USD|CAD|AUD|NZD|SGD|HKD|MXN)(?![A-Z])/;
/** A line about another dollar's country, and not also about the US ("the annual Canadian base salary range"). */
const DOLLAR_COUNTRY_WORDS: Array<[RegExp, string]> = [
  [/\b(?:Canadian|Canada)\b/, 'CAD'],
  [/\b(?:Australian|Australia)\b/, 'AUD'],
  [/\bNew Zealand\b/, 'NZD'],
  [/\b(?:Singapore|Singaporean)\b/, 'SGD'],
];
const US_WORDS = /\b(?:US|U\.S\.|USA|United States|American)\b/;
const ANY_CURRENCY = new RegExp(CURRENCY, 'gu');

/** ISO code of a currency token; null when it needs a country that is not known. */
function currencyOf(token: string, country: string | null, line: string): string | null {
  const trimmed = token.replace(/\s+/g, '');
  if (/^[A-Z]{3}$/.test(trimmed)) return trimmed === 'RMB' ? 'CNY' : trimmed;
  if (/^(?:USD|CAD|AUD)\$$/.test(trimmed)) return trimmed.slice(0, 3);
  if (trimmed === '$' || /^dollars?$/i.test(trimmed)) {
    const named = DOLLAR_CODES.exec(line);
    if (named) return named[1]!;
    if (!US_WORDS.test(line)) for (const [words, code] of DOLLAR_COUNTRY_WORDS) if (words.test(line)) return code;
    return (country && DOLLAR_COUNTRY[country]) || 'USD';
  }
  if (trimmed === '¥') return country === 'CN' ? 'CNY' : 'JPY';
  if (/^kr\.?$/i.test(trimmed)) return (country && KRONA_COUNTRY[country]) ?? null;
  if (/^pesos$/i.test(trimmed)) return (country && PESO_COUNTRY[country]) ?? null;
  return SYMBOLS[trimmed] ?? SYMBOLS[trimmed.toLowerCase()] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Money expressions

/** An amount: Indian grouping (12,00,000), consistent thousands groups (151,500 / 60.000 / 15 000 / 120'000), or plain digits; optional decimals. */
const number = (name: string) =>
  `(?<${name}>(?:\\d{1,2}(?:,\\d{2})+,\\d{3}|\\d{1,3}(?<${name}g>[,.'’\\u00a0\\u202f\\u2009 ])\\d{3}(?:\\k<${name}g>\\d{3})*|\\d+)(?:[.,]\\d{1,2})?)(?!\\d)`;
/** What follows an amount: thousands (k, tys., Tsd., TEUR), lakhs, or millions/billions (never pay). */
const multiplier = (name: string) =>
  `(?:[ \\u00a0]?(?<${name}>[kK](?![\\p{L}\\p{N}])|tys\\.|tys${E}|Tsd\\.|TEUR${E}|lakhs?${E}|lacs?${E}|LPA${E}|[Mm]io\\.?|[Mm]n${E}|MM${E}|[Mm]illion(?:s|en)?${E}|millones${E}|milliards?${E}|Mrd\\.?|mln${E}|mld${E}|[Bb]n${E}|[Bb]illion(?:s|en)?${E}|M(?![\\p{L}\\p{N}])|B(?![\\p{L}\\p{N}])))?`;
/** A period written on the lower end of a range too ("$50,000/year - $80,000/year"); the upper end's is read as usual. */
const PERIOD_ON_LOW = '(?:\\s?/\\s?(?:year|yr|annum|hour|hr|h|month|mo|week|wk|day))';
const CONNECTOR = '(?:\\s*[-–—‐‑~]\\s*|\\s+(?:to|bis|à|a|and|do|y|und|até)\\s+)';
/** A currency written just before an amount (checked on the few characters before it, so the scan can start at digits). */
const CURRENCY_BEFORE = new RegExp(`(?:${CURRENCY})\\s?$`, 'u');
const MONEY = new RegExp(
  `(?<![\\p{L}\\d])(?<!\\d[.,])${number('n1')}${multiplier('m1')}(?:\\s?(?<c2>${CURRENCY}))?` +
    `(?:${PERIOD_ON_LOW}?${CONNECTOR}(?:(?<c3>${CURRENCY})\\s?)?${number('n2')}${multiplier('m2')}(?:\\s?(?<c4>${CURRENCY}))?)?`,
  'gdu',
);
const THOUSANDS = /^(?:[kK]|tys\.?|Tsd\.|TEUR)$/;
const LAKHS = /^(?:lakhs?|lacs?|LPA)$/;

/** The value of an amount as written ("151,500.00", "60.000", "15 000", "12,00,000", "25,50", "1.5"). */
function amountOf(raw: string): number {
  const decimal = /^(.*\d)[.,](\d{1,2})$/.exec(raw);
  // "60.000" / "151,500": a last group of three digits is never a decimal (the regex only allows 1–2).
  const whole = decimal ? decimal[1]! : raw;
  const digits = Number(whole.replace(/\D/g, ''));
  return decimal ? digits + Number(`0.${decimal[2]}`) : digits;
}

// ---------------------------------------------------------------------------------------------
// Words around an amount

/** After "fee": the role's own ("fee for this position"), not an application, agency or referral fee. */
const FEE_FOR_ROLE = '(?:for|of) (?:this|the) (?:position|role|contract|engagement|assignment)';
const NOT_PAY = [
  'minimum wage', '401 ?\\(?k\\)?', '403 ?\\(?b\\)?', 'bonus(?:es)?', 'referrals?', 'stipends?', 'allowances?', 'budgets?', 'reimburse\\p{L}*', 'relocation', 'equity', 'rsus?', 'stock',
  'options', 'shares', 'funding', 'funded', 'raised', 'raises?', 'series [a-f]', 'valuation', 'revenues?', 'arr', 'investments?', 'investors?', 'invested', 'backed', 'donat\\p{L}*',
  'grants?', 'tuition', 'match(?:ing|ed)?', 'credits?', 'gifts?', 'vouchers?', 'per diem', 'deals?', 'acv', 'quotas?', 'contract value', 'portfolio', 'spend(?:ing)?', 'p&l', 'aum',
  'assets', 'loans?', 'transactions?', 'prizes?', 'awards?', `fees?(?! ${FEE_FOR_ROLE})`, 'costs?', 'price', 'pricing', 'savings', 'save', 'wellness', 'learning', 'training', 'education', 'conference',
  'equipment', 'gym', 'insurance', 'coverage', 'deductible', 'premiums?', 'pension', 'retirement', 'commissions?', 'prämie\\p{L}*', 'zuschuss', 'zuschüsse', 'weiterbildung\\p{L}*',
  'fahrtkosten', 'jobrad', 'umsatz', 'finanzierung\\p{L}*', 'urlaubsgeld', 'weihnachtsgeld', 'sachbezug', 'primes?', 'levée', 'chiffre d[\'’]affaires', 'tickets? resto\\p{L}*',
  'mutuelle', 'intéressement', 'bono', 'bonos', 'presupuesto', 'facturación', 'financiación', 'ronda', 'seguro', 'formación', 'premi[ae]', 'budżet\\p{L}*', 'dofinansowani\\p{L}*',
  'finansowani\\p{L}*', 'obrót', 'przychód', 'multisport', 'ubezpieczeni\\p{L}*', 'szkoleni\\p{L}*',
  // Perks paid in money: "commuter benefit; $200 per month", "$50 monthly phone allowance".
  'commut\\p{L}*', 'transit', 'parking', 'phone', 'internet', 'childcare', 'meals?', 'lunch(?:es)?',
  // Counts and sizes that sit next to money: "2,500 to 5,000 employees", "$80K to $250K ACV".
  'employees', 'people', 'customers', 'users', 'countries', 'companies', 'organi[sz]ations', 'members', 'integrations', 'downloads', 'merchants', 'businesses',
  'mitarbeit\\p{L}*', 'kunden', 'salariés', 'collaborateurs', 'empleados', 'clientes', 'pracownik\\p{L}*', 'klient\\p{L}*',
];
const PAY = [
  'salary', 'salaries', 'salaire', 'salario', 'salarial', 'sueldo', 'pay', 'compensation', 'wages?', 'base', '(?:hourly|day|daily|weekly|monthly|annual|pay|base|contract|freelance) rates?', 'rate of pay', 'ote',
  // A contractor's fee is the role's pay ("the anticipated fee for this position is $52 - $60 per hour", "hourly fee").
  `fees? ${FEE_FOR_ROLE}`, '(?:hourly|daily|weekly|monthly|contractor|consulting|contract|freelance) fees?',
  'on[- ]target earnings?', 'earnings', '(?:first[- ]year |annual |yearly )?income', 'remuneration', 'rémunération', 'remuneración', 'retribución', '\\p{L}*gehalt\\p{L}*', 'vergütung', 'entgelt', '\\p{L}*lohn', 'verdienst', 'tjm', 'taux journalier',
  'wynagrodzeni\\p{L}*', 'stawk\\p{L}*', 'widełki', 'pensj\\p{L}*', 'zarobki', 'brutto', 'bruto', 'brut', 'gross',
];
const alternatives = (list: string[]) => list.map(spaced).join('|');
const KEYWORD = new RegExp(`${S}(?:(?<not>${alternatives(NOT_PAY)})|(?<pay>${alternatives(PAY)}))${E}`, 'giu');
/** A keyword right after the amount, at most three words on, with no "+", "," or "and" between ("$500 home office stipend"). */
const KEYWORD_AFTER = new RegExp(
  `^[^\\S\\n]*(?:\\(?(?:${ISO_CODES})\\)?[^\\S\\n]+)?(?:(?!(?:and|plus|with|und|mit|et|avec|y|con|i|oraz|or)${E})[\\p{L}'’-]+[^\\S\\n]+){0,3}?(?:(?<not>${alternatives(NOT_PAY)})|(?<pay>${alternatives(PAY)}))${E}`,
  'iu',
);

const PERIODS: Record<SalaryPeriod, string[]> = {
  yearly: ['(?:per|a|an|each|every|pro|par|al|por|na|w|im) (?:year|yr|annum|anum|jahr|an|année|año|rok)', '/ ?(?:year|yr|y|annum|jahr|an|año|rok|yearly|annually)', 'annually', 'annual', 'yearly',
    'p\\. ?a\\.?', 'pa', 'annuali[sz]ed', 'jährlich', '\\p{L}*jahresgehalt', 'jahresbrutto', 'annuel(?:le)?', 'brut annuel', 'anual(?:es)?', 'bruto anual', 'rocznie', 'lpa'],
  monthly: ['(?:per|a|each|every|pro|par|al|por|na|w|im|za) (?:month|mo|monat|mois|mes|miesiąc)', '/ ?(?:month|mo|mth|monat|m|mois|mes|mc|msc|mies\\.?|miesiąc|mtl|monthly)', 'monthly',
    'monatlich', 'mtl\\.?', '\\p{L}*monatsgehalt', 'mensuel(?:le)?', 'brut mensuel', 'mensual(?:es)?', 'bruto mensual', 'miesięcznie', 'mies\\.', 'p\\. ?m\\.?'],
  weekly: ['(?:per|a|each|pro|par|por|na|w|za) (?:week|wk|woche|semaine|semana|tydzień)', '/ ?(?:week|wk|w|woche|weekly)', 'weekly', 'wöchentlich', 'hebdomadaire', 'semanal(?:es)?', 'tygodniowo'],
  daily: ['(?:per|a|each|pro|par|al|por|na|za) (?:day|tag|jour|día|dia|dzień)', '/ ?(?:day|d|tag|jour|día|dia|dzień|daily)', 'daily', 'täglich', 'tagessatz', 'journalier', 'diari[oa]',
    'dziennie', 'day rate', 'daily rate', 'tjm'],
  hourly: ['(?:per|an|a|each|pro|par|de l[\'’]|por|na|za|la) (?:hour|hr|stunde|std\\.?|heure|hora|godzinę|godz\\.?)', '/ ?(?:hour|hr|h|std\\.?|stunde|heure|hora|godz\\.?|godzinę|hourly)',
    'hourly', 'stündlich', 'stundenlohn', 'stundensatz', 'horaire', 'godzinowo', 'ph', 'p/h'],
  'per-diem': [],
};
const PERIOD_NAMES: SalaryPeriod[] = ['yearly', 'monthly', 'weekly', 'daily', 'hourly'];
const periodGroups = (table: Record<SalaryPeriod, string[]>) =>
  PERIOD_NAMES.map((name) => `(?<${name}>${alternatives(table[name])})`).join('|');
const FILLER = `(?:gross|brutto|brut[oa]s?|brut|net[oa]s?|netto|net|base|ote|pre-tax|before tax(?:es)?|\\+ ?vat|plus vat|b2b|uop|ctc|salary|gehalt|wage|pay|rate|range|fixed|fixe|total|\\(?(?:${ISO_CODES})\\)?|${CURRENCY})`;
/** The period stated right after an amount ("per hour", "/Jahr", "brutto miesięcznie", "USD annually"). */
const PERIOD_AFTER = new RegExp(`^[\\s,(]*(?:${FILLER}[\\s,)/.]*){0,3}?(?:${periodGroups(PERIODS)})${E}`, 'iu');
const PERIOD_WORDS: Record<SalaryPeriod, string[]> = {
  yearly: ['annual', 'annually', 'annuali[sz]ed', 'yearly', 'per annum', 'per year', 'jahres\\p{L}*', '\\p{L}*jahresgehalt', 'annuel(?:le)?', 'anual', 'roczne', 'rocznie'],
  monthly: ['monthly', 'per month', 'monats\\p{L}*', '\\p{L}*monatsgehalt', 'mensuel(?:le)?', 'mensual', 'miesięczn\\p{L}*'],
  weekly: ['weekly', 'per week', 'wochen\\p{L}*'],
  daily: ['daily', 'day rate', 'per day', 'tagessatz', 'journalier', 'tjm', 'taux journalier', 'diari[oa]', 'dzienn\\p{L}*'],
  hourly: ['hourly', 'per hour', 'stunden\\p{L}*', 'horaire', 'por hora', 'godzinow\\p{L}*'],
  'per-diem': [],
};
/** A period named before an amount or in a pay heading ("Annual Salary Range", "Stundenlohn:"). */
const PERIOD_BEFORE = new RegExp(`${S}(?:${periodGroups(PERIOD_WORDS)})${E}`, 'giu');

const UP_TO = /(?:up to|upto|as much as|max(?:imum)?\.?(?: of)?|bis zu|bis|höchstens|jusqu['’]à|hasta|do|maks\.?|maksymalnie)\s*$/iu;
const FROM = /(?:from|starting (?:at|from)|starts at|at least|min(?:imum)?\.?(?: of)?|ab|von|mindestens|à partir de|dès|desde|a partir de|od|no less than)\s*$/iu;
/** "$120,000+" / "$120k+ per year": an open upper end (not "+ equity", "+ housing stipend"). */
const PLUS_AFTER = /^\+(?:\s*(?:$|[.,;:)/]|per\b|a\s+year|annually|p\.?a\b|yearly))/iu;
const PERCENT_AFTER = /^\s*%/;
const PHONE_AROUND = /\d[-.)]\s?$/;
const PHONE_AFTER = /^[-.]\d/;
const PENSION_PLAN = /^(?:401|403|457)$/;
const DIGIT = /\d/;
const endsSentence = (text: string) => text.endsWith('.') || text.endsWith('!') || text.endsWith('?');
const BASE = /(?<![\p{L}])base(?![\p{L}])/iu;

/** namedCurrency's answer for a line that names no single currency. */
const NONE = null;
const isYear = (value: number) => value >= 1900 && value <= 2100 && Number.isInteger(value);

/** The one currency a line names (for its bare numbers); NONE when it names none or several. */
function namedCurrency(line: string, country: string | null): string | null {
  const named = new Set<string>();
  for (const found of matchesOf(line, ANY_CURRENCY)) {
    const code = currencyOf(found[0], country, line);
    if (code) named.add(code);
  }
  return named.size === 1 ? [...named][0]! : NONE;
}

interface Found {
  pay: Compensation;
  base: boolean;
}

function periodOf(match: RegExpExecArray | null): SalaryPeriod | null {
  if (!match) return null;
  return PERIOD_NAMES.find((name) => match.groups![name] !== undefined) ?? null;
}

/** The last period word in a text (the one nearest the amount that follows it). */
function lastPeriodWord(text: string): SalaryPeriod | null {
  let last: SalaryPeriod | null = null;
  for (const match of matchesOf(text, PERIOD_BEFORE)) last = periodOf(match);
  return last;
}

/** A pay or not-pay keyword before an amount; `gap` is how far before the amount it ends. */
interface Keyword {
  kind: 'pay' | 'not';
  gap: number;
}

/** The last keyword in the text before an amount (its sentence, or the few characters before a bare number); null when none. */
function keywordBefore(text: string): Keyword | null {
  let last: Keyword | null = null;
  for (const match of matchesOf(text, KEYWORD)) last = { kind: match.groups!.not !== undefined ? 'not' : 'pay', gap: text.length - match.index - match[0].length };
  return last;
}

/** The smallest amount that looks like pay for a period, in the currencies of YEARLY_IF_LARGE (a neutral amount must reach it). */
const FLOOR: Record<SalaryPeriod, number> = { hourly: 7, daily: 50, weekly: 200, monthly: 700, yearly: 10_000, 'per-diem': 50 };
// (The text never yields 'per-diem': a "per diem" amount is an allowance, not pay.)

interface Context {
  country: string | null;
  /** The line is under a pay heading ("**Compensation**", "Salary range:", "Pay Range"). */
  paySection: boolean;
  /** The period a pay heading names. */
  sectionPeriod: SalaryPeriod | null;
}

/** The pay expressions of one line: tier 1 (said to be pay) and tier 2 (neutral, but only money on its line or with a period). */
function payInLine(line: string, context: Context): { first: Found | null; second: Found | null } {
  const tier1: Found[] = [];
  let second: Found | null = null;
  let named: string | null | undefined;
  MONEY.lastIndex = 0;
  for (let match = MONEY.exec(line); match; match = MONEY.exec(line)) {
    const g = match.groups!;
    const indices = match.indices!.groups!;
    const lead = CURRENCY_BEFORE.exec(line.slice(Math.max(0, match.index - 12), match.index));
    const c1 = lead ? lead[0].trim() : undefined;
    const start = match.index - (lead ? lead[0].length : 0);
    const end = match.index + match[0].length;
    const before = line.slice(0, start);
    const after = line.slice(end);

    // Amounts: thousands and lakhs applied ("70-90k": to both ends), millions never pay.
    let low = amountOf(g.n1!);
    let high = g.n2 !== undefined ? amountOf(g.n2) : null;
    const m1 = g.m1;
    const m2 = g.m2;
    if ((m1 && !THOUSANDS.test(m1) && !LAKHS.test(m1)) || (m2 && !THOUSANDS.test(m2) && !LAKHS.test(m2))) continue;
    if (m1 && THOUSANDS.test(m1)) low *= 1000;
    if (m1 && LAKHS.test(m1)) low *= 100_000;
    if (high !== null && m2 && THOUSANDS.test(m2)) {
      if (!m1 && low < high) low *= 1000;
      high *= 1000;
    }
    if (high !== null && m2 && LAKHS.test(m2)) {
      if (!m1 && low < high) low *= 100_000;
      high *= 100_000;
    }
    // A range from zero ("$0 – $123K") states only its upper end.
    const fromZero = low === 0 && high !== null && high > 0;
    // A range whose ends do not belong together ("Level 2 - $120,000"): read again from its second amount.
    if (high !== null && !fromZero && (low <= 0 || high / low > 10 || high < low / 10)) {
      MONEY.lastIndex = indices.c3 ? indices.c3[0] : indices.n2![0];
      continue;
    }
    if ((low <= 0 && !fromZero) || (high !== null && high <= 0)) continue;
    if (PERCENT_AFTER.test(after) || PHONE_AFTER.test(after) || (PHONE_AROUND.test(before) && !c1)) continue;
    if (PENSION_PLAN.test(g.n1!) && /^\s*\(?[kb]/i.test(line.slice(indices.n1![1]))) continue;

    // Currency: written at the amount, else named once elsewhere on the line, else the country's.
    const token = c1 ?? g.c2 ?? g.c3 ?? g.c4;
    const periodMatch = PERIOD_AFTER.exec(after.slice(0, 50));
    let period = periodOf(periodMatch);
    let currency: string | null = null;
    if (token) {
      const coded = [c1, g.c2, g.c3, g.c4].find((value) => value && /^[A-Z]{3}$/.test(value.trim()));
      currency = currencyOf(coded ?? token, context.country, line);
    } else {
      // Bare numbers: never years or small counts, and only where a currency can be known at all.
      if (isYear(low) && (high === null || isYear(high))) continue;
      if (low < 1000 && period !== 'hourly' && period !== 'daily') continue;
      named ??= namedCurrency(line, context.country);
      if (named === NONE && !context.country) continue;
    }

    // Pay or not: a keyword right after wins, else the last keyword before it in the sentence
    // (for a bare number: just before it).
    const [from] = sentenceBounds(line, start);
    const tight = KEYWORD_AFTER.exec(after.slice(0, 60));
    const previous = keywordBefore(line.slice(token ? from : Math.max(from, start - 40), start));
    const kind = tight ? (tight.groups!.not !== undefined ? 'not' : 'pay') : previous ? previous.kind : 'neutral';
    if (kind === 'not') continue;
    const onlyMoney = line.length - (end - start) - (periodMatch ? periodMatch[0].length : 0) <= 14;
    const tier = kind === 'pay' || context.paySection ? 1 : period || onlyMoney ? 2 : 0;
    if (tier === 0) continue;
    if (!token) {
      // A bare number is pay only right after a pay word ("Gehalt: 60.000 - 75.000") or with its period.
      const near = (tight && tight.groups!.pay !== undefined) || (previous?.kind === 'pay' && previous.gap <= 40);
      if (!near && !period) continue;
      currency = named ?? (context.country ? (COUNTRY_CURRENCY[context.country] ?? null) : null);
      if (!currency && !near) continue;
    }

    period ??= lastPeriodWord(line.slice(from, start)) ?? context.sectionPeriod;
    if (!period && ((m1 && LAKHS.test(m1)) || (m2 && LAKHS.test(m2)))) period = 'yearly';
    const certain = currency !== null && YEARLY_IF_LARGE.has(currency);
    const least = fromZero ? high! : low;
    if (!period && certain && least >= 20_000) period = 'yearly';
    if (!period && certain && (high ?? low) < 150 && least >= FLOOR.hourly) period = 'hourly';
    // A neutral amount must look like pay for its period ("$100 per month to support open source" does not).
    if (tier === 2 && certain && (high ?? low) < FLOOR[period ?? 'hourly']) continue;

    let min: number | null = fromZero ? null : low;
    let max: number | null = high ?? low;
    if (high === null) {
      if (UP_TO.test(before.slice(-25))) min = null;
      else if (FROM.test(before.slice(-25)) || PLUS_AFTER.test(after)) max = null;
    }
    const found: Found = { pay: { min, max, currency, period }, base: BASE.test(tight?.groups?.pay ?? line.slice(from, start)) };
    if (tier === 1) tier1.push(found);
    else second ??= found;
  }
  const first = tier1.find((found) => found.base) ?? tier1[0] ?? null;
  return { first, second };
}

/** Anything that may be a currency: lines without one (and without a known country) cannot hold pay. */
const CURRENCY_HINT = /[$€£₹¥₩₪₺₱₦₽₴₫฿]|[A-Z]{3}|[zZ][łŁ]|Rs|Fr\.|kr|Kč|lei|[eE]uro|EURO|[dD]ollar|złot|zlot|rupee|peso|reais/;

/** A heading or label line about pay ("**Compensation**", "Salary range:", "Pay Range", "Vergütung"); gross/brutto alone is not one. */
const PAY_HEADING = new RegExp(`${S}(?:${alternatives(PAY.filter((word) => !['brutto', 'bruto', 'brut', 'gross'].includes(word)))})${E}`, 'iu');

/** Pay an ATS states in fields, as served: a band from zero ("$0 – $123K", as Ashby shows some) states only its upper end. */
export function statedPay(stated: Compensation | null): Compensation | null {
  if (stated && stated.min === 0 && stated.max !== null && stated.max > 0) return { ...stated, min: null };
  return stated;
}

/** The compensation a posting's text states; null when no amount is stated as pay. */
export function payFromText(markdown: string, hints?: { countryCode?: string | null }): Compensation | null {
  const context: Context = { country: hints?.countryCode?.toUpperCase() ?? null, paySection: false, sectionPeriod: null };
  let fallback: Compensation | null = null;
  for (const line of textLines(markdown)) {
    const text = line.text;
    // Lines are trimmed: a label ends with its colon, a sentence with its stop.
    if (line.heading || (text.length <= 80 && text.endsWith(':'))) {
      context.paySection = PAY_HEADING.test(text);
      context.sectionPeriod = context.paySection ? lastPeriodWord(text) : null;
    } else if (!line.item && text.length <= 40 && !DIGIT.test(text) && !endsSentence(text) && PAY_HEADING.test(text)) {
      // A short label line without a colon ("Pay Range", "Annual Salary") opens a pay block too;
      // a short list item ("- Industry competitive pay") is one perk among others, not a label.
      context.paySection = true;
      context.sectionPeriod = lastPeriodWord(text);
    }
    if (!DIGIT.test(text) || (!context.country && !CURRENCY_HINT.test(text))) continue;
    const { first, second } = payInLine(text, context);
    if (first) return first.pay;
    fallback ??= second?.pay ?? null;
  }
  return fallback;
}
