import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { buildDictionary, type Dictionary } from '@beacon/domain/dictionary/catalog';
import { APP_CATEGORIES, IAB_CATEGORIES } from '@beacon/domain/dictionary/categories';
import type { Config, MapTiles } from '../../config/config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isPlannerMapConfigured } from '../planner-map/planner-map.service';
import { findCrossRate } from './dictionary.repo';
import { searchKey } from './places';

export { searchCities, searchRegions } from './places';

/** The installation's settings the console reads with the dictionary (ZConsoleSettings). */
export type ConsoleSettings = { mapTiles: MapTiles | null; plannerMap: boolean };

export const consoleSettings = (config: Pick<Config, 'mapTiles' | 'plannerMapUrl'>): ConsoleSettings => ({
  mapTiles: config.mapTiles,
  plannerMap: isPlannerMapConfigured(config),
});

export type DictionaryBody = Dictionary & { settings: ConsoleSettings };
export type SerializedDictionary = { body: DictionaryBody; json: string; gzip: Buffer; etag: string };

/** Built once per configuration (one per process; the tests start apps of several). */
const dictionaries = new WeakMap<object, SerializedDictionary>();

/**
 * The enumerations and the settings never change while the process runs: built, serialised, compressed and
 * tagged once, so a request costs only the session check.
 */
export const getDictionary = (config: Pick<Config, 'mapTiles' | 'plannerMapUrl'>): SerializedDictionary => {
  let dictionary = dictionaries.get(config);
  if (!dictionary) {
    const body: DictionaryBody = { ...buildDictionary(), settings: consoleSettings(config) };
    const json = JSON.stringify(body);
    dictionary = {
      body,
      json,
      gzip: gzipSync(json),
      etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    };
    dictionaries.set(config, dictionary);
  }
  return dictionary;
};

export type Context = { id: string; name: string; type: 'iab' | 'app'; parent: string | null };

const CONTEXTS: (Context & { key: string })[] = [
  ...IAB_CATEGORIES.flatMap((category) => [
    { id: category.id, name: category.name, type: 'iab' as const, parent: null },
    ...category.subcategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      type: 'iab' as const,
      parent: category.id,
    })),
  ]),
  ...APP_CATEGORIES.flatMap((category) => [
    { id: String(category.id), name: category.name, type: 'app' as const, parent: null },
    ...category.subcategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      type: 'app' as const,
      parent: String(category.id),
    })),
  ]),
].map((context) => ({ ...context, key: searchKey(`${context.id} ${context.name}`) }));

/** Content contexts: IAB content categories and the product's app categories, searchable by id or name. */
export const searchContexts = (
  search: string | undefined,
  type: 'iab' | 'app' | undefined,
  limit: number,
): Context[] => {
  const needle = search ? searchKey(search) : '';
  return CONTEXTS.filter((context) => (!type || context.type === type) && context.key.includes(needle))
    .slice(0, limit)
    .map(({ key: _key, ...context }) => context);
};

export const currencyRate = async (
  db: Db,
  from: string,
  to: string,
): Promise<{ amount: number; as_of: string }> => {
  if (from === to) return { amount: 1, as_of: new Date().toISOString().slice(0, 10) };
  const rate = await findCrossRate(db, from, to);
  if (!rate) throw new AppError('NOT_FOUND', { message: `No exchange rate from ${from} to ${to}` });
  return { amount: Number(rate.rate), as_of: rate.as_of };
};
