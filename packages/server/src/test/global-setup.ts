import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { PGLITE_TEMPLATE_ENV } from './test-database';

/** Runs initdb and the migrations once per test run; every test file then starts from a copy. */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const pglite = await PGlite.create();
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  const dump = await pglite.dumpDataDir('none');
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env[PGLITE_TEMPLATE_ENV] = file;
}
