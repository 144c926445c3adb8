import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-currency-rates';
import * as m0003 from './migrations/0003-organization-details';

/** Migrations are imported statically so that the bundled server carries them; names sort in order. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-currency-rates': m0002,
  '0003-organization-details': m0003,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
};
