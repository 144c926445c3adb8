import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const listOutbox = (
  db: Kysely<Database>,
  options: { recipient?: string | undefined; limit: number },
) => {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body_text', 'created_at', 'sent_at', 'error'])
    .orderBy('id', 'desc')
    .limit(options.limit);
  if (options.recipient) query = query.where('recipient', '=', options.recipient.toLowerCase());
  return query.execute();
};
