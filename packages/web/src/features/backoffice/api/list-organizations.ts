/** GET /organizations (§7): one page of the organizations the caller may see, with the list conventions. */
import { listFetcher } from '../../../api/list-query';
import { ORGANIZATIONS_QUERY_KEY, type Organization } from './organization';

export const ORGANIZATION_LIST_QUERY_KEY = [...ORGANIZATIONS_QUERY_KEY, 'list'] as const;

export const fetchOrganizations = listFetcher<Organization>('/organizations');
