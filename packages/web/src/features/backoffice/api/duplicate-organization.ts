/**
 * POST /v2/organization/{id}/duplicate (§7): a new organization with the settings of `id` under a new name,
 * never its users' credentials; answers the new organization.
 */
import type { TOrganizationDuplicateInput } from '@beacon/domain/validation/organization-form';
import { api } from '../../../api/client';
import type { Organization } from './organization';

export const duplicateOrganization = (id: number, body: TOrganizationDuplicateInput): Promise<Organization> =>
  api<Organization>(`/v2/organization/${id}/duplicate`, { method: 'POST', body });
