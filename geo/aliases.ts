// The hand-kept part of the gazetteer: what GeoNames lacks or spells otherwise. Keys are
// normalized (geo/normalize.ts).

/** Common names of cities, and the gazetteer city they mean (its name and country). */
export const CITY_ALIASES: Record<string, { name: string; country: string }> = {
  nyc: { name: 'New York City', country: 'US' },
  'new york': { name: 'New York City', country: 'US' },
  'new york ny': { name: 'New York City', country: 'US' },
  manhattan: { name: 'Manhattan', country: 'US' },
  sf: { name: 'San Francisco', country: 'US' },
  'san fran': { name: 'San Francisco', country: 'US' },
  'sf bay area': { name: 'San Francisco', country: 'US' },
  'bay area': { name: 'San Francisco', country: 'US' },
  'san francisco bay area': { name: 'San Francisco', country: 'US' },
  'silicon valley': { name: 'San Jose', country: 'US' },
  la: { name: 'Los Angeles', country: 'US' },
  dc: { name: 'Washington, D.C.', country: 'US' },
  'washington dc': { name: 'Washington, D.C.', country: 'US' },
  'washington d c': { name: 'Washington, D.C.', country: 'US' },
  bangalore: { name: 'Bengaluru', country: 'IN' },
  gurugram: { name: 'Gurgaon', country: 'IN' },
  bombay: { name: 'Mumbai', country: 'IN' },
  'new delhi': { name: 'New Delhi', country: 'IN' },
  'delhi ncr': { name: 'New Delhi', country: 'IN' },
  ncr: { name: 'New Delhi', country: 'IN' },
  madras: { name: 'Chennai', country: 'IN' },
  calcutta: { name: 'Kolkata', country: 'IN' },
  // Abbreviations and short forms postings use.
  'ny ny': { name: 'New York City', country: 'US' },
  'nyc ny': { name: 'New York City', country: 'US' },
  philly: { name: 'Philadelphia', country: 'US' },
  slc: { name: 'Salt Lake City', country: 'US' },
  nola: { name: 'New Orleans', country: 'US' },
  dfw: { name: 'Dallas', country: 'US' },
  'dallas fort worth': { name: 'Dallas', country: 'US' },
  'raleigh durham': { name: 'Raleigh', country: 'US' },
  'tampa bay': { name: 'Tampa', country: 'US' },
  'minneapolis st paul': { name: 'Minneapolis', country: 'US' },
  'twin cities': { name: 'Minneapolis', country: 'US' },
  bcn: { name: 'Barcelona', country: 'ES' },
  'frankfurt a m': { name: 'Frankfurt am Main', country: 'DE' },
  'frankfurt a main': { name: 'Frankfurt am Main', country: 'DE' },
  'frankfurt main': { name: 'Frankfurt am Main', country: 'DE' },
  ffm: { name: 'Frankfurt am Main', country: 'DE' },
  cdmx: { name: 'Mexico City', country: 'MX' },
  'ciudad de mexico': { name: 'Mexico City', country: 'MX' },
  'mexico d f': { name: 'Mexico City', country: 'MX' },
  caba: { name: 'Buenos Aires', country: 'AR' },
  'capital federal': { name: 'Buenos Aires', country: 'AR' },
  'ciudad autonoma de buenos aires': { name: 'Buenos Aires', country: 'AR' },
  kl: { name: 'Kuala Lumpur', country: 'MY' },
  // GeoNames' own alternate name of George Town; "Penang" in a posting means the island city.
  penang: { name: 'George Town', country: 'MY' },
  'pulau pinang': { name: 'George Town', country: 'MY' },
  hcmc: { name: 'Ho Chi Minh City', country: 'VN' },
  saigon: { name: 'Ho Chi Minh City', country: 'VN' },
  'ho chi minh': { name: 'Ho Chi Minh City', country: 'VN' },
  'tel aviv yafo': { name: 'Tel Aviv', country: 'IL' },
  'tel aviv jaffa': { name: 'Tel Aviv', country: 'IL' },
  'den haag': { name: 'The Hague', country: 'NL' },
  's gravenhage': { name: 'The Hague', country: 'NL' },
  'hong kong sar': { name: 'Hong Kong', country: 'HK' },
  'hong kong sar china': { name: 'Hong Kong', country: 'HK' },
  hksar: { name: 'Hong Kong', country: 'HK' },
};

/**
 * Regions whose name, in a posting, means the city of that name inside them, where
 * GeoNames has the city under another primary name ("Geneva" is the canton and Genève).
 * By country, then the region's normalized name, then the city's GeoNames name.
 */
export const REGION_CITIES: Record<string, Record<string, string>> = {
  CH: { geneva: 'Genève' },
  MX: { queretaro: 'Santiago de Querétaro' },
  AR: { tucuman: 'San Miguel de Tucumán' },
  RU: { 'st petersburg': 'Saint Petersburg', 'saint petersburg': 'Saint Petersburg' },
  UA: { odesa: 'Odessa' },
  KZ: { astana: 'Nur-Sultan' },
  AE: { ajman: 'Ajman City', 'ras al khaimah': 'Ras Al Khaimah City' },
  IQ: { basra: 'Basrah' },
  MY: { melaka: 'Malacca' },
};

/**
 * Codes that name a city only in a list of cities ("SF / NY / Remote"); alone, or beside
 * a city, they are the region ("NY" is New York State, "Brooklyn, NY").
 */
export const LIST_CITY_ALIASES: Record<string, { name: string; country: string }> = {
  ny: { name: 'New York City', country: 'US' },
  sp: { name: 'São Paulo', country: 'BR' },
  rj: { name: 'Rio de Janeiro', country: 'BR' },
};

/** Country names postings use that the country list lacks. */
export const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  us: 'US',
  'u s': 'US',
  'u s a': 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  uae: 'AE',
  'u a e': 'AE',
  emirates: 'AE',
  deutschland: 'DE',
  brasil: 'BR',
  espana: 'ES',
  holland: 'NL',
  'south korea': 'KR',
  korea: 'KR',
  russia: 'RU',
  'czech republic': 'CZ',
  turkiye: 'TR',
  vietnam: 'VN',
  'the united states': 'US',
  'united states america': 'US',
  'the uk': 'GB',
  'republic of ireland': 'IE',
  eire: 'IE',
  'hong kong sar': 'HK',
  hksar: 'HK',
  'hong kong sar china': 'HK',
  macau: 'MO',
  'macau sar': 'MO',
  'macao sar': 'MO',
  'mainland china': 'CN',
  prc: 'CN',
  laos: 'LA',
  syria: 'SY',
  moldova: 'MD',
  ksa: 'SA',
  nederland: 'NL',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  osterreich: 'AT',
  italia: 'IT',
  polska: 'PL',
  sverige: 'SE',
  norge: 'NO',
  danmark: 'DK',
  suomi: 'FI',
  belgique: 'BE',
  belgie: 'BE',
  mexique: 'MX',
  'espana spain': 'ES',
};

/**
 * The codes postings use for first-level subdivisions where GeoNames' admin1 codes are
 * numbers: Canadian provinces, Australian states, a few others. Keyed by country, then
 * GeoNames admin1 code.
 */
export const REGION_ABBREVIATIONS: Record<string, Record<string, string>> = {
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
};

/**
 * Letter codes (ISO 3166-2, or the usual postal ones) of first-level subdivisions whose
 * GeoNames admin1 codes are numbers, by country, then code, then GeoNames admin1 code. They
 * are held in memory only (geo/gazetteer.ts) and read after the US state codes, the
 * country codes and GeoNames' own letter codes: "Munich, BY" is Bavaria, "Milan, MI" is
 * still Michigan.
 */
export const REGION_CODES: Record<string, Record<string, string>> = {
  DE: { BW: '01', BY: '02', BE: '16', BB: '11', HB: '03', HH: '04', HE: '05', MV: '12', NI: '06', NW: '07', NRW: '07', RP: '08', RLP: '08', SL: '09', SN: '13', ST: '14', SH: '10', TH: '15' },
  IN: {
    AN: '01', AP: '02', AR: '30', AS: '03', BR: '34', CH: '05', CT: '37', CG: '37', DL: '07', GA: '33', GJ: '09', HR: '10', HP: '11', JK: '12', JH: '38',
    KA: '19', KL: '13', LA: '41', MP: '35', MH: '16', MN: '17', ML: '18', MZ: '31', NL: '20', OR: '21', OD: '21', PB: '23', PY: '22', RJ: '24', SK: '29',
    TN: '25', TG: '40', TS: '40', TR: '26', UP: '36', UT: '39', WB: '28',
  },
  BR: {
    AC: '01', AL: '02', AP: '03', AM: '04', BA: '05', CE: '06', DF: '07', ES: '08', GO: '29', MA: '13', MT: '14', MS: '11', MG: '15', PA: '16', PB: '17',
    PR: '18', PE: '30', PI: '20', RJ: '21', RN: '22', RS: '23', RO: '24', RR: '25', SC: '26', SP: '27', SE: '28', TO: '31',
  },
  MX: {
    AGU: '01', AGS: '01', BC: '02', BCS: '03', CAM: '04', CHP: '05', CHIS: '05', CHH: '06', CHIH: '06', COA: '07', COAH: '07', COL: '08', CMX: '09', CDMX: '09', DF: '09',
    DUR: '10', DGO: '10', GUA: '11', GTO: '11', GRO: '12', HID: '13', HGO: '13', JAL: '14', MEX: '15', EDOMEX: '15', MIC: '16', MICH: '16', MOR: '17', NAY: '18',
    NL: '19', NLE: '19', OAX: '20', PUE: '21', QRO: '22', QUE: '22', ROO: '23', QROO: '23', SLP: '24', SIN: '25', SON: '26', TAB: '27', TAM: '28', TAMPS: '28',
    TLA: '29', TLAX: '29', VER: '30', YUC: '31', ZAC: '32',
  },
  ES: { AN: '51', AR: '52', AS: '34', CN: '53', CB: '39', CL: '55', CM: '54', CT: '56', EX: '57', GA: '58', IB: '07', RI: '27', MD: '29', MC: '31', NC: '32', PV: '59', VC: '60' },
  // Italian postings give the province's code ("Milano, MI"); it stands for its region here.
  IT: {
    MI: '09', MB: '09', BG: '09', BS: '09', VA: '09', CO: '09', PV: '09', RM: '07', LT: '07', TO: '12', NO: '12', NA: '04', SA: '04', BO: '05', MO: '05', PR: '05',
    RE: '05', FI: '16', PI: '16', GE: '08', VE: '20', PD: '20', VR: '20', TV: '20', VI: '20', TN: '17', BZ: '17', PA: '15', CT: '15', BA: '13', LE: '13', AN: '10',
    PG: '18', TS: '06', UD: '06', PE: '01', AQ: '01',
  },
  NL: { NH: '07', ZH: '11', UT: '09', NB: '06', GR: '04', OV: '15', FL: '16', LI: '05', ZE: '10', DR: '01', FR: '02', GE: '03', GLD: '03' },
  MY: { KL: '14', JHR: '01', SGR: '12', PNG: '09', MLK: '04', SBH: '16', SWK: '11', PJY: '17', PRK: '07', KDH: '02' },
  AR: { CABA: '07', CF: '07' },
  ZA: { EC: '05', FS: '03', GP: '06', GT: '06', KZN: '02', LP: '09', MP: '07', NC: '08', NW: '10', WC: '11' },
  PH: { MM: 'NCR' },
  CO: { DC: '34' },
  CN: { BJ: '22', SH: '23', GD: '30', ZJ: '02', JS: '04', SC: '32', HB: '12', TJ: '28', CQ: '33', FJ: '07', SD: '25' },
  JP: { TKY: '40' },
};

/** Other names of regions, by country. */
export const REGION_ALIASES: Record<string, Record<string, string>> = {
  DE: {
    bayern: '02', 'baden wurttemberg': '01', 'baden wuerttemberg': '01', 'nordrhein westfalen': '07', nrw: '07', hessen: '05', niedersachsen: '06', sachsen: '13',
    berlin: '16', 'sachsen anhalt': '14', thuringen: '15', thueringen: '15', 'rheinland pfalz': '08', 'rhineland palatinate': '08', 'mecklenburg western pomerania': '12',
  },
  FR: { 'ile de france': '11', idf: '11', paca: '93', 'auvergne rhone alpes': '84', 'nouvelle aquitaine': '75', occitania: '76', bretagne: '53', normandie: '28' },
  IN: { orissa: '21', 'nct of delhi': '07', 'national capital territory of delhi': '07', 'delhi ncr': '07', uttaranchal: '39', pondicherry: '22' },
  ES: {
    'comunidad de madrid': '29', 'community of madrid': '29', cataluna: '56', catalunya: '56', 'comunidad valenciana': '60', 'comunitat valenciana': '60',
    'valencian community': '60', 'pais vasco': '59', euskadi: '59', andalucia: '51', 'castilla y leon': '55', 'castilla la mancha': '54', 'islas baleares': '07',
    'illes balears': '07', canarias: '53', 'islas canarias': '53', 'principado de asturias': '34', 'region de murcia': '31', navarra: '32', aragon: '52',
  },
  IT: { lombardia: '09', piemonte: '12', toscana: '16', sicilia: '15', sardegna: '14', puglia: '13', 'emilia romagna': '05', 'trentino alto adige': '17', 'friuli venezia giulia': '06', marche: '10' },
  NL: { 'noord holland': '07', 'zuid holland': '11', 'noord brabant': '06' },
  AT: { niederosterreich: '03', oberosterreich: '04', steiermark: '06', tirol: '07', karnten: '02' },
  CH: { waadt: 'VD', 'basel stadt': 'BS' },
  BE: { brussels: 'BRU', vlaanderen: 'VLG', wallonie: 'WAL' },
  PL: {
    mazowieckie: '78', masovian: '78', masovia: '78', malopolskie: '77', dolnoslaskie: '72', pomorskie: '82', slaskie: '83', silesian: '83', wielkopolskie: '86',
    lodzkie: '74', lodz: '74', lubelskie: '75', podkarpackie: '80', 'kujawsko pomorskie': '73', zachodniopomorskie: '87', 'warminsko mazurskie': '85', podlaskie: '81',
    opolskie: '79', lubuskie: '76', swietokrzyskie: '84',
  },
  MX: { 'estado de mexico': '15', 'state of mexico': '15', edomex: '15', 'distrito federal': '09', cdmx: '09', 'ciudad de mexico': '09' },
  AR: { 'capital federal': '07', caba: '07', 'ciudad autonoma de buenos aires': '07', 'provincia de buenos aires': '01', 'buenos aires province': '01', 'gba': '01' },
  BR: { 'distrito federal': '07' },
  MY: { 'wilayah persekutuan kuala lumpur': '14', 'federal territory of kuala lumpur': '14', 'pulau pinang': '09', pinang: '09' },
  PH: { 'metro manila': 'NCR', ncr: 'NCR' },
  CL: { 'region metropolitana': '12', 'santiago metropolitan region': '12', 'metropolitana de santiago': '12', rm: '12' },
  CO: { 'bogota dc': '34', 'distrito capital': '34' },
  KR: { gyeonggi: '13' },
};
