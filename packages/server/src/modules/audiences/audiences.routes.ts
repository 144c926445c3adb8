import { finished } from 'node:stream/promises';
import {
  MAX_IDENTIFIER_FILE_BYTES,
  MAX_REPORTED_IDENTIFIER_LINES,
} from '@beacon/domain/dictionary/audiences';
import {
  AUDIENCE_LIST_SPEC,
  ZAudienceCreate,
  ZAudienceDuplicate,
  ZAudienceIdentifiersUpload,
  ZAudienceUpdate,
} from '@beacon/domain/validation/audience-form';
import { AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE } from '@beacon/domain/validation/messages';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { describeListQuery, sendList, ZListQuery } from '../../lib/list-route';
import { principalOf } from '../../lib/resources';
import { MULTIPART_DATA_FIELD } from '../../plugins/uploads';
import {
  ZAudience,
  ZAudienceHistoryEntry,
  ZAudienceIdParams,
  ZAudienceUploadRefusal,
  ZAudienceUploadResult,
  ZAudienceVersionQuery,
} from './audiences.schemas';
import {
  audienceForUpload,
  audienceHistory,
  createAudience,
  deleteAudience,
  duplicateAudience,
  getAudience,
  listAudienceSegments,
  listVisibleAudiences,
  updateAudience,
  uploadAudienceIdentifiers,
} from './audiences.service';

/** The multipart field of an identifiers file. */
export const AUDIENCE_FILE_FIELD = 'file';

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path, message }] });

const UPLOAD_DESCRIPTION = `multipart/form-data with, in this order, the \`${MULTIPART_DATA_FIELD}\` field (JSON: \`commits_not_to_rebuild: true\` — the §5 checkbox committing not to rebuild the audience from the identifiers, refused without it —, an optional \`identifier_type\` for lines without a type and an optional \`keep_valid\`, default false) and the \`${AUDIENCE_FILE_FIELD}\` (text, one identifier per line, optionally \`identifier,type\`; at most ${MAX_IDENTIFIER_FILE_BYTES / 1024 / 1024} MB). The file is read as it arrives and each identifier kept only as a keyed hash: no call answers identifiers back. The answer reports what the file held: lines read, valid identifiers, bad lines, the match rate (valid among the lines holding an identifier) and the first ${MAX_REPORTED_IDENTIFIER_LINES.toLocaleString('en-US')} bad lines with their numbers and why. A file with bad lines stores nothing and answers 400 (\`file_error: invalid_identifiers\`) with a detail per reported bad line (\`path: file.<line>\`, \`line\`) and the same \`report\`, unless \`keep_valid: true\` is in the fields: then the bad lines are dropped and the valid identifiers stored. A file without any valid identifier is refused either way. Afterwards \`users_count\` is null (updating) until the count job has run.`;

/**
 * Audiences (decision 019), all under §6 `resources-audiences`: every role but advertiser,
 * adexchange, creative manager and viewer, in any organization but an other-partner one. Writes need an edit
 * role on top (the service answers 403); an audience outside the caller's scope answers 404, except the
 * published segments of data partners, which may be read.
 */
export const audiencesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  const config = { access: 'resources-audiences' } as const;

  app.get('/audiences', {
    config,
    schema: {
      summary:
        "Audiences of the caller's organization and those below it; deleted ones only when filtering on `state`",
      description: `${describeListQuery(AUDIENCE_LIST_SPEC)}\n\nData partners' published segments are listed by GET /audience-segments.`,
      tags: ['audiences'],
      querystring: ZListQuery(AUDIENCE_LIST_SPEC),
      response: { 200: ZAudience.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listVisibleAudiences(deps, principalOf(request), request.query);
      return sendList(reply, rows, total);
    },
  });

  app.get('/audience-segments', {
    config,
    schema: {
      summary:
        'Third-party segments (adsquare, digiseg, DOOH) that data-partner organizations publish for all',
      description: describeListQuery(AUDIENCE_LIST_SPEC),
      tags: ['audiences'],
      querystring: ZListQuery(AUDIENCE_LIST_SPEC),
      response: { 200: ZAudience.array() },
    },
    handler: async (request, reply) => {
      const { rows, total } = await listAudienceSegments(deps, request.query);
      return sendList(reply, rows, total);
    },
  });

  app.post('/audience', {
    config,
    schema: {
      summary:
        'Create an audience, in your organization or one in scope (segments: data-partner organizations only)',
      tags: ['audiences'],
      body: ZAudienceCreate,
      response: { 201: ZAudience },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createAudience(deps, principalOf(request), request.body)),
  });

  app.get('/audience/:id', {
    config,
    schema: {
      summary: 'One audience in scope, or a published segment (never its identifiers)',
      tags: ['audiences'],
      params: ZAudienceIdParams,
      response: { 200: ZAudience },
    },
    handler: async (request) => getAudience(deps, principalOf(request), request.params.id),
  });

  app.put('/audience/:id', {
    config,
    schema: {
      summary: 'Change an audience at the version last read (409 when stale); the type stays',
      tags: ['audiences'],
      params: ZAudienceIdParams,
      body: ZAudienceUpdate,
      response: { 200: ZAudience },
    },
    handler: async (request) => updateAudience(deps, principalOf(request), request.params.id, request.body),
  });

  app.delete('/audience/:id', {
    config,
    schema: {
      summary: 'Delete an audience (state deleted, kept with its history; its identifiers are removed)',
      tags: ['audiences'],
      params: ZAudienceIdParams,
      querystring: ZAudienceVersionQuery,
      response: { 204: z.null().meta({ description: 'Deleted' }) },
    },
    handler: async (request, reply) => {
      await deleteAudience(deps, principalOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  });

  app.post('/audience/:id/duplicate', {
    config,
    schema: {
      summary:
        'A copy in the same organization ("<name> (copy)" by default). Identifiers are not copied: an uploaded audience\'s copy starts with 0 users',
      tags: ['audiences'],
      params: ZAudienceIdParams,
      body: ZAudienceDuplicate.optional(),
      response: { 201: ZAudience },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await duplicateAudience(deps, principalOf(request), request.params.id, request.body ?? {})),
  });

  app.get('/audience/:id/history', {
    config,
    schema: {
      summary:
        'The changes of an audience, newest first, with who made them (uploads say how many identifiers)',
      tags: ['audiences'],
      params: ZAudienceIdParams,
      response: { 200: ZAudienceHistoryEntry.array() },
    },
    handler: async (request) => audienceHistory(deps, principalOf(request), request.params.id),
  });

  app.post('/audience/:id/identifiers', {
    config,
    schema: {
      summary: 'Upload device identifiers to a private, private DOOH or time based audience (streamed)',
      description: UPLOAD_DESCRIPTION,
      tags: ['audiences'],
      consumes: ['multipart/form-data'],
      params: ZAudienceIdParams,
      response: { 202: ZAudienceUploadResult, 400: ZAudienceUploadRefusal },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const audience = await audienceForUpload(deps, principal, request.params.id);
      if (!request.isMultipart()) {
        throw invalid(AUDIENCE_FILE_FIELD, 'Send multipart/form-data with the checkbox and the file');
      }
      let fields: z.output<typeof ZAudienceIdentifiersUpload> | undefined;
      let refusal: AppError | undefined;
      const parts = request.parts({ limits: { fileSize: MAX_IDENTIFIER_FILE_BYTES, files: 1, fields: 1 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname !== MULTIPART_DATA_FIELD || typeof part.value !== 'string') {
            refusal ??= invalid(
              part.fieldname,
              `Send the fields as JSON in the "${MULTIPART_DATA_FIELD}" field`,
            );
            continue;
          }
          let data: unknown;
          try {
            data = JSON.parse(part.value);
          } catch {
            refusal ??= invalid(MULTIPART_DATA_FIELD, 'The fields are not valid JSON');
            continue;
          }
          const parsed = ZAudienceIdentifiersUpload.safeParse(data);
          if (parsed.success) fields = parsed.data;
          else {
            refusal ??= new AppError('VALIDATION_FAILED', {
              message: parsed.error.issues[0]?.message,
              details: parsed.error.issues.map((issue) => ({
                path: issue.path.join('.'),
                message: issue.message,
              })),
            });
          }
          continue;
        }
        if (part.fieldname !== AUDIENCE_FILE_FIELD || refusal || !fields) {
          // Read the refused file to its end so that the browser gets the answer rather than a broken pipe.
          // A file cut short errors instead of ending: `finished` rejects then, and the request is answered 400.
          await finished(part.file.resume());
          refusal ??=
            part.fieldname !== AUDIENCE_FILE_FIELD
              ? invalid(part.fieldname, 'This file is not expected here')
              : invalid('commits_not_to_rebuild', AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE);
          continue;
        }
        const result = await uploadAudienceIdentifiers(deps, principal, audience, fields, part.file, () =>
          invalid(
            AUDIENCE_FILE_FIELD,
            `The file must be at most ${MAX_IDENTIFIER_FILE_BYTES / 1024 / 1024} MB`,
          ),
        );
        return reply.code(202).send(result);
      }
      throw refusal ?? invalid(AUDIENCE_FILE_FIELD, 'Upload a text file with one identifier per line');
    },
  });
};
