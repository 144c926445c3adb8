import { writeFileSync } from 'node:fs';
import { Kysely } from 'kysely';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * Writes an embedded cluster with every migration applied (decision 004): a first start copies it instead of
 * running initdb and the migrations. Built by `npm run build`; newer migrations still apply at start. Its
 * libraries are loaded here, not when the server starts (decision 031).
 */
export const writeClusterTemplate = async (file: string): Promise<void> => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const pglite = await PGlite.create();
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  const dump = await pglite.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
};
