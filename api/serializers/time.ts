/** A timestamp as responses show it: ISO 8601 in UTC, or null. */
export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
