/** GET /backoffice/outbox: the emails Beacon wrote, newest first (operators only). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type OutboxEmail = {
  readonly id: number;
  readonly recipient: string;
  readonly subject: string;
  readonly body: string;
  readonly created_at: string;
  readonly sent_at: string | null;
  readonly error: string | null;
};

/** How many emails the page shows (the API's largest page). */
export const OUTBOX_LIMIT = 200;

export const outboxQueryOptions = (recipient: string) =>
  queryOptions({
    queryKey: ['backoffice', 'outbox', recipient],
    queryFn: ({ signal }) =>
      api<OutboxEmail[]>('/backoffice/outbox', {
        params: { limit: OUTBOX_LIMIT, ...(recipient ? { recipient } : {}) },
        signal,
      }),
    // The list stays while a new recipient filter loads, so an open email is not closed under the reader.
    placeholderData: keepPreviousData,
  });
