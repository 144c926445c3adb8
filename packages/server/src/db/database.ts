import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory; `template` starts it from a dumped data directory. */
  | { kind: 'embedded'; dataDir: string | undefined; template?: Blob; templateFile?: string };

/** bigint (int8) stays a string, as node-postgres returns it, so ids and micro-unit amounts never lose precision. */
const PGLITE_PARSERS = { [types.INT8]: (value: string) => value };

/**
 * A new embedded database starts from the empty cluster that `npm run build` prepared, which skips PGlite's
 * initdb (about 3 s of a first start). An existing data directory is opened as it is.
 */
const clusterTemplate = (dataDir: string | undefined, templateFile: string | undefined): Blob | undefined => {
  if (
    !dataDir ||
    !templateFile ||
    existsSync(path.join(dataDir, 'PG_VERSION')) ||
    !existsSync(templateFile)
  ) {
    return undefined;
  }
  return new Blob([readFileSync(templateFile)]);
};

export const createDatabase = async (target: DatabaseTarget): Promise<Db> => {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    dataDir: target.dataDir,
    parsers: PGLITE_PARSERS,
    loadDataDir: target.template ?? clusterTemplate(target.dataDir, target.templateFile),
  });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
};

export const databaseTargetFromConfig = (
  config: { databaseUrl: string | undefined; dataDir: string },
  templateFile?: string,
): DatabaseTarget =>
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : {
        kind: 'embedded',
        dataDir: path.join(config.dataDir, 'db'),
        ...(templateFile ? { templateFile } : {}),
      };
