// The geocoder: messy posting location strings to canonical places (spec 4.3).
import { defineRoute, type Route } from '../routing/route.ts';
import { KEYS } from '../gateway/policy.ts';
import { Type, defineComponent, nullable, stringEnum, type Static } from '../schemas/registry.ts';
import { pricing } from '../../lib/pricing.ts';
import type { GeocodedLocation, GeocodeResult } from '../../geo/geocoder.ts';

const nullableString = nullable(Type.String());
const nullableNumber = nullable(Type.Number());

const GeocodedLocationSchema = Type.Object(
  {
    city: nullableString,
    region: nullableString,
    country: Type.String({ description: 'The country name; `Remote` for remote sentinels.' }),
    display_name: Type.String(),
    country_code: nullable(Type.String({ description: 'ISO 3166-1 alpha-2; null for remote.' })),
    latitude: nullable(Type.Number({ description: "The city's; null for a region, a country or remote." })),
    longitude: nullableNumber,
    fuzzy_confidence: Type.Number({ minimum: 0, maximum: 1, description: 'Share of the input the result accounts for (token overlap).' }),
  },
  { additionalProperties: false },
);

export const GeocodeResultSchema = defineComponent(
  'GeocodeResult',
  Type.Object(
    {
      input: Type.String(),
      succeeded: Type.Boolean(),
      locations: Type.Array(GeocodedLocationSchema),
      method: Type.Optional(
        nullable(
          stringEnum(['cache', 'remote_keyword', 'llm', 'no_match'], {
            description: 'Omitted on early exits: inputs that name no place, such as "3 locations" or "HQ". `llm` names a fresh structured resolution (offline by default).',
          }),
        ),
      ),
      error: nullableString,
    },
    { additionalProperties: false },
  ),
);

export type GeocodeResponse = Static<typeof GeocodeResultSchema>;

// The geocoder's result is also read inside the service (job locations), and a cache hit
// comes from stored JSON: the response takes the fields of spec 2.8 and nothing else.
function geocodedLocation(location: GeocodedLocation): Static<typeof GeocodedLocationSchema> {
  return {
    city: location.city,
    region: location.region,
    country: location.country,
    display_name: location.display_name,
    country_code: location.country_code,
    latitude: location.latitude,
    longitude: location.longitude,
    fuzzy_confidence: location.fuzzy_confidence,
  };
}

function serializeGeocodeResult(result: GeocodeResult): GeocodeResponse {
  return {
    input: result.input,
    succeeded: result.succeeded,
    locations: result.locations.map(geocodedLocation),
    // Omitted, not null, on early-exit failures (spec 2.8).
    ...(result.method === undefined ? {} : { method: result.method }),
    error: result.error,
  };
}

export const locationRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/api/locations/geocode',
    operationId: 'geocodeLocation',
    summary: 'Resolve a posting location string to city, region, country and coordinates',
    description:
      'Remote sentinels give `remote_keyword`; placeholders ("3 locations", "HQ") give `succeeded` false with no method; compound inputs ("NYC or SF") give one location per resolved part. Successful resolutions are cached (`method` `cache` on a hit). 1 credit flat.',
    tags: ['Locations'],
    gateway: { keys: KEYS.data, group: 'Geocode', price: { kind: 'flat', credits: pricing.flat.geocode } },
    request: {
      query: Type.Object({
        location: Type.String({ maxLength: 500, pattern: '\\S', description: 'The location as the posting wrote it; not blank.' }),
      }),
    },
    responses: { 200: { description: 'The resolution (or why there is none).', schema: GeocodeResultSchema } },
    handler: async (ctx, { query }) => serializeGeocodeResult(await ctx.services.geocoder.geocode(query.location.trim())),
  }),
];
