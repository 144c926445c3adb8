import { type Kysely, sql } from 'kysely';
import type { CreativeUpdate, Database, StoredCreativeAsset, StoredCreativeRendition } from '../../db/schema';

/** SQL of the creative files (decision 023): uploads, video processing results. */

/**
 * Applies an upload's columns and puts the creative back to review (new content is pending approval, §4);
 * the version moves on so that an edit form holding the old one gets 409. False when the creative is gone.
 */
export const applyCreativeUpload = async (
  db: Kysely<Database>,
  id: string,
  values: CreativeUpdate,
  now: Date,
): Promise<boolean> => {
  const result = await db
    .updateTable('creatives')
    .set({
      ...values,
      state: 'pending-approval',
      audit_status: 'pending',
      rejection_reason: null,
      updated_at: now,
    })
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

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
 * decides). Processing is no content change: state and version stay.
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
    .where(sql<string>`asset->>'url'`, '=', sourceUrl)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};
