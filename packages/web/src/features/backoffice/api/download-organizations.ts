/**
 * POST /v2/backoffice/organizations/download (§7): the organizations of the grid's search, sort and filters as
 * the CSV file `organizations`, fetched and saved (§7 downloads).
 */
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { downloadFile } from '../../../api/client';
import { downloadParams } from '../utils/organization-list';

export const ORGANIZATIONS_CSV_NAME = 'organizations.csv';

export const downloadOrganizations = (query: ListQuery): Promise<void> =>
  downloadFile('/v2/backoffice/organizations/download', ORGANIZATIONS_CSV_NAME, {
    method: 'POST',
    params: downloadParams(query),
    mimeType: 'text/csv;charset=utf-8',
  });
