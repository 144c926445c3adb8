/** POST /v2/organization (§7): a new organization with its main user; answers the organization. */
import type { TOrganizationCreateInput } from '@beacon/domain/validation/organization-form';
import { api } from '../../../api/client';
import type { Organization } from './organization';

export const createOrganization = (body: TOrganizationCreateInput): Promise<Organization> =>
  api<Organization>('/v2/organization', { method: 'POST', body });
