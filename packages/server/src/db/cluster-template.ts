import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * Writes an embedded cluster with every migration applied (decision 004): a first start copies it instead of
 * running initdb and the migrations. Built by `npm run build`; newer migrations still apply at start.
 */
export const writeClusterTemplate = async (file: string): Promise<void> => {
  const pglite = await PGlite.create();
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
};
