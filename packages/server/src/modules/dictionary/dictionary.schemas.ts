import { isCountryCode } from '@beacon/domain/dictionary/countries';
import { CURRENCIES } from '@beacon/domain/dictionary/currencies';
import { requiredOrInvalid } from '@beacon/domain/validation/generic';
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

export const ZCitiesQuery = z.strictObject({
  country: ZCountries,
  region: commaList.optional(),
  search: z.string().trim().max(100).optional(),
  limit,
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
