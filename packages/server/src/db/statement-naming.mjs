// What both database engines prepare by name (decision 028): the embedded worker (pglite-worker.mjs) and the
// PostgreSQL pool's client (prepared-statements.ts). Plain JavaScript so that the worker, which runs without
// a build step in tests, can import it.

/** Statements that can be prepared: one query each. Scripts and schema changes are sent as they are. */
export const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/** Prepared statements kept per connection; each holds memory in its backend. */
export const MAX_PREPARED_STATEMENTS = 500;
