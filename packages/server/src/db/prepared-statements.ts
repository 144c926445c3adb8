import { createHash } from 'node:crypto';
import type pg from 'pg';
import { inlineValues, MAX_PREPARED_STATEMENTS, PLAN_PER_VALUES, PREPARABLE } from './statement-naming.mjs';

const UPSERT = /\bon\s+conflict\b/i;

export const statementName = (text: string): string =>
  `b_${createHash('sha1').update(text).digest('base64url')}`;

/** A value as the text node-postgres would send for it, or undefined for one not written into a statement. */
const textOf = (value: unknown): string | null | undefined => {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return undefined;
};

/**
 * A node-postgres client that names the statements it sends with parameters, so that PostgreSQL parses each
 * one once per connection (decision 028). Kysely sends every query as text and parameters, which node-postgres
 * sends as an unnamed statement: parsed again on every call. The pool keeps planning each call for its values
 * (`plan_cache_mode = force_custom_plan`, as the embedded database does).
 *
 * A statement marked PLAN_PER_VALUES (the big grids' pages) is prepared with its values written in as literals,
 * so its one plan is kept and the same question is not planned again (decision 029); one with a value that has
 * no plain text form (a date, an array, bytes) is sent as any other.
 *
 * The name is a hash of the text, so the same text always finds its statement. A connection keeps at most
 * MAX_PREPARED_STATEMENTS; past that, new texts go unnamed (texts vary with `IN` lists, filters and the
 * questions asked of the grids, and each kept statement holds memory in its backend); the pool retires a
 * connection after a number of uses, which starts its statements afresh. Statements without parameters stay
 * unnamed: SQL scripts of several statements cannot be prepared. Upserts stay unnamed too: PostgreSQL infers
 * the unique index of `ON CONFLICT (key) WHERE state = $1` from the predicate's value, which a prepared
 * statement's plan lacks.
 *
 * Made from node-postgres' Client, which `createDatabase` loads only for a PostgreSQL database (decision 031).
 */
export const preparingClientOf = (Client: typeof pg.Client) =>
  class PreparingClient extends Client {
    readonly #named = new Set<string>();

    constructor(...args: ConstructorParameters<typeof pg.Client>) {
      super(...args);
      // The pool hears a connection's end only while the connection is idle: one ended while a statement runs
      // (a restart, a failover, an administrator) would be an unheard 'error' event, which ends the process.
      // That statement fails with the same error and is answered as any failure; the pool then drops the
      // connection, which is no longer queryable.
      this.on('error', (error: Error) => {
        if (this.listenerCount('error') > 1) return; // idle: the pool's own listener warns
        process.emitWarning(`A PostgreSQL connection ended during a statement: ${error.message}`, {
          code: 'BEACON_PG_ENDED',
        });
      });
    }

    // node-postgres' query has many overloads; only (text, values) without a callback is rewritten.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const inlined = text.startsWith(PLAN_PER_VALUES) ? this.#inlined(text, values) : null;
        const inlinedName = inlined === null ? null : this.#nameFor(inlined);
        if (inlined !== null && inlinedName) {
          return super.query({ name: inlinedName, text: inlined, values: [] }) as never;
        }
        const name = this.#nameFor(text);
        if (name) return super.query({ name, text, values }) as never;
      }
      return (super.query as (...rest: unknown[]) => never)(...args);
    }

    #inlined(text: string, values: unknown[]): string | null {
      const texts = values.map(textOf);
      return texts.every((value) => value !== undefined) ? inlineValues(text, texts) : null;
    }

    #nameFor(text: string): string | null {
      if (!PREPARABLE.test(text) || UPSERT.test(text)) return null;
      const name = statementName(text);
      if (this.#named.has(name)) return name;
      if (this.#named.size >= MAX_PREPARED_STATEMENTS) return null;
      this.#named.add(name);
      return name;
    }
  };

export type PreparingClient = InstanceType<ReturnType<typeof preparingClientOf>>;
