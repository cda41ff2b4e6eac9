// US states, the District of Columbia and the territories that appear in H-1B filings
// (USPS codes), to read a company's headquarters state from its profile.
const STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', GU: 'Guam', VI: 'U.S. Virgin Islands', AS: 'American Samoa', MP: 'Northern Mariana Islands',
};

const BY_NAME = new Map(Object.entries(STATES).map(([code, name]) => [name.toLowerCase(), code]));
BY_NAME.set('washington dc', 'DC').set('washington d.c.', 'DC').set('virgin islands', 'VI');

const US_NAMES = new Set(['us', 'usa', 'u.s.', 'u.s.a.', 'united states', 'united states of america']);

/** The USPS code of a state given by code or by name ("CA", "California"); null otherwise. */
export function usStateCode(value: string): string | null {
  const text = value.trim();
  if (/^[A-Za-z]{2}$/.test(text) && STATES[text.toUpperCase()]) return text.toUpperCase();
  return BY_NAME.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/**
 * A company's headquarters state: its profile's headquarters_region, else a state in its
 * headquarters_location ("Austin, TX", "Austin, Texas, United States"). Only for companies
 * in the US or of unknown country; null when none is stated.
 */
export function headquartersState(company: { country_code: string | null; headquarters_region: string | null; headquarters_location: string | null }): string | null {
  if (company.country_code && company.country_code.toUpperCase() !== 'US') return null;
  if (company.headquarters_region) {
    const state = usStateCode(company.headquarters_region);
    if (state) return state;
  }
  if (company.headquarters_location) {
    // The parts after the first (the city): "Portland, OR" is Oregon, not a city named Oregon.
    const parts = company.headquarters_location.split(',').map((part) => part.trim()).filter(Boolean);
    // "Perth, WA, Australia": a last part that is a country other than the US rules the rest out.
    const last = parts[parts.length - 1] ?? '';
    if (parts.length >= 3 && !US_NAMES.has(last.toLowerCase()) && !usStateCode(last)) return null;
    for (const part of parts.slice(1)) {
      const state = usStateCode(part.replace(/\s+\d{5}(?:-\d{4})?$/, ''));
      if (state) return state;
    }
  }
  return null;
}
