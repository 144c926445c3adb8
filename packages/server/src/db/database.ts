import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { startPGliteWorker } from './pglite-worker-dialect';
import { preparingClientOf } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /**
   * PGlite, on a worker thread of its own (decision 013). `dataDir` undefined keeps the database in memory;
   * `template` starts it from a dumped data directory. bigint (int8) comes back as a string, as node-postgres
   * returns it, so ids and micro-unit amounts never lose precision.
   */
  | { kind: 'embedded'; dataDir: string | undefined; template?: Blob; templateFile?: string };

/**
 * A new embedded database starts from the empty cluster that `npm run build` prepared (this file), which
 * skips PGlite's initdb (about 3 s of a first start). An existing data directory is opened as it is.
 */
const clusterTemplate = (
  dataDir: string | undefined,
  templateFile: string | undefined,
): string | undefined => {
  if (
    !dataDir ||
    !templateFile ||
    existsSync(path.join(dataDir, 'PG_VERSION')) ||
    !existsSync(templateFile)
  ) {
    return undefined;
  }
  return templateFile;
};

/**
 * The database of `target`. An embedded one is open when this answers, unless `waitUntilOpen` is false: then its
 * first statement waits until it is, and fails as this would have (decision 031).
 */
export const createDatabase = async (
  target: DatabaseTarget,
  { waitUntilOpen = true }: { waitUntilOpen?: boolean } = {},
): Promise<Db> => {
  if (target.kind === 'postgres') {
    // node-postgres is loaded only here: an embedded start does not pay for it (decision 031).
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      Client: preparingClientOf(pg.Client),
      // A connection keeps the statements it prepared (decisions 028, 029) until it closes: retiring it after
      // this many uses lets a busy pool prepare the questions of the day rather than those of its first hour.
      maxUses: 50_000,
      // Named statements are planned for each call's values, as unnamed ones were (decision 028); values written
      // into a statement as literals (decision 029) rely on standard_conforming_strings.
      options: '-c plan_cache_mode=force_custom_plan -c standard_conforming_strings=on',
    });
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' event of the
    // pool: unheard, it would end the process. The pool drops that connection and opens another when asked;
    // the statement that meets a dead database fails on its own and is answered as any failure.
    pool.on('error', (error) => {
      process.emitWarning(`An idle PostgreSQL connection ended: ${error.message}`, {
        code: 'BEACON_PG_IDLE',
      });
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true });
  const dialect = await startPGliteWorker(
    {
      dataDir: target.dataDir,
      template: target.template,
      templateFile: target.template ? undefined : clusterTemplate(target.dataDir, target.templateFile),
    },
    { waitUntilOpen },
  );
  return new Kysely<Database>({ dialect });
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
