import { type Kysely, sql } from 'kysely';
import type { CreativeUpdate, Database, StoredCreativeAsset, StoredCreativeRendition } from '../../db/schema';

/**
 * SQL of the creative files (decision 023): video processing results. An upload is a versioned write of the
 * creative (`versionedWrite` of lib/resources.ts, creative-files.service.ts).
 */

/** The video a transcoding job works on, if the creative still has that upload as its asset. */
export const findVideoToTranscode = async (db: Kysely<Database>, id: string, sourceUrl: string) =>
  db
    .selectFrom('creatives')
    .select(['id', 'asset', 'transcoding_status'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('type', '=', 'video')
    .where(sql<string>`asset->>'url'`, '=', sourceUrl)
    .executeTakeFirst();

/**
 * Records the outcome of processing, unless another upload replaced the video meanwhile (its own job then
 * decides) or the creative was deleted (a deleted creative is not changed, decision 039). Processing is no
 * content change: state and version stay.
 */
export const setTranscodingOutcome = async (
  db: Kysely<Database>,
  id: string,
  sourceUrl: string,
  outcome:
    | {
        status: 'success';
        asset: StoredCreativeAsset;
        renditions: StoredCreativeRendition[];
        posterUrl: string;
      }
    | { status: 'error' },
  now: Date,
): Promise<boolean> => {
  const values: CreativeUpdate =
    outcome.status === 'success'
      ? {
          transcoding_status: 'success',
          asset: JSON.stringify(outcome.asset),
          renditions: JSON.stringify(outcome.renditions),
          thumbnail_url: outcome.posterUrl,
        }
      : { transcoding_status: 'error', renditions: null };
  const result = await db
    .updateTable('creatives')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where(sql<string>`asset->>'url'`, '=', sourceUrl)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};
