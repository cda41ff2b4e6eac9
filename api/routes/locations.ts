// The geocoder: messy posting location strings to canonical places (spec 4.3).
import { defineRoute, type Route } from '../routing/route.ts';
import { KEYS } from '../gateway/policy.ts';
import { defineComponent } from '../schemas/registry.ts';
import { pricing } from '../../lib/pricing.ts';

const nullableString = { type: ['string', 'null'] };
const nullableNumber = { type: ['number', 'null'] };

export const GeocodeResultSchema = defineComponent('GeocodeResult', {
  type: 'object',
  required: ['input', 'succeeded', 'locations', 'error'],
  properties: {
    input: { type: 'string' },
    succeeded: { type: 'boolean' },
    locations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['city', 'region', 'country', 'display_name', 'country_code', 'latitude', 'longitude', 'fuzzy_confidence'],
        properties: {
          city: nullableString,
          region: nullableString,
          country: { type: 'string', description: 'The country name; `Remote` for remote sentinels.' },
          display_name: { type: 'string' },
          country_code: { ...nullableString, description: 'ISO 3166-1 alpha-2; null for remote.' },
          latitude: { ...nullableNumber, description: "The city's; null for a region, a country or remote." },
          longitude: nullableNumber,
          fuzzy_confidence: { type: 'number', minimum: 0, maximum: 1, description: 'Share of the input the result accounts for (token overlap).' },
        },
      },
    },
    method: {
      type: ['string', 'null'],
      enum: ['cache', 'remote_keyword', 'llm', 'no_match', null],
      description: 'Omitted on early-exit failures (placeholders). `llm` names a fresh structured resolution (offline by default).',
    },
    error: nullableString,
  },
});

export const locationRoutes: Route[] = [
  defineRoute<{ location: string }>({
    method: 'GET',
    path: '/api/locations/geocode',
    operationId: 'geocodeLocation',
    summary: 'Resolve a posting location string to city, region, country and coordinates',
    description:
      'Remote sentinels give `remote_keyword`; placeholders ("3 locations", "HQ") give `succeeded` false with no method; compound inputs ("NYC or SF") give one location per resolved part. Successful resolutions are cached (`method` `cache` on a hit). 1 credit flat.',
    tags: ['Locations'],
    gateway: { keys: KEYS.data, group: 'Geocode', price: { kind: 'flat', credits: pricing.flat.geocode } },
    request: {
      query: {
        type: 'object',
        required: ['location'],
        properties: { location: { type: 'string', maxLength: 500, pattern: '\\S', description: 'The location as the posting wrote it; not blank.' } },
      },
    },
    responses: { 200: { description: 'The resolution (or why there is none).', schema: GeocodeResultSchema } },
    handler: (ctx, { query }) => ctx.services.geocoder.geocode(query.location.trim()),
  }),
];
