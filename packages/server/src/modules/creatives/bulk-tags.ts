import {
  BULK_TAG_MAX_BYTES,
  BULK_TAG_MAX_UNZIPPED_BYTES,
  BULK_TAG_NOT_XLSX_MESSAGE,
  BULK_TAG_TOO_LARGE_MESSAGE,
  type BulkTagCell,
  parseBulkTagRows,
  type TBulkTag,
} from '@beacon/domain/validation/creative-bulk-tags';
import { TECHNICAL_TYPE_OF } from '@beacon/domain/validation/creative-form';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance, Deps, Principal } from '../../app-types';
import type { NewCreative } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCanEdit, principalOf } from '../../lib/resources';
import { scopeOf } from '../../lib/tenant-scope';
import { checkZipLimits } from '../../lib/zip-guard';
import { MULTIPART_DATA_FIELD } from '../../plugins/uploads';
import { actorOf } from '../history/history.service';
import { getOrganization } from '../organizations/organizations.service';
import { CREATIVE, insertCreativeWithHistory, toCreativeRow } from './creatives.resource';
import { ZCreativeRow } from './creatives.schemas';

/**
 * `POST /creatives/bulk-tags` (decision 023): tag creatives from an XLSX sheet, all or nothing. The file is
 * capped before it is read (content-length, then the multipart reader), its ZIP container is checked for
 * bombs before the spreadsheet parser sees it, every row is checked with the single-tag rules, and the tags
 * are created in one transaction (state pending approval, tag creation mode bulk, history for each).
 */

const FILE_FIELD = 'file';
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;
const MAX_ZIP_ENTRIES = 200;

const ZBulkTagOptions = z.strictObject({ organization: z.number().int().positive().optional() });

const invalid = (message: string, extra?: Record<string, unknown>) =>
  new AppError('VALIDATION_FAILED', {
    message,
    details: [{ path: FILE_FIELD, message }],
    ...(extra ? { extra } : {}),
  });

/** The spreadsheet's first sheet as rows of cells, after the ZIP-bomb guard. */
export const readBulkTagSheet = async (data: Buffer): Promise<BulkTagCell[][]> => {
  const verdict = checkZipLimits(data, {
    maxEntries: MAX_ZIP_ENTRIES,
    maxTotalBytes: BULK_TAG_MAX_UNZIPPED_BYTES,
  });
  if (verdict === 'too_large') throw invalid(BULK_TAG_TOO_LARGE_MESSAGE);
  if (verdict !== 'ok') throw invalid(BULK_TAG_NOT_XLSX_MESSAGE);
  // Loaded on the first spreadsheet, not at start (decision 031).
  const { readSheet } = await import('read-excel-file/node');
  try {
    return (await readSheet(data)) as BulkTagCell[][];
  } catch {
    throw invalid(BULK_TAG_NOT_XLSX_MESSAGE);
  }
};

const columnsOfTag = (tag: TBulkTag, organizationId: string): NewCreative => ({
  organization_id: organizationId,
  name: tag.name,
  type: 'tag',
  technical_type: TECHNICAL_TYPE_OF.tag,
  language: tag.language,
  attributes: JSON.stringify(tag.attributes),
  impression_pixels: JSON.stringify(tag.impression_pixels),
  event_pixels: JSON.stringify({}),
  click_url: tag.click_url,
  html_markup: tag.html_markup,
  width: tag.width,
  height: tag.height,
  tag_creation_mode: 'bulk',
});

export const importBulkTags = async (
  deps: Deps,
  principal: Principal,
  data: Buffer,
  options: z.output<typeof ZBulkTagOptions>,
) => {
  assertCanEdit(CREATIVE, principal);
  const organization = await getOrganization(
    deps.db,
    scopeOf(principal),
    String(options.organization ?? principal.organizationId),
  );
  if (!organization || organization.state === 'DELETED') throw new AppError('NOT_FOUND');
  const parsed = parseBulkTagRows(await readBulkTagSheet(data));
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', {
      message: parsed.message,
      details: parsed.rows.flatMap(({ row, messages }) =>
        messages.map((message) => ({ path: `row ${row}`, message })),
      ),
      extra: { rows: parsed.rows },
    });
  }
  const records = await deps.db.transaction().execute(async (trx) => {
    const created = [];
    for (const tag of parsed.tags) {
      created.push(
        await insertCreativeWithHistory(trx, columnsOfTag(tag, organization.id), actorOf(principal)),
      );
    }
    return created;
  });
  return records.map(toCreativeRow);
};

const parseJson = (value: string): unknown => {
  try {
    return JSON.parse(value || '{}');
  } catch {
    return undefined;
  }
};

const readRequest = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw invalid(`Send the spreadsheet as multipart/form-data in "${FILE_FIELD}"`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > BULK_TAG_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw invalid(BULK_TAG_TOO_LARGE_MESSAGE);
  }
  let file: Buffer | undefined;
  let options: z.output<typeof ZBulkTagOptions> = {};
  let refusal: AppError | undefined;
  for await (const part of request.parts({ limits: { fileSize: BULK_TAG_MAX_BYTES, files: 1, fields: 1 } })) {
    if (part.type === 'field') {
      const parsed =
        part.fieldname === MULTIPART_DATA_FIELD && typeof part.value === 'string'
          ? ZBulkTagOptions.safeParse(parseJson(part.value))
          : undefined;
      if (parsed?.success) options = parsed.data;
      else refusal ??= invalid(`Send the options as JSON in the "${MULTIPART_DATA_FIELD}" field`);
      continue;
    }
    const content = await part.toBuffer();
    if (part.fieldname !== FILE_FIELD) refusal ??= invalid(`Send one file, in the "${FILE_FIELD}" field`);
    else if (part.file.truncated) refusal ??= invalid(BULK_TAG_TOO_LARGE_MESSAGE);
    else file = content;
  }
  if (refusal) throw refusal;
  if (!file) throw invalid(`Send the spreadsheet in the "${FILE_FIELD}" field`);
  return { file, options };
};

export const bulkTagsRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  app.post('/creatives/bulk-tags', {
    config: { access: 'creatives' },
    schema: {
      summary: 'Create tag creatives from an XLSX sheet, all or nothing',
      description: `multipart/form-data with the spreadsheet in \`${FILE_FIELD}\` (at most ${BULK_TAG_MAX_BYTES / 1024 / 1024} MB; columns creative name, size such as 300x250, HTML markup, impression pixel, click URL, in this order, with an optional header row) and optionally \`${MULTIPART_DATA_FIELD}\` as JSON \`{ "organization": id }\` (the caller's own by default). Every row is checked with the rules of a single tag; if any row is wrong nothing is created and 400 lists \`rows: [{ row, messages }]\` (spreadsheet row numbers). 201 answers the created creatives, pending approval.`,
      tags: ['creatives'],
      consumes: ['multipart/form-data'],
      response: { 201: ZCreativeRow.array() },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const { file, options } = await readRequest(request);
      return reply.code(201).send(await importBulkTags(deps, principal, file, options));
    },
  });
};
