import type { ListQuery } from '@beacon/domain/validation/list-query';
import { PUBLISHER_LIST_LIST_SPEC } from '@beacon/domain/validation/publisher-list';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PublisherListTable } from '../../db/schema';
import { applyListQuery, countListQuery } from '../../lib/list-query';

export type PublisherListRow = Selectable<PublisherListTable>;

/** How the fields of PUBLISHER_LIST_LIST_SPEC map onto the publisher_lists table. */
const PUBLISHER_LIST_LIST_SOURCE = {
  spec: PUBLISHER_LIST_LIST_SPEC,
  columns: {
    id: 'pl.id',
    name: 'pl.name',
    kind: 'pl.kind',
    state: 'pl.state',
    publishers_count: 'pl.publishers_count',
    created_at: 'pl.created_at',
    updated_at: 'pl.updated_at',
  },
  searchColumns: ['pl.name'],
  idColumn: 'pl.id',
} as const;

/**
 * One page of an organization's own publisher lists and the total across pages. The caller has already
 * checked that the organization is in its scope. Deleted lists are left out unless `withDeleted`.
 */
export const listPublisherListsOfOrganization = async (
  db: Kysely<Database>,
  organizationId: string,
  list: ListQuery,
  options: { withDeleted: boolean },
): Promise<{ rows: PublisherListRow[]; total: number }> => {
  const owned = db.selectFrom('publisher_lists as pl').where('pl.organization_id', '=', organizationId);
  const base = options.withDeleted ? owned : owned.where('pl.state', '<>', 'deleted');
  const [rows, total] = await Promise.all([
    applyListQuery(base.selectAll('pl'), list, PUBLISHER_LIST_LIST_SOURCE).execute(),
    countListQuery(base, list, PUBLISHER_LIST_LIST_SOURCE),
  ]);
  return { rows, total };
};
