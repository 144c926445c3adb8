import type { ListQuery } from '@beacon/domain/validation/list-query';
import type { Kysely } from 'kysely';
import type { Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/tenant-scope';
import { getOrganization } from '../organizations/organizations.service';
import { listPublisherListsOfOrganization, type PublisherListRow } from './publisher-lists.repo';
import type { TPublisherList } from './publisher-lists.schemas';

export const toPublisherListView = (row: PublisherListRow): TPublisherList => ({
  id: Number(row.id),
  organization_id: Number(row.organization_id),
  name: row.name,
  kind: row.kind,
  state: row.state,
  publishers_count: row.publishers_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  version: row.version,
});

/**
 * A page of the publisher lists of an organization the caller may see (404 otherwise, never 403: another
 * tenant's ids are not confirmed). Only the organization's own lists, not its children's; deleted ones only
 * when the query filters on `state`, as in the other lists.
 */
export const listVisiblePublisherLists = async (
  db: Kysely<Database>,
  principal: Principal,
  organizationId: string,
  list: ListQuery,
): Promise<{ rows: TPublisherList[]; total: number }> => {
  if (!(await getOrganization(db, scopeOf(principal), organizationId))) throw new AppError('NOT_FOUND');
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listPublisherListsOfOrganization(db, organizationId, list, { withDeleted });
  return { rows: rows.map(toPublisherListView), total };
};
