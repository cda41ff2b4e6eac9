// Resolving the locations of written jobs: a posting's raw location strings ("Austin, TX
// 78701") become the canonical city, region, country and coordinates that search,
// facets and the location filters read. The job write path (crawlers/job-write.ts) queues
// the work (geocode.location) in the same transaction as the write; the worker does it here.
// A raw string that names several places ("SF / NY / Remote", "Berlin, Munich") becomes
// one location per place, each keeping the raw string, so every country is filterable.
import { jobLocations, updateJobLocations, type JobLocation } from '../db/jobs.ts';
import type { Pool } from '../db/pool.ts';
import type { Geocoder } from './geocoder.ts';

/** Resolved already: by the geocoder, or from an ATS's structured place (geo/structured-place.ts). */
const isResolved = (location: JobLocation) => (location.latitude !== null && location.latitude !== undefined) || !!location.country_code;

const samePlace = (a: JobLocation, b: JobLocation) => a.country_code === b.country_code && a.region === b.region && a.city === b.city;

/** The places a location's raw string names; the location itself, unchanged, when nothing resolved. */
async function resolved(geocoder: Geocoder, location: JobLocation): Promise<JobLocation[]> {
  if (isResolved(location)) return [location];
  if (!location.location?.trim()) return [location];
  const result = await geocoder.geocode(location.location.trim());
  const places = result.succeeded ? result.locations.filter((place) => place.country_code !== null) : [];
  if (places.length === 0) return [location];
  return places.map((place) => ({
    location: location.location,
    city: place.city,
    region: place.region,
    country: place.country,
    country_code: place.country_code,
    latitude: place.latitude,
    longitude: place.longitude,
  }));
}

/** Resolves a job's raw locations and stores them; returns how many changed. Safe to repeat. */
export async function geocodeJobLocations(pool: Pool, geocoder: Geocoder, jobId: string): Promise<number> {
  const locations = await jobLocations(pool, jobId);
  if (!locations) return 0;
  const each = await Promise.all(locations.map((location) => resolved(geocoder, location)));
  // Each location keeps its slot (its first place); the other places of a list follow it,
  // unless the job names them already.
  const firsts = each.map((places) => places[0]!);
  const next: JobLocation[] = [];
  let changed = 0;
  for (const [index, places] of each.entries()) {
    const [first, ...others] = places;
    next.push(first!);
    if (first === locations[index]) continue;
    changed++;
    for (const other of others) {
      if (firsts.some((place) => samePlace(place, other)) || next.some((place) => samePlace(place, other))) continue;
      next.push(other);
      changed++;
    }
  }
  if (changed === 0) return 0;
  return (await updateJobLocations(pool, jobId, locations, next)) ? changed : 0;
}
