import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { kind: 'embedded'; dataDir: string | undefined };

// bigint (int8) stays a string in JS so that ids and micro-unit amounts never lose precision.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export const createDatabase = async (target: DatabaseTarget): Promise<Db> => {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const pglite = target.dataDir ? await PGlite.create(target.dataDir) : await PGlite.create();
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
};

export const databaseTargetFromConfig = (config: { databaseUrl: string | undefined; dataDir: string }): DatabaseTarget =>
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'embedded', dataDir: path.join(config.dataDir, 'db') };
