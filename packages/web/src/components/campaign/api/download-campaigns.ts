/**
 * POST /campaigns/download: the campaigns of the grid's search, sort and filters (every page) as the CSV file
 * `campaigns.csv`, fetched and saved (§7 downloads).
 */
import type { ListQuery } from '@beacon/domain/validation/list-query';
import { downloadFile } from '../../../api/client';
import { downloadParams } from '../campaign-list';

export const CAMPAIGNS_CSV_NAME = 'campaigns.csv';

export const downloadCampaigns = (query: ListQuery): Promise<void> =>
  downloadFile('/campaigns/download', CAMPAIGNS_CSV_NAME, {
    method: 'POST',
    params: downloadParams(query),
    mimeType: 'text/csv;charset=utf-8',
  });
