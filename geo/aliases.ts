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

/** Other names of regions, by country. */
export const REGION_ALIASES: Record<string, Record<string, string>> = {
  DE: { bayern: '02', 'baden wurttemberg': '01', 'nordrhein westfalen': '07', nrw: '07', hessen: '05', niedersachsen: '06', sachsen: '13', berlin: '16' },
  FR: { 'ile de france': '11', idf: '11' },
  IN: { orissa: '21' },
};
