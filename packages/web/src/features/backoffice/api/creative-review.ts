/**
 * The back office's creative approval: the queue (GET /backoffice/creatives, pending approval unless
 * the state is filtered), approve and reject (with a reason), one or many. Approval makes a creative active
 * (shown "Approved"), audit audited; rejection makes it rejected with the reason; both raise the creative alert
 * of its organization.
 */
import type {
  TCreativeReject,
  TCreativesApprove,
  TCreativesReject,
} from '@beacon/domain/validation/creative-form';
import { api } from '../../../api/client';
import { listFetcher } from '../../../api/list-query';
import {
  CREATIVES_QUERY_KEY,
  type Creative,
  type CreativeRow,
} from '../../../components/creative/api/creative';

export const CREATIVE_QUEUE_QUERY_KEY = [...CREATIVES_QUERY_KEY, 'backoffice'] as const;

export const fetchCreativeQueue = listFetcher<CreativeRow>('/backoffice/creatives');

export const approveCreative = (id: number): Promise<Creative> =>
  api<Creative>(`/backoffice/creative/${id}/approve`, { method: 'POST', body: {} });

export const rejectCreative = (id: number, body: TCreativeReject): Promise<Creative> =>
  api<Creative>(`/backoffice/creative/${id}/reject`, { method: 'POST', body });

export const approveCreatives = (body: TCreativesApprove): Promise<Creative[]> =>
  api<Creative[]>('/backoffice/creatives/approve', { method: 'POST', body });

export const rejectCreatives = (body: TCreativesReject): Promise<Creative[]> =>
  api<Creative[]>('/backoffice/creatives/reject', { method: 'POST', body });
