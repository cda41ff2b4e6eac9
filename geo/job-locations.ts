// Resolving the locations of written jobs: a posting's raw location strings ("Austin, TX
// 78701") become the canonical city, region, country and coordinates that search,
// facets and the location filters read. The job write path (crawlers/job-write.ts) queues
// the work (geocode.location) in the same transaction as the write; the worker does it here.
import { jobLocations, updateJobLocations, type JobLocation } from '../db/jobs.ts';
import type { Pool } from '../db/pool.ts';
import type { Geocoder } from './geocoder.ts';

/** A location with what the geocoder made of its raw string; unchanged when nothing resolved. */
async function resolved(geocoder: Geocoder, location: JobLocation): Promise<JobLocation> {
  if (location.latitude !== null && location.latitude !== undefined) return location;
  if (!location.location?.trim()) return location;
  const result = await geocoder.geocode(location.location.trim());
  const place = result.locations[0];
  if (!result.succeeded || !place || place.country_code === null) return location;
  return {
    location: location.location,
    city: place.city,
    region: place.region,
    country: place.country,
    country_code: place.country_code,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** Resolves a job's raw locations and stores them; returns how many changed. Safe to repeat. */
export async function geocodeJobLocations(pool: Pool, geocoder: Geocoder, jobId: string): Promise<number> {
  const locations = await jobLocations(pool, jobId);
  if (!locations) return 0;
  const next = await Promise.all(locations.map((location) => resolved(geocoder, location)));
  const changed = next.filter((location, index) => location !== locations[index]).length;
  if (changed === 0) return 0;
  return (await updateJobLocations(pool, jobId, locations, next)) ? changed : 0;
}
