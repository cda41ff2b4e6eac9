// Headquarters from the JSON-LD address, resolved by the service's geocoder (geo/) into
// canonical names: headquarters_location (its display name), headquarters_region,
// country_code, and the continent of that country (countries-list, MIT). An address the
// geocoder cannot place leaves every field null.
import { continents, countries } from 'countries-list';
import type { Geocoder } from '../../geo/geocoder.ts';
import type { PostalAddress } from './json-ld.ts';

export interface Headquarters {
  location: string;
  region: string | null;
  countryCode: string;
  continent: string | null;
}

export function continentOf(countryCode: string): string | null {
  const country = countries[countryCode.toUpperCase() as keyof typeof countries];
  return country ? (continents[country.continent as keyof typeof continents] ?? null) : null;
}

export async function resolveHeadquarters(geocoder: Geocoder, address: PostalAddress | null): Promise<Headquarters | null> {
  if (!address) return null;
  const place = address.text
    ? (await geocoder.geocode(address.text)).locations.find((location) => location.country_code !== null) ?? null
    : await geocoder.resolvePlace({ city: address.locality, region: address.region, country: address.country });
  if (!place?.country_code) return null;
  return { location: place.display_name, region: place.region, countryCode: place.country_code, continent: continentOf(place.country_code) };
}
