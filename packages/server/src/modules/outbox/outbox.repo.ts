import { type Kysely, sql } from 'kysely';
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
  // Part of an address finds it (recipients are stored lower-cased); position() needs no escaping of % or _.
  if (options.recipient) {
    const part = options.recipient.toLowerCase();
    query = query.where(sql<boolean>`position(${part} in recipient) > 0`);
  }
  return query.execute();
};
