import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-currency-rates';
import * as m0003 from './migrations/0003-organization-details';
import * as m0004 from './migrations/0004-users-and-files';
import * as m0005 from './migrations/0005-tracking-events';
import * as m0006 from './migrations/0006-list-indexes';
import * as m0007 from './migrations/0007-campaigns';
import * as m0008 from './migrations/0008-campaign-list-indexes';
import * as m0009 from './migrations/0009-geolists';
import * as m0010 from './migrations/0010-deals';
import * as m0011 from './migrations/0011-location-audiences';
import * as m0012 from './migrations/0012-audiences';
import * as m0013 from './migrations/0013-publisher-lists';
import * as m0014 from './migrations/0014-jobs';
import * as m0015 from './migrations/0015-tracking-event-campaigns';
import * as m0016 from './migrations/0016-strategy-targeting';
import * as m0017 from './migrations/0017-creatives';
import * as m0018 from './migrations/0018-staged-uploads';
import * as m0019 from './migrations/0019-saved-views';
import * as m0020 from './migrations/0020-exchanges';
import * as m0021 from './migrations/0021-delivery';
import * as m0022 from './migrations/0022-delivery-touches';
import * as m0023 from './migrations/0023-time-zones';
import * as m0024 from './migrations/0024-frequency-caps';
import * as m0025 from './migrations/0025-delivery-brin';
import * as m0026 from './migrations/0026-campaign-frequency-caps';
import * as m0027 from './migrations/0027-delivery-strategy-sums';
import * as m0028 from './migrations/0028-campaign-budget-resets';

/** Migrations are imported statically so that the bundled server carries them; names sort in order. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-currency-rates': m0002,
  '0003-organization-details': m0003,
  '0004-users-and-files': m0004,
  '0005-tracking-events': m0005,
  '0006-list-indexes': m0006,
  '0007-campaigns': m0007,
  '0008-campaign-list-indexes': m0008,
  '0009-geolists': m0009,
  '0010-deals': m0010,
  '0011-location-audiences': m0011,
  '0012-audiences': m0012,
  '0013-publisher-lists': m0013,
  '0014-jobs': m0014,
  '0015-tracking-event-campaigns': m0015,
  '0016-strategy-targeting': m0016,
  '0017-creatives': m0017,
  '0018-staged-uploads': m0018,
  '0019-saved-views': m0019,
  '0020-exchanges': m0020,
  '0021-delivery': m0021,
  '0022-delivery-touches': m0022,
  '0023-time-zones': m0023,
  '0024-frequency-caps': m0024,
  '0025-delivery-brin': m0025,
  '0026-campaign-frequency-caps': m0026,
  '0027-delivery-strategy-sums': m0027,
  '0028-campaign-budget-resets': m0028,
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
