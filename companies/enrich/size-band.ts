// The company_size band (spec 2.6: "band such as 1-10, 51-200") from schema.org
// numberOfEmployees. The bands are LinkedIn's, which the service's data uses throughout
// (the career-sites feed filters on them). A range is placed only when it lies inside one
// band: "11-50" is 11-50, "40-250" says too little to choose.

export const COMPANY_SIZE_BANDS: ReadonlyArray<{ band: string; min: number; max: number }> = [
  { band: '1-10', min: 1, max: 10 },
  { band: '11-50', min: 11, max: 50 },
  { band: '51-200', min: 51, max: 200 },
  { band: '201-500', min: 201, max: 500 },
  { band: '501-1000', min: 501, max: 1000 },
  { band: '1001-5000', min: 1001, max: 5000 },
  { band: '5001-10000', min: 5001, max: 10000 },
  { band: '10001+', min: 10001, max: Number.POSITIVE_INFINITY },
];

/** The band of a head count or range; null when there is none or it spans bands. */
export function sizeBand(employees: { min: number | null; max: number | null } | null): string | null {
  if (!employees) return null;
  const low = employees.min ?? employees.max;
  // An open range ("10000+") has no max: it belongs to the band its min is in only if that band is open too.
  const high = employees.max ?? (employees.min !== null ? Number.POSITIVE_INFINITY : null);
  if (low === null || high === null || low > high) return null;
  const band = COMPANY_SIZE_BANDS.find((entry) => low >= entry.min && low <= entry.max);
  return band && high <= band.max ? band.band : null;
}
