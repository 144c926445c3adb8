import { CREATIVE_TYPE_LABELS } from '@beacon/domain/dictionary/creatives';
import {
  assetTooLargeMessage,
  type CreativeUploadSlot,
  type UploadRule,
  uploadRuleOf,
} from '@beacon/domain/validation/creative-asset';
import type { TCreativeCreate } from '@beacon/domain/validation/creative-form';
import { VAST_ONLY_VIDEO_MESSAGE } from '@beacon/domain/validation/creative-vast';
import {
  CREATIVE_NO_VIDEO_MESSAGE,
  CREATIVE_PROCESSING_ERROR_MESSAGE,
} from '@beacon/domain/validation/messages';
import type { Deps, Principal } from '../../app-types';
import type {
  CreativeUpdate,
  HistoryChange,
  StoredCreativeAsset,
  StoredCreativeNative,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { installationSecret } from '../../lib/installation-secrets';
import { assertCanEdit, recordChange, updateAtVersion, versionedWrite } from '../../lib/resources';
import { actorOf } from '../history/history.service';
import { type CheckedFile, checkCreativeFile } from './creative-asset-check';
import { queueCreativeTranscode } from './creative-files.jobs';
import { refreshLinkedCampaignCounts } from './creatives.links';
import { type CreativeRecord, findCreativeById } from './creatives.repo';
import {
  CREATIVE,
  creativeView,
  historyViewOf,
  visibleCreative,
  writableCreative,
} from './creatives.resource';
import type { TCreative } from './creatives.schemas';
import { createCreative } from './creatives.service';
import {
  PREVIEW_PATH,
  PREVIEW_TTL_SECONDS,
  previewDocument,
  signPreviewToken,
  verifyPreviewToken,
} from './preview';
import {
  buildVastDocument,
  checkVastUrl,
  checkVastXml,
  type VastFetchOptions,
  type VastSummary,
} from './vast';

/**
 * Uploads of a creative's files (decision 023): the main asset (image, video, audio, native main image), a
 * video's companion image and a native creative's icon. An upload is a versioned write of the creative
 * (decision 039): its target is found with the checks of every write (404, 403, 409 `DELETED`, 409
 * `STALE_VERSION` for a `version` sent) before the file is read; the route checks the file by content before
 * this stores it; storing bumps the version at the version read, puts the creative back to pending approval
 * (new content is reviewed again, §4), records history and, for a video, queues its processing in the same
 * transaction.
 */

/** The multipart field that carries the file. */
export const CREATIVE_FILE_FIELD = 'file';

const invalidFile = (message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path: CREATIVE_FILE_FIELD, message }] });

export const invalidUpload = invalidFile;

export type UploadTarget = { record: CreativeRecord; rule: UploadRule; slot: CreativeUploadSlot };

/**
 * The creative a file goes to and the rule it must meet, before the file is read: 404 out of scope, 403 without
 * an edit role, 409 when deleted or when `version` (if sent) is not the creative's, 400 for a slot its type has not.
 */
export const uploadTargetOf = async (
  deps: Deps,
  principal: Principal,
  id: string,
  slot: CreativeUploadSlot,
  version?: number,
): Promise<UploadTarget> => {
  const record = await writableCreative(deps, principal, id, version);
  const rule = uploadRuleOf(record.type, slot);
  if (!rule) {
    throw invalidFile(
      `A creative of type ${CREATIVE_TYPE_LABELS[record.type]} takes no ${slot === 'asset' ? 'uploaded file' : slot.replace('-', ' ')}`,
    );
  }
  return { record, rule, slot };
};

const EMPTY_NATIVE: StoredCreativeNative = {
  title: '',
  description: '',
  call_to_action: '',
  sponsored_by: '',
  main_image_url: null,
  icon_url: null,
};

/** What any new file does to its creative: new content is reviewed again (§4). */
const BACK_TO_REVIEW: CreativeUpdate = {
  state: 'pending-approval',
  audit_status: 'pending',
  rejection_reason: null,
};

/** The columns an upload sets, and the field history names for it. */
const uploadColumns = (
  target: UploadTarget,
  file: CheckedFile,
  url: string,
): { values: CreativeUpdate; field: string; before: string | null } => {
  const { record, slot } = target;
  const size =
    file.width !== undefined && file.height !== undefined ? { width: file.width, height: file.height } : {};
  if (slot === 'companion') {
    return {
      values: {
        companion: JSON.stringify({
          url,
          width: file.width ?? 0,
          height: file.height ?? 0,
          bytes: file.bytes,
        }),
      },
      field: 'companion',
      before: record.companion?.url ?? null,
    };
  }
  const native = record.native ?? EMPTY_NATIVE;
  if (slot === 'native-icon') {
    return {
      values: { native: JSON.stringify({ ...native, icon_url: url }) },
      field: 'native.icon_url',
      before: native.icon_url,
    };
  }
  const asset: StoredCreativeAsset = {
    url,
    kind: file.kind,
    bytes: file.bytes,
    ...size,
    ...(file.durationMs === undefined ? {} : { duration_ms: file.durationMs }),
  };
  const values: CreativeUpdate = { asset: JSON.stringify(asset) };
  if (record.type === 'image') Object.assign(values, size, { thumbnail_url: url });
  if (record.type === 'native') {
    Object.assign(values, { native: JSON.stringify({ ...native, main_image_url: url }), thumbnail_url: url });
  }
  if (record.type === 'video') {
    // Until its job succeeds the video has no renditions, no poster and does not serve (§4).
    Object.assign(values, { transcoding_status: 'pending', renditions: null, thumbnail_url: null });
  }
  return { values, field: 'asset', before: record.asset?.url ?? null };
};

/**
 * Stores a checked file on the creative at the version its target was read (409 `STALE_VERSION` when it changed
 * meanwhile) and answers the creative as it is now.
 */
export const storeCreativeUpload = async (
  deps: Deps,
  principal: Principal,
  target: UploadTarget,
  file: CheckedFile,
): Promise<TCreative> => {
  const stored = await deps.files.save(file.data, file.kind);
  const { record } = target;
  const { values, field, before } = uploadColumns(target, file, stored.url);
  let queued = false;
  const next = await versionedWrite(deps.db, CREATIVE, actorOf(principal), {
    before: record,
    version: record.version,
    values: { ...values, ...BACK_TO_REVIEW },
    now: deps.clock.now(),
    alsoRun: async (trx) => {
      // An approved or rejected creative is back in review: its campaigns' delivery counts follow (decision 022).
      if (record.state !== 'pending-approval') await refreshLinkedCampaignCounts(trx, [record.id]);
      if (record.type === 'video' && target.slot === 'asset') {
        queued = await queueCreativeTranscode(trx, deps.clock, record.id, stored.url);
      }
    },
    reload: findCreativeById,
    historyView: historyViewOf,
    action: 'upload',
    extraChanges: () => [{ field, from: before, to: stored.url }],
  });
  if (queued) deps.jobs.wake();
  return creativeView(deps.db, next);
};

/** A file sent with a new creative, read whole by the route (at most the largest creative rule, flagged past it). */
export type CreativeCreateFile = {
  field: string;
  slot: CreativeUploadSlot;
  data: Buffer;
  truncated: boolean;
};

const invalidAt = (path: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

/**
 * `POST /creative` with its files (multipart): every file is checked against the rule of the creative's type
 * before anything is written, so a refused file creates nothing (400 on the file's field) and a missing media
 * tool answers 503 before the creative exists; then the creative and its files are written in one transaction,
 * with one history row for the files and, for a video, its processing queued.
 */
export const createCreativeWithFiles = async (
  deps: Deps,
  principal: Principal,
  body: TCreativeCreate,
  files: readonly CreativeCreateFile[],
): Promise<TCreative> => {
  assertCanEdit(CREATIVE, principal);
  const checked: { slot: CreativeUploadSlot; rule: UploadRule; file: CheckedFile }[] = [];
  for (const upload of files) {
    const rule = uploadRuleOf(body.type, upload.slot);
    if (!rule) {
      throw invalidAt(
        upload.field,
        `A creative of type ${CREATIVE_TYPE_LABELS[body.type]} takes no ${upload.slot === 'asset' ? 'uploaded file' : upload.slot.replace('-', ' ')}`,
      );
    }
    if (upload.truncated || upload.data.byteLength > rule.maxBytes) {
      throw invalidAt(upload.field, assetTooLargeMessage(rule));
    }
    const result = await checkCreativeFile(rule, upload.data);
    if (!result.ok) throw invalidAt(upload.field, result.message);
    checked.push({ slot: upload.slot, rule, file: result.file });
  }
  // Stored before the transaction: a transaction that fails leaves files nothing refers to, never a creative
  // without its file.
  const stored = await Promise.all(checked.map(({ file }) => deps.files.save(file.data, file.kind)));
  let queued = false;
  const creative = await createCreative(deps, principal, body, {
    afterInsert: async (trx, inserted) => {
      let record = inserted;
      const changes: HistoryChange[] = [];
      for (const [index, { slot, rule, file }] of checked.entries()) {
        const url = stored[index]?.url ?? '';
        const { values, field } = uploadColumns({ record, rule, slot }, file, url);
        const now = deps.clock.now();
        if (!(await updateAtVersion(trx, CREATIVE.table, record.id, record.version, values, now))) {
          throw new AppError('STALE_VERSION');
        }
        changes.push({ field, from: null, to: url });
        if (record.type === 'video' && slot === 'asset') {
          queued = await queueCreativeTranscode(trx, deps.clock, record.id, url);
        }
        record = (await findCreativeById(trx, record.id)) ?? record;
      }
      await recordChange(trx, CREATIVE, record, actorOf(principal), 'upload', changes);
    },
  });
  if (queued) deps.jobs.wake();
  return creative;
};

/**
 * The VAST document of a video creative the caller may see. Until its video is processed it does not serve
 * (§4): 409 with §8's "no video yet" while there is none or it is processing, or the processing error.
 */
export const creativeVast = async (deps: Deps, principal: Principal, id: string): Promise<string> => {
  const record = await visibleCreative(deps, principal, id);
  // A deleted creative never serves: it has no VAST document.
  if (record.deleted_at !== null) throw new AppError('NOT_FOUND');
  if (record.type !== 'video') {
    throw new AppError('VALIDATION_FAILED', {
      message: VAST_ONLY_VIDEO_MESSAGE,
      details: [{ path: 'type', message: VAST_ONLY_VIDEO_MESSAGE }],
    });
  }
  if (record.transcoding_status === 'error') {
    throw new AppError('CREATIVE_VIDEO_NOT_READY', { message: CREATIVE_PROCESSING_ERROR_MESSAGE });
  }
  const { asset, renditions } = record;
  if (record.transcoding_status !== 'success' || !asset || !renditions || renditions.length === 0) {
    throw new AppError('CREATIVE_VIDEO_NOT_READY', { message: CREATIVE_NO_VIDEO_MESSAGE });
  }
  return buildVastDocument(
    {
      id: record.id,
      name: record.name,
      click_url: record.click_url,
      impression_pixels: record.impression_pixels,
      event_pixels: record.event_pixels,
      asset,
      renditions,
      companion: record.companion,
    },
    deps.config.publicUrl,
  );
};

export type VastSource = { vast_url?: string | null | undefined; vast_xml?: string | null | undefined };

/**
 * The problem with an external video's VAST source, or its summary: the pasted document is parsed, the URL
 * fetched; either must be VAST 4.x. Creating or changing an external video creative may call it too.
 */
export const vastSourceProblem = async (
  source: VastSource,
  options: VastFetchOptions = {},
): Promise<{ path: 'vast_url' | 'vast_xml'; message: string } | { summary: VastSummary }> => {
  const check = source.vast_xml
    ? { path: 'vast_xml' as const, result: checkVastXml(source.vast_xml) }
    : { path: 'vast_url' as const, result: await checkVastUrl(source.vast_url ?? '', options) };
  return check.result.ok
    ? { summary: check.result.summary }
    : { path: check.path, message: check.result.message };
};

/** POST /creative/vast-validation: 200 with what the source holds, 400 with the reason. */
export const validateVastSource = async (source: VastSource): Promise<VastSummary> => {
  const outcome = await vastSourceProblem(source);
  if ('summary' in outcome) return outcome.summary;
  throw new AppError('VALIDATION_FAILED', {
    message: outcome.message,
    details: [{ path: outcome.path, message: outcome.message }],
  });
};

/** A short-lived link to the sandboxed preview document of a creative the caller may see. */
export const creativePreviewLink = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<{ url: string; expires_at: string }> => {
  const record = await visibleCreative(deps, principal, id);
  // A deleted creative shows nothing (its link would answer 404 anyway).
  if (record.deleted_at !== null) throw new AppError('NOT_FOUND');
  const expiresAt = new Date(deps.clock.now().getTime() + PREVIEW_TTL_SECONDS * 1000);
  const token = signPreviewToken(await installationSecret(deps.db, 'creativePreview'), record.id, expiresAt);
  return { url: `${PREVIEW_PATH}${token}`, expires_at: expiresAt.toISOString() };
};

/** The preview document a link stands for; `undefined` when the link is forged, expired or the creative gone. */
export const creativePreviewByToken = async (deps: Deps, token: string): Promise<string | undefined> => {
  const id = verifyPreviewToken(
    await installationSecret(deps.db, 'creativePreview'),
    token,
    deps.clock.now(),
  );
  if (!id) return undefined;
  const record = await findCreativeById(deps.db, id);
  return record && record.deleted_at === null ? previewDocument(record) : undefined;
};
