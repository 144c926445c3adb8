/** PUT /backoffice/organizations (§7): the same changes on many organizations; state DELETED removes them (§4). */
import type { TOrganizationsBulkUpdateInput } from '@beacon/domain/validation/organization-form';
import { api } from '../../../api/client';

export const bulkUpdateOrganizations = (body: TOrganizationsBulkUpdateInput): Promise<unknown> =>
  api<unknown>('/backoffice/organizations', { method: 'PUT', body });

export const deleteOrganizations = (ids: readonly number[]): Promise<unknown> =>
  bulkUpdateOrganizations({ ids: [...ids], changes: { state: 'DELETED' } });
