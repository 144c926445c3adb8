/**
 * The resources a campaign or strategy may target, for its pickers (decision 021): one page of each
 * resource's own list endpoint, searched by name. This feature's own small fetchers: features never import
 * each other. Audiences also list the data partners' published segments (GET /audience-segments).
 */
import type { TTargetedResource } from '@beacon/domain/api/campaigns';
import { AUDIENCE_TYPE_LABELS, AUDIENCE_TYPES } from '@beacon/domain/dictionary/audiences';
import type { TargetedResourceKind } from '@beacon/domain/validation/resource-targeting';
import { apiList } from '../../../api/client';

/** A resource the campaign or one of its strategies targets, as GET /campaign/{id} names it. */
export type TargetedResource = TTargetedResource;

/** What a picker lists. */
export type ResourceSource =
  | 'audiences'
  | 'location_audiences'
  | 'geolists'
  | 'publisher_allowlists'
  | 'publisher_blocklists'
  | 'deals';

export const SOURCE_KINDS = {
  audiences: 'audience',
  location_audiences: 'location_audience',
  geolists: 'geolist',
  publisher_allowlists: 'publisher_list',
  publisher_blocklists: 'publisher_list',
  deals: 'deal',
} as const satisfies Record<ResourceSource, TargetedResourceKind>;

export type ResourceOption = { readonly id: number; readonly name: string; readonly detail?: string };

type Row = {
  readonly id: number;
  readonly name: string;
  readonly external_id?: string;
  readonly type?: string;
};

/** An audience's type in words ("Time based", not time_based). */
export const audienceTypeLabel = (type: string | undefined): string | undefined => {
  const known = AUDIENCE_TYPES.find((candidate) => candidate === type);
  return known === undefined ? type : AUDIENCE_TYPE_LABELS[known];
};

/** How many options one search shows; typing narrows them. */
export const RESOURCE_OPTIONS_LIMIT = 20;

const page = async (path: string, search: string, signal: AbortSignal | undefined, params = {}) =>
  (
    await apiList<Row>(path, {
      params: { limit: RESOURCE_OPTIONS_LIMIT, search: search || undefined, ...params },
      signal,
    })
  ).rows;

const optionOf =
  (detail: (row: Row) => string | undefined) =>
  (row: Row): ResourceOption => {
    const text = detail(row);
    return text === undefined ? { id: row.id, name: row.name } : { id: row.id, name: row.name, detail: text };
  };

export const resourceOptionsQueryKey = (source: ResourceSource, search: string) =>
  ['campaign-resource-options', source, search] as const;

/** One page of the resources a picker offers, matching `search`. */
export const fetchResourceOptions = async (
  source: ResourceSource,
  search: string,
  signal?: AbortSignal,
): Promise<ResourceOption[]> => {
  switch (source) {
    case 'audiences': {
      const [own, segments] = await Promise.all([
        page('/audiences', search, signal),
        // Segments are a bonus: a caller who may not list them still picks its own audiences.
        page('/audience-segments', search, signal).catch(() => [] as Row[]),
      ]);
      const seen = new Set(own.map((row) => row.id));
      return [
        ...own.map(optionOf((row) => audienceTypeLabel(row.type))),
        ...segments.filter((row) => !seen.has(row.id)).map(optionOf(() => 'shared segment')),
      ];
    }
    case 'location_audiences':
      return (await page('/location-audiences', search, signal)).map(optionOf(() => undefined));
    case 'geolists':
      return (await page('/geolists', search, signal)).map(optionOf(() => undefined));
    case 'deals':
      return (await page('/deals', search, signal)).map(optionOf((row) => row.external_id));
    case 'publisher_allowlists':
      return (await page('/publisher-lists', search, signal, { kind: { is: 'allow' } })).map(
        optionOf(() => undefined),
      );
    case 'publisher_blocklists':
      return (await page('/publisher-lists', search, signal, { kind: { is: 'block' } })).map(
        optionOf(() => undefined),
      );
  }
};
