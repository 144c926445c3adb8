/**
 * What the list mechanism needs of the database a list is read from, without knowing its driver: the handle
 * its queries are built on, and how that database runs its statements (ListSessions, answered by
 * list-sessions.ts, the one list file that knows the drivers).
 */
import type { QueryExecutorProvider } from 'kysely';

/** The database handle (a Kysely instance or transaction) the list's query was built on. */
export type ListDatabase = QueryExecutorProvider & { readonly isTransaction: boolean };

/** How a database runs its statements, as far as remembered counts care (decision 012). */
export interface ListSessions {
  /**
   * Whether `db` runs every statement in turn in one session (the embedded database): no write can then commit
   * while a count is taken.
   */
  runsInOneSession(db: ListDatabase): boolean;
}
