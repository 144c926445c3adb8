import { isCountryCode } from '@beacon/domain/dictionary/countries';
import { CURRENCIES } from '@beacon/domain/dictionary/currencies';
import { requiredOrInvalid } from '@beacon/domain/validation/generic';
import { REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { z } from 'zod';

/** Arrays travel joined by commas (§7). */
const commaList = z
  .string({ error: requiredOrInvalid })
  .trim()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toUpperCase())
      .filter(Boolean),
  );

const ZCountries = commaList.refine((codes) => codes.length > 0 && codes.every(isCountryCode), {
  message: 'Give one or more ISO 3166-1 alpha-2 country codes',
});

const limit = z.coerce.number().int().min(1).max(200).default(50);

export const ZRegionsQuery = z.strictObject({
  country: ZCountries,
  search: z.string().trim().max(100).optional(),
  limit,
});

/** The shortest text that searches the cities of every country (about 150k). */
export const CITY_SEARCH_MIN_LENGTH = 2;

export const ZCitiesQuery = z
  .strictObject({
    country: ZCountries.optional().meta({
      description: `Omitted: every country, with a \`search\` of ${CITY_SEARCH_MIN_LENGTH} characters or more`,
    }),
    region: commaList.optional(),
    search: z.string().trim().max(100).optional(),
    limit,
  })
  .superRefine((query, context) => {
    if (query.country !== undefined) return;
    if (query.region?.length) {
      context.addIssue({ code: 'custom', path: ['region'], message: 'Give the country of the regions' });
    }
    // Without a search long enough to narrow every country's cities, the country stays required.
    if ((query.search ?? '').length < CITY_SEARCH_MIN_LENGTH) {
      context.addIssue({ code: 'custom', path: ['country'], message: REQUIRED_MESSAGE });
    }
  });

export const ZContextsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  type: z.enum(['iab', 'app']).optional(),
  limit,
});

const ZCurrency = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.enum(CURRENCIES, { error: 'Unknown currency' }));

export const ZCurrencyRateQuery = z.strictObject({ from: ZCurrency, to: ZCurrency });

export const ZRegion = z.object({ id: z.string(), code: z.string(), name: z.string(), country: z.string() });
export const ZCity = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export const ZContext = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['iab', 'app']),
  parent: z.string().nullable(),
});
export const ZCurrencyRate = z.object({ amount: z.number(), as_of: z.string() });

export const ZMapTiles = z
  .object({
    url: z.string().meta({ description: 'Raster tile URL template (`{z}`, `{x}`, `{y}`, optionally `{s}`)' }),
    attribution: z.string().meta({ description: 'The attribution the tiles require, as plain text' }),
  })
  .nullable()
  .meta({
    description:
      'The street map under the console’s maps (BEACON_MAP_TILES); null when off: the maps show the bundled country outlines only',
  });

/** The installation's settings the console needs (from the server's configuration, README). */
export const ZConsoleSettings = z.object({
  mapTiles: ZMapTiles,
  plannerMap: z
    .boolean()
    .meta({ description: 'Whether PLANNER_MAP_URL is set: without it the console offers no planner map' }),
});

/**
 * GET /dictionary: every enumeration (lists of `{value, label}` and a few richer tables such as `countries`),
 * and `settings`. Documented loosely: the enumerations are the domain catalogue's.
 */
export const ZDictionary = z.looseObject({ settings: ZConsoleSettings });
