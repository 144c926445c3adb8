import { finished } from 'node:stream/promises';
import { CREATIVE_TYPES } from '@beacon/domain/dictionary/creatives';
import {
  assetTooLargeMessage,
  CREATIVE_CREATE_FILE_FIELDS,
  CREATIVE_UPLOAD_SLOTS,
  type CreativeCreateFileField,
  type CreativeUploadSlot,
  uploadRuleOf,
} from '@beacon/domain/validation/creative-asset';
import { ZVastUrl, ZVastXml } from '@beacon/domain/validation/creative-form';
import { CREATIVE_VAST_SOURCE_MESSAGE } from '@beacon/domain/validation/messages';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../lib/app-error';
import { principalOf } from '../../lib/resources';
import { MULTIPART_DATA_FIELD } from '../../plugins/uploads';
import { ZIdParams } from '../campaigns/campaigns.schemas';
import { bulkTagsRoutes } from './bulk-tags';
import { checkCreativeFile } from './creative-asset-check';
import {
  CREATIVE_FILE_FIELD,
  type CreativeCreateFile,
  creativePreviewByToken,
  creativePreviewLink,
  creativeVast,
  invalidUpload,
  storeCreativeUpload,
  type UploadTarget,
  uploadTargetOf,
  validateVastSource,
} from './creative-files.service';
import { ZCreative, ZCreativePreviewLink } from './creatives.schemas';
import { PREVIEW_CSP, PREVIEW_EXPIRED_DOCUMENT } from './preview';

/**
 * Creative file uploads (decision 023), §6 `creative`: multipart/form-data with one `file`. The size limit
 * of the slot is enforced twice before the file is read: from `content-length` (refused at once) and by the
 * multipart reader (which stops at the limit). The whole file is then checked by content; a refusal answers
 * 400 with the §5-hinted message and stores nothing.
 */

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * Drains a part the route will not use, so that the browser reads the answer instead of a broken pipe. A part
 * cut short errors instead of ending: `finished` rejects then and the request is answered 400 (decision 036).
 */
const drain = (stream: NodeJS.ReadableStream) => finished(stream.resume());

/** Reads the one file of the request, at most the rule's bytes; refusals are thrown before anything is kept. */
const readUploadedFile = async (request: FastifyRequest, target: UploadTarget): Promise<Buffer> => {
  const { rule } = target;
  if (!request.isMultipart())
    throw invalidUpload(`Send the file as multipart/form-data in "${CREATIVE_FILE_FIELD}"`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rule.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw invalidUpload(assetTooLargeMessage(rule));
  }
  let file: Buffer | undefined;
  let refusal: AppError | undefined;
  // A `data` field some clients send with every upload is read and ignored (the upload takes no options).
  for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: 1 } })) {
    if (part.type === 'field') continue;
    if (part.fieldname !== CREATIVE_FILE_FIELD || file) {
      await drain(part.file);
      refusal ??= invalidUpload(`Send one file, in the "${CREATIVE_FILE_FIELD}" field`);
      continue;
    }
    const content = await part.toBuffer();
    if (part.file.truncated) refusal ??= invalidUpload(assetTooLargeMessage(rule));
    else file = content;
  }
  if (refusal) throw refusal;
  if (!file) throw invalidUpload(`Send the file in the "${CREATIVE_FILE_FIELD}" field`);
  return file;
};

/** The largest file any creative rule takes: what `POST /creative` reads of a file before checking its rule. */
const LARGEST_CREATIVE_FILE_BYTES = Math.max(
  ...CREATIVE_TYPES.flatMap((type) =>
    CREATIVE_UPLOAD_SLOTS.map((slot) => uploadRuleOf(type, slot)?.maxBytes ?? 0),
  ),
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a creative created with them (`POST /creative` as multipart/form-data). */
    creativeFiles?: CreativeCreateFile[];
  }
}

const isCreateFileField = (name: string): name is CreativeCreateFileField =>
  Object.hasOwn(CREATIVE_CREATE_FILE_FIELDS, name);

/**
 * `POST /creative` as multipart/form-data: the creative's JSON in `data`, its files in `file`, `companion` and
 * `native_icon`. The JSON becomes the body the route's schema checks; the files, read whole up to the largest
 * creative rule, wait on the request until the service has checked each against its type's rule.
 */
export const acceptCreativeFiles: preValidationAsyncHookHandler = async (request) => {
  if (!request.isMultipart()) return;
  let data: string | undefined;
  let refusal: AppError | undefined;
  const files: CreativeCreateFile[] = [];
  const limits = { fileSize: LARGEST_CREATIVE_FILE_BYTES, files: 3, fields: 1 };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'field') {
      if (part.fieldname === MULTIPART_DATA_FIELD && typeof part.value === 'string') data = part.value;
      continue;
    }
    const field = part.fieldname;
    if (!isCreateFileField(field) || files.some((file) => file.field === field)) {
      await drain(part.file);
      refusal ??= invalidUpload(`The field "${field}" takes no file here`);
      continue;
    }
    const content = await part.toBuffer();
    files.push({
      field,
      slot: CREATIVE_CREATE_FILE_FIELDS[field],
      data: content,
      truncated: part.file.truncated,
    });
  }
  if (refusal) throw refusal;
  let body: unknown = {};
  if (data !== undefined && data.trim() !== '') {
    try {
      body = JSON.parse(data);
    } catch {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ path: MULTIPART_DATA_FIELD, message: 'The creative is not valid JSON' }],
      });
    }
  }
  request.body = body;
  request.creativeFiles = files;
};

const SLOTS: { slot: CreativeUploadSlot; path: string; summary: string }[] = [
  {
    slot: 'asset',
    path: '/creative/:id/asset',
    summary:
      "Upload a creative's main file: image (JPEG, PNG, GIF up to 100 KB at one of the 27 sizes), video (MP4 up to 2 MB and 30 s; processed afterwards), audio (MP3 or WAV up to 30 s) or a native creative's main image (up to 1 MB and 300x300)",
  },
  {
    slot: 'companion',
    path: '/creative/:id/companion',
    summary: "Upload a video creative's companion ad image (JPEG, PNG, GIF up to 200 KB)",
  },
  {
    slot: 'native-icon',
    path: '/creative/:id/native-icon',
    summary: "Upload a native creative's icon (JPEG, PNG, GIF up to 1 MB and 300x300)",
  },
];

const ZVastSource = z
  .strictObject({ vast_url: ZVastUrl.optional(), vast_xml: ZVastXml.optional() })
  .refine((source) => (source.vast_url === undefined) !== (source.vast_xml === undefined), {
    error: CREATIVE_VAST_SOURCE_MESSAGE,
    path: ['vast_url'],
  });
/** An upload may name the version its form read: 409 before the file is read when the creative changed since. */
const ZUploadQuery = z.object({
  version: z.coerce.number().int().nonnegative().optional().meta({
    description: 'The version last read; 409 before the file is read when the creative changed since',
  }),
});

const ZVastSummary = z.strictObject({
  version: z.string(),
  ads: z.number().int(),
  kind: z.enum(['inline', 'wrapper', 'mixed']),
});

export const creativeFilesRoutes = async (app: AppInstance): Promise<void> => {
  const { deps } = app;
  await bulkTagsRoutes(app);

  app.get('/creative/:id/vast', {
    config: { access: 'creative' },
    schema: {
      summary: 'The VAST 4.2 document of a processed video creative (its renditions, pixels and click URL)',
      description:
        'A video creative serves only once processed: until then 409 with "This creative does not has a video yet. Upload one and try again", or "There is a problem processing the creative. Please try again or contact support" when processing failed. Other types answer 400.',
      tags: ['creatives'],
      params: ZIdParams,
      produces: ['application/xml'],
    },
    handler: async (request, reply) => {
      const xml = await creativeVast(deps, principalOf(request), request.params.id);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(xml);
    },
  });

  app.get('/creative/:id/preview', {
    config: { access: 'creative' },
    schema: {
      summary: 'A short-lived link (10 minutes) to the preview document of a creative',
      description:
        'The document at `url` shows the creative as it serves, third-party HTML included, under `Content-Security-Policy: sandbox allow-scripts`: its scripts run in an opaque origin that can neither read the console nor navigate it. Embed it in `<iframe sandbox="allow-scripts">`.',
      tags: ['creatives'],
      params: ZIdParams,
      response: { 200: ZCreativePreviewLink },
    },
    handler: async (request) => creativePreviewLink(deps, principalOf(request), request.params.id),
  });

  // Public: the link is the credential (signed, short-lived); browsers load it inside a sandboxed frame.
  app.get('/creative-preview/:token', {
    config: { access: 'public' },
    schema: {
      summary:
        'The sandboxed preview document of a creative, by the signed link of GET /creative/{id}/preview',
      tags: ['creatives'],
      params: z.strictObject({ token: z.string().max(120) }),
      produces: ['text/html'],
    },
    handler: async (request, reply) => {
      const html = await creativePreviewByToken(deps, request.params.token);
      return reply
        .code(html === undefined ? 404 : 200)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(html ?? PREVIEW_EXPIRED_DOCUMENT);
    },
  });

  app.post('/creative/vast-validation', {
    config: { access: 'creative' },
    schema: {
      summary:
        "Check an external video's VAST source as VAST 4.x: a pasted document, or a URL Beacon fetches",
      description:
        'Send either `vast_url` (https, a public address; fetched within 5 seconds and 1 MB) or `vast_xml`. 200 says what the document holds; 400 gives the reason on the field.',
      tags: ['creatives'],
      body: ZVastSource,
      response: { 200: ZVastSummary },
    },
    handler: async (request) => validateVastSource(request.body),
  });

  for (const { slot, path, summary } of SLOTS) {
    app.post(path, {
      config: { access: 'creative' },
      schema: {
        summary,
        description: `multipart/form-data with the file in \`${CREATIVE_FILE_FIELD}\`. The file is recognised by its content, never its name or declared type; a refused file (too large, another kind, damaged or cut short, a picture declaring far more pixels than allowed, a clip too long) answers 400 with the reason and the §5 hint, and nothing is stored. A new file puts the creative back to pending approval; a video's \`transcoding_status\` is \`pending\` until its renditions and poster are made.`,
        tags: ['creatives'],
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        querystring: ZUploadQuery,
        response: { 200: ZCreative },
      },
      handler: async (request) => {
        const principal = principalOf(request);
        const target = await uploadTargetOf(deps, principal, request.params.id, slot, request.query.version);
        const data = await readUploadedFile(request, target);
        const checked = await checkCreativeFile(target.rule, data);
        if (!checked.ok) throw invalidUpload(checked.message);
        return storeCreativeUpload(deps, principal, target, checked.file);
      },
    });
  }
};
