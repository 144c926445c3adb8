import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { listOutbox } from './outbox.repo';

const ZOutboxQuery = z.strictObject({
  recipient: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ZOutboxEmail = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * The email outbox for operators: without SMTP the embedded default delivers emails (password resets) only
 * here, and with SMTP it shows what went out and what failed.
 */
export const outboxRoutes = async (app: AppInstance): Promise<void> => {
  app.get('/backoffice/outbox', {
    config: { access: 'backoffice' },
    schema: {
      summary: 'Emails Beacon wrote, newest first (operators only); `recipient` finds part of an address',
      tags: ['backoffice'],
      querystring: ZOutboxQuery,
      response: { 200: ZOutboxEmail.array() },
    },
    handler: async (request) => {
      const rows = await listOutbox(app.deps.db, request.query);
      return rows.map((row) => ({
        id: Number(row.id),
        recipient: row.recipient,
        subject: row.subject,
        body: row.body_text,
        created_at: row.created_at.toISOString(),
        sent_at: row.sent_at?.toISOString() ?? null,
        error: row.error,
      }));
    },
  });
};
