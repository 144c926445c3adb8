import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { canEditAudiences, ORGANIZATION_ROLE_RESOURCES } from '@beacon/domain/access/permissions';
import {
  AUDIENCE_UPLOAD_HISTORY_FIELDS,
  identifierMatchRate,
  type TAudienceUploadReport,
} from '@beacon/domain/api/audiences';
import { copyName, type THistoryEntry } from '@beacon/domain/api/history';
import { AUDIENCE_NAME_MAX_LENGTH, MAX_REPORTED_IDENTIFIER_LINES } from '@beacon/domain/dictionary/audiences';
import {
  AUDIENCE_LIST_SPEC,
  audienceTypeIssues,
  isSegmentType,
  isUploadType,
  type TAudienceCreate,
  type TAudienceDuplicate,
  type TAudienceIdentifiersUpload,
  type TAudienceUpdate,
} from '@beacon/domain/validation/audience-form';
import {
  createIdentifierReader,
  type TIdentifierLine,
  type TIdentifierLineError,
} from '@beacon/domain/validation/audience-identifiers';
import type { ListQuery } from '@beacon/domain/validation/list-query';
import {
  AUDIENCE_CAMPAIGN_UNKNOWN_MESSAGE,
  AUDIENCE_DELETED_MESSAGE,
  AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE,
  AUDIENCE_NO_VALID_IDENTIFIERS_MESSAGE,
  AUDIENCE_ORGANIZATION_MESSAGE,
  AUDIENCE_SEGMENT_PUBLISHER_MESSAGE,
  AUDIENCE_UPLOAD_TYPE_MESSAGE,
  audienceBadLinesMessage,
  audienceMoreBadLinesMessage,
} from '@beacon/domain/validation/messages';
import type { Kysely } from 'kysely';
import type { Deps, Principal } from '../../app-types';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { identifierHasher } from '../../lib/identifier-hash';
import { installationSecret } from '../../lib/installation-secrets';
import {
  assertCanEdit,
  historyOf,
  insertWithHistory,
  type ResourceKind,
  readable,
  recordChange,
  softDelete,
  versionedWrite,
  writable,
} from '../../lib/resources';
import { createBatchSizer, timedBatch } from '../../lib/staged-sets';
import { scopeOf, type TenantScope } from '../../lib/tenant-scope';
import { liveCampaignIdsUnder } from '../campaigns/campaigns.lookups';
import { actorOf, type HistoryActor } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { queueAudienceCount, queueAudienceUploadsCleanup } from './audiences.jobs';
import {
  type AudienceRecord,
  audienceListSourceOf,
  commitAudienceUpload,
  createAudienceUpload,
  discardAudienceUploads,
  findAudienceInScope,
  findSharedSegment,
  insertIdentifierBatch,
  listAudiencesInScope,
  listSharedSegments,
} from './audiences.repo';
import type { TAudience, TAudienceUploadResult } from './audiences.schemas';

/**
 * Audiences (decision 019), on the shared resource shape (decision 039). Every call needs §6 `resources-audiences` (the route declares it, which
 * also shuts out other-partner organizations); writes also need an edit role. An audience outside the caller's
 * scope answers 404, except the segments data partners publish, which anyone with access may read (not change,
 * duplicate or see the history of). Every write records history (actor and impersonator) in its transaction;
 * uploads record how many identifiers came, never the identifiers, which are kept only as keyed hashes.
 */

const AUDIENCE: ResourceKind & { table: 'audiences' } = {
  entity: 'audience',
  table: 'audiences',
  canEdit: canEditAudiences,
  deletedMessage: AUDIENCE_DELETED_MESSAGE,
};

const invalid = (details: { path: string[]; message: string }[]): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: details[0]?.message,
    details: details.map((detail) => ({ path: detail.path.join('.'), message: detail.message })),
  });

export const toAudience = (record: AudienceRecord): TAudience => ({
  id: Number(record.id),
  organization: Number(record.organization_id),
  organization_name: record.organization_name,
  name: record.name,
  description: record.description,
  type: record.type,
  state: record.state,
  kpis: record.kpis,
  campaigns: record.campaign_ids.map(Number),
  is_shared: record.is_shared,
  users_count: record.users_count === null ? null : Number(record.users_count),
  users_counted_at: record.users_counted_at?.toISOString() ?? null,
  version: record.version,
  created_at: record.created_at.toISOString(),
  updated_at: record.updated_at.toISOString(),
});

/** What history keeps of an audience: its fields, never identifiers. */
const historyViewOf = (record: AudienceRecord) => ({
  organization: Number(record.organization_id),
  name: record.name,
  description: record.description,
  type: record.type,
  state: record.state,
  kpis: record.kpis,
  campaigns: record.campaign_ids.map(Number),
  is_shared: record.is_shared,
  ...(isSegmentType(record.type) ? { users_count: Number(record.users_count ?? 0) } : {}),
});

/** An audience whatever the scope (to read a row back in the transaction that wrote it). */
const findAudienceById = (db: Kysely<Database>, id: string): Promise<AudienceRecord | undefined> =>
  findAudienceInScope(db, { kind: 'all' }, id);

/** The audience of a call in the caller's scope (the checks of `readable` or `writable` follow). */
const audienceInScope = (deps: Deps, principal: Principal, id: string): Promise<AudienceRecord | undefined> =>
  findAudienceInScope(deps.db, scopeOf(principal), id);

/** The organization a new audience goes to: in scope, not deleted, allowed audiences by its role. */
const targetOrganization = async (scope: TenantScope, deps: Deps, id: string) => {
  const organization = await getOrganization(deps.db, scope, id);
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const resources: readonly string[] = ORGANIZATION_ROLE_RESOURCES[organization.role];
  if (!resources.includes('resources-audiences')) {
    throw invalid([{ path: ['organization'], message: AUDIENCE_ORGANIZATION_MESSAGE }]);
  }
  return organization;
};

/** Campaigns of an interaction audience: under the audience's organization, else 400. */
const assertCampaignsUnder = async (
  db: Kysely<Database>,
  organizationId: string,
  campaigns: readonly number[],
): Promise<void> => {
  const ids = campaigns.map(String);
  const found = new Set(await liveCampaignIdsUnder(db, organizationId, ids));
  if (ids.some((id) => !found.has(id))) {
    throw invalid([{ path: ['campaigns'], message: AUDIENCE_CAMPAIGN_UNKNOWN_MESSAGE }]);
  }
};

export type NewAudience = {
  organization_id: string;
  name: string;
  description: string | null;
  type: TAudienceCreate['type'];
  kpis?: TAudienceCreate['kpis'];
  campaigns?: readonly number[];
  is_shared?: boolean;
  users_count: number | null;
};

/**
 * Writes an audience and its `create` history, or its `duplicate` history naming the original (the service, the
 * demo seed and test factories use it).
 */
export const insertAudienceWithHistory = (
  db: Kysely<Database>,
  values: NewAudience,
  actor: HistoryActor,
  duplicatedFrom?: string,
): Promise<AudienceRecord> =>
  insertWithHistory(db, AUDIENCE, actor, {
    insert: async (trx) => {
      const { id } = await trx
        .insertInto('audiences')
        .values({
          organization_id: values.organization_id,
          name: values.name,
          description: values.description,
          type: values.type,
          kpis: values.kpis ?? [],
          campaign_ids: (values.campaigns ?? []).map(String),
          is_shared: values.is_shared ?? false,
          users_count: values.users_count,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    reload: findAudienceById,
    historyView: historyViewOf,
    duplicatedFrom,
  });

// ---------------------------------------------------------------------------------------------------------
// Reads

export const listVisibleAudiences = async (
  deps: Deps,
  principal: Principal,
  list: ListQuery,
): Promise<{ rows: TAudience[]; total: number }> => {
  const withDeleted = list.filters.some((filter) => filter.field === 'state');
  const { rows, total } = await listAudiencesInScope(
    deps.db,
    scopeOf(principal),
    list,
    audienceListSourceOf(AUDIENCE_LIST_SPEC),
    withDeleted,
  );
  return { rows: rows.map(toAudience), total };
};

/** `GET /audience-segments`: the segments every data partner publishes, whoever asks. */
export const listAudienceSegments = async (
  deps: Deps,
  list: ListQuery,
): Promise<{ rows: TAudience[]; total: number }> => {
  const { rows, total } = await listSharedSegments(deps.db, list, audienceListSourceOf(AUDIENCE_LIST_SPEC));
  return { rows: rows.map(toAudience), total };
};

/** One audience in scope, or a published segment. */
export const getAudience = async (deps: Deps, principal: Principal, id: string): Promise<TAudience> => {
  const found = await readable(
    (await findAudienceInScope(deps.db, scopeOf(principal), id)) ?? findSharedSegment(deps.db, id),
  );
  return toAudience(found);
};

/** The history of an audience in scope (not of another organization's published segment). */
export const audienceHistory = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<THistoryEntry[]> =>
  historyOf(deps.db, principal, AUDIENCE, (await readable(audienceInScope(deps, principal, id))).id);

// ---------------------------------------------------------------------------------------------------------
// Writes

/** `POST /audience`: in the caller's organization unless one in scope is named. */
export const createAudience = async (
  deps: Deps,
  principal: Principal,
  body: TAudienceCreate,
): Promise<TAudience> => {
  assertCanEdit(AUDIENCE, principal);
  const organization = await targetOrganization(
    scopeOf(principal),
    deps,
    String(body.organization ?? principal.organizationId),
  );
  const isSegment = isSegmentType(body.type);
  if (isSegment && organization.role !== 'data-partner') {
    throw invalid([{ path: ['type'], message: AUDIENCE_SEGMENT_PUBLISHER_MESSAGE }]);
  }
  if (body.type === 'interaction') await assertCampaignsUnder(deps.db, organization.id, body.campaigns ?? []);
  const created = await deps.db.transaction().execute(async (trx) => {
    const audience = await insertAudienceWithHistory(
      trx,
      {
        organization_id: organization.id,
        name: body.name,
        description: body.description,
        type: body.type,
        kpis: body.kpis,
        campaigns: body.campaigns,
        is_shared: isSegment ? (body.is_shared ?? true) : false,
        // Interaction audiences are counted by a job; uploaded ones start empty; segments say their size.
        users_count: body.type === 'interaction' ? null : isSegment ? (body.users_count ?? 0) : 0,
      },
      actorOf(principal),
    );
    if (body.type === 'interaction') await queueAudienceCount(trx, deps.clock, audience.id);
    return audience;
  });
  if (body.type === 'interaction') deps.jobs.wake();
  return toAudience(created);
};

/** `PUT /audience/{id}`: the fields sent, at the version read; new KPIs or campaigns mean a recount. */
export const updateAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TAudienceUpdate,
): Promise<TAudience> => {
  const before = await writable(AUDIENCE, principal, audienceInScope(deps, principal, id), body.version);
  const { version, campaigns, ...fields } = body;
  // An interaction audience keeps its stored KPIs and campaigns when the update leaves them out.
  const isInteraction = before.type === 'interaction';
  const issues = audienceTypeIssues({
    type: before.type,
    kpis: fields.kpis ?? (isInteraction ? before.kpis : undefined),
    campaigns: campaigns ?? (isInteraction ? before.campaign_ids : undefined),
    users_count: fields.users_count,
    is_shared: fields.is_shared,
  });
  if (issues.length > 0) throw invalid(issues);
  if (campaigns) await assertCampaignsUnder(deps.db, before.organization_id, campaigns);
  const nextCampaigns = campaigns?.map(String);
  const isRecount =
    isInteraction &&
    ((fields.kpis !== undefined && JSON.stringify(fields.kpis) !== JSON.stringify(before.kpis)) ||
      (nextCampaigns !== undefined && JSON.stringify(nextCampaigns) !== JSON.stringify(before.campaign_ids)));
  const updated = await versionedWrite(deps.db, AUDIENCE, actorOf(principal), {
    before,
    version,
    values: {
      ...(fields.name !== undefined ? { name: fields.name } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.kpis !== undefined ? { kpis: fields.kpis } : {}),
      ...(nextCampaigns !== undefined ? { campaign_ids: nextCampaigns } : {}),
      ...(fields.is_shared !== undefined ? { is_shared: fields.is_shared } : {}),
      ...(fields.users_count !== undefined ? { users_count: fields.users_count } : {}),
      ...(isRecount ? { users_count: null, users_counted_at: null } : {}),
    },
    now: deps.clock.now(),
    alsoRun: isRecount
      ? async (trx) => {
          await queueAudienceCount(trx, deps.clock, before.id);
        }
      : undefined,
    reload: findAudienceById,
    historyView: historyViewOf,
  });
  if (isRecount) deps.jobs.wake();
  return toAudience(updated);
};

/**
 * `DELETE /audience/{id}?version=N`: state deleted, kept with its history. Its identifiers go at once: a
 * deleted audience targets nobody, and keeping device hashes for nothing is what the six-month rule is against.
 */
export const deleteAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> => {
  const before = await writable(AUDIENCE, principal, audienceInScope(deps, principal, id), version);
  const now = deps.clock.now();
  await softDelete(deps.db, AUDIENCE, actorOf(principal), before, version, now, {
    // Its identifiers stop counting now; the cleanup job deletes them in batches (decision 033).
    alsoRun: async (trx) => {
      await discardAudienceUploads(trx, { audienceId: before.id }, now);
      await queueAudienceUploadsCleanup(trx, deps.clock);
    },
  });
  deps.jobs.wake();
};

/**
 * `POST /audience/{id}/duplicate`: a copy of the fields in the same organization. An uploaded audience's copy
 * starts empty: identifiers are not copied (they are kept only as hashes for the audience they were uploaded
 * to, under the uploader's commitment); an interaction audience's copy is counted again.
 */
export const duplicateAudience = async (
  deps: Deps,
  principal: Principal,
  id: string,
  body: TAudienceDuplicate,
): Promise<TAudience> => {
  const source = await writable(AUDIENCE, principal, audienceInScope(deps, principal, id));
  const isInteraction = source.type === 'interaction';
  const copy = await deps.db.transaction().execute(async (trx) => {
    const created = await insertAudienceWithHistory(
      trx,
      {
        organization_id: source.organization_id,
        name: body.name ?? copyName(source.name, AUDIENCE_NAME_MAX_LENGTH),
        description: source.description,
        type: source.type,
        kpis: source.kpis,
        campaigns: source.campaign_ids.map(Number),
        is_shared: source.is_shared,
        users_count: isInteraction ? null : isSegmentType(source.type) ? Number(source.users_count ?? 0) : 0,
      },
      actorOf(principal),
      source.id,
    );
    if (isInteraction) await queueAudienceCount(trx, deps.clock, created.id);
    return created;
  });
  if (isInteraction) deps.jobs.wake();
  return toAudience(copy);
};

// ---------------------------------------------------------------------------------------------------------
// Identifier uploads

/**
 * Checks before a file is read, in the one order of checks: the audience is the caller's to change (404, 403, 409
 * `DELETED`) and takes identifiers (400).
 */
export const audienceForUpload = async (
  deps: Deps,
  principal: Principal,
  id: string,
): Promise<AudienceRecord> => {
  const audience = await writable(AUDIENCE, principal, audienceInScope(deps, principal, id));
  if (!isUploadType(audience.type))
    throw invalid([{ path: ['type'], message: AUDIENCE_UPLOAD_TYPE_MESSAGE }]);
  return audience;
};

/** What a file held, as the upload answers it and as a refusal's `report`. */
const reportOf = (
  lines: number,
  identifiers: number,
  badLines: number,
  rejected: readonly TIdentifierLineError[],
): TAudienceUploadReport => ({
  lines,
  identifiers,
  bad_lines: badLines,
  match_rate: identifierMatchRate(identifiers, badLines),
  rejected_lines: rejected.map((error) => ({ line: error.line, message: error.message })),
});

/**
 * The 400 of a file with bad lines: the file's message first (`path: file`), a detail per reported line
 * (`path: file.<line>`, `line`, as geolists answer theirs), how many more, and the report beside them.
 */
const badLinesError = (message: string, fileError: string, report: TAudienceUploadReport): AppError =>
  new AppError('VALIDATION_FAILED', {
    message,
    details: [
      { path: 'file', message },
      ...report.rejected_lines.map((error) => ({
        path: `file.${error.line}`,
        line: error.line,
        message: error.message,
      })),
      ...(report.bad_lines > report.rejected_lines.length
        ? [
            {
              path: 'file',
              message: audienceMoreBadLinesMessage(report.bad_lines - report.rejected_lines.length),
            },
          ]
        : []),
    ],
    extra: { file_error: fileError, bad_lines: report.bad_lines, report },
  });

/**
 * `POST /audience/{id}/identifiers`: streams the file line by line (never whole in memory) and keeps each
 * identifier only as its keyed hash. The hashes go to a new upload, invisible until committed, in batches of
 * about BATCH_TARGET_MS, each its own statement and never a transaction open while the file arrives
 * (decision 033). Bad lines are counted and the first MAX_REPORTED_IDENTIFIER_LINES reported with their numbers.
 * Without `keep_valid`, once a line is bad nothing more is written, the rest is only checked, the upload is
 * discarded (the cleanup job deletes its rows) and the answer is 400 with the report; with it, the bad lines are
 * dropped and the valid identifiers kept. A file without any valid identifier is refused either way. A stored
 * upload is committed in one short transaction with its history (counts, never identifiers), and the audience's
 * count is null (updating) until the queued count job has run.
 */
export const uploadAudienceIdentifiers = async (
  deps: Deps,
  principal: Principal,
  audience: AudienceRecord,
  fields: TAudienceIdentifiersUpload,
  file: Readable & { truncated?: boolean },
  onTooLarge: () => AppError,
): Promise<TAudienceUploadResult> => {
  const hash = identifierHasher(await installationSecret(deps.db, 'audienceIdentifiers'));
  const reader = createIdentifierReader(fields.identifier_type);
  const decoder = new StringDecoder('utf8');
  const now = deps.clock.now();
  const keepValid = fields.keep_valid;
  const errors: TIdentifierLineError[] = [];
  let badLines = 0;
  let accepted = 0;
  const upload = { audienceId: audience.id, uploadId: await createAudienceUpload(deps.db, audience.id) };
  const sizer = createBatchSizer({ initial: 2_000 });

  let report: TAudienceUploadReport;
  try {
    let hashes: string[] = [];
    let types: string[] = [];
    const flush = async () => {
      if (hashes.length === 0) return;
      const batch = { hashes, types };
      hashes = [];
      types = [];
      await timedBatch(sizer, batch.hashes.length, () =>
        insertIdentifierBatch(deps.db, upload, batch.hashes, batch.types, now),
      );
    };
    const take = async (lines: TIdentifierLine[]) => {
      for (const line of lines) {
        if (!line.ok) {
          badLines += 1;
          if (errors.length < MAX_REPORTED_IDENTIFIER_LINES)
            errors.push({ line: line.line, message: line.message });
          continue;
        }
        accepted += 1;
        // Without keep_valid, once a line is bad nothing will be stored: the rest of the file is only checked.
        if (keepValid || badLines === 0) {
          hashes.push(hash(line.identifier));
          types.push(line.type);
        }
        if (hashes.length >= sizer.size) await flush();
      }
    };
    for await (const chunk of file) {
      await take(reader.push(decoder.write(chunk)));
    }
    await take([...reader.push(decoder.end()), ...reader.end()]);
    if (file.truncated) throw onTooLarge();
    report = reportOf(reader.lines, accepted, badLines, errors);
    if (accepted === 0 && badLines === 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE,
        details: [{ path: 'file', message: AUDIENCE_IDENTIFIERS_EMPTY_MESSAGE }],
        extra: { file_error: 'empty_file' },
      });
    }
    if (accepted === 0) {
      throw badLinesError(AUDIENCE_NO_VALID_IDENTIFIERS_MESSAGE, 'no_valid_identifiers', report);
    }
    if (badLines > 0 && !keepValid) {
      throw badLinesError(
        audienceBadLinesMessage(
          errors.map((error) => error.line),
          badLines,
          accepted,
        ),
        'invalid_identifiers',
        report,
      );
    }
    await flush();
  } catch (error) {
    await discardAudienceUploads(deps.db, { uploadId: upload.uploadId }, deps.clock.now());
    await queueAudienceUploadsCleanup(deps.db, deps.clock);
    deps.jobs.wake();
    throw error;
  }

  const result = await deps.db.transaction().execute(async (trx) => {
    // The audience was deleted while the file arrived: its uploads, this one too, were discarded.
    if (!(await commitAudienceUpload(trx, upload.uploadId, deps.clock.now()))) {
      throw new AppError('DELETED', {
        message: AUDIENCE_DELETED_MESSAGE,
        details: [{ path: 'state', message: AUDIENCE_DELETED_MESSAGE }],
      });
    }
    await trx
      .updateTable('audiences')
      .set({ users_count: null, users_counted_at: null, updated_at: now })
      .where('id', '=', audience.id)
      .execute();
    await recordChange(trx, AUDIENCE, audience, actorOf(principal), 'upload', [
      { field: AUDIENCE_UPLOAD_HISTORY_FIELDS.identifiers, from: null, to: accepted },
      { field: AUDIENCE_UPLOAD_HISTORY_FIELDS.lines, from: null, to: report.lines },
      { field: AUDIENCE_UPLOAD_HISTORY_FIELDS.badLines, from: null, to: badLines },
    ]);
    await queueAudienceCount(trx, deps.clock, audience.id);
    return readable(findAudienceById(trx, audience.id));
  });
  deps.jobs.wake();
  return { ...report, audience: toAudience(result) };
};
