/**
 * Audiences as the audiences routes answer them (packages/server/src/modules/audiences; never identifiers): the
 * server validates its answers with these schemas and the console types them with `z.infer`.
 */

import { z } from 'zod';
import {
  AUDIENCE_KPIS,
  AUDIENCE_STATES,
  AUDIENCE_TYPES,
  MAX_REPORTED_IDENTIFIER_LINES,
} from '../dictionary/audiences';

/** An audience as the lists and the one-audience routes answer it (never its identifiers). */
export const ZAudience = z.object({
  id: z.number(),
  organization: z.number(),
  organization_name: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(AUDIENCE_TYPES),
  state: z.enum(AUDIENCE_STATES),
  kpis: z
    .array(z.enum(AUDIENCE_KPIS))
    .meta({ description: 'Interaction audiences: the events that add a device' }),
  campaigns: z
    .array(z.number())
    .meta({ description: 'Interaction audiences: the campaigns whose devices count' }),
  is_shared: z.boolean().meta({ description: "A data partner's segment published for every organization" }),
  users_count: z
    .number()
    .nullable()
    .meta({ description: 'Devices in the audience; null while it is being counted (shown as updating)' }),
  users_counted_at: z.string().nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAudience = z.infer<typeof ZAudience>;

/** A bad line of an identifiers file: its number (from 1, blank ones counted) and why. */
export const ZAudienceRejectedLine = z.object({ line: z.number(), message: z.string() });
export type TAudienceRejectedLine = z.infer<typeof ZAudienceRejectedLine>;

/**
 * What an identifiers file held (§5; decision 019): answered by a stored upload and, as `report`, beside the 400 of
 * a file with bad lines, so that the caller can decide to keep the valid identifiers (`keep_valid`).
 */
export const ZAudienceUploadReport = z.object({
  lines: z.number().meta({ description: 'Lines read, blank ones and a header included' }),
  identifiers: z.number().meta({ description: 'Valid identifiers (the same one twice counts twice here)' }),
  bad_lines: z.number().meta({ description: 'Lines that are not a valid identifier' }),
  match_rate: z.number().meta({
    description:
      'identifiers / (identifiers + bad_lines), from 0 to 1: the share of the lines holding an identifier that are valid (blank lines and a header count for neither)',
  }),
  rejected_lines: z.array(ZAudienceRejectedLine).meta({
    description: `The first ${MAX_REPORTED_IDENTIFIER_LINES.toLocaleString('en-US')} bad lines, in file order; bad_lines counts them all`,
  }),
});
export type TAudienceUploadReport = z.infer<typeof ZAudienceUploadReport>;

/** What a stored identifiers upload answers: the audience (its count now updating) and what the file held. */
export const ZAudienceUploadResult = ZAudienceUploadReport.extend({
  audience: ZAudience,
});
export type TAudienceUploadResult = z.infer<typeof ZAudienceUploadResult>;

/**
 * The 400 of `POST /audience/{id}/identifiers` (the one error shape, `{ statusCode, error, message, code, details? }`):
 * a refused file adds `file_error` (`invalid_identifiers`: bad lines and no `keep_valid`; `no_valid_identifiers`;
 * `empty_file`), a detail per reported bad line (`path: file.<line>`, `line`) and, but for an empty file, the report.
 */
export const ZAudienceUploadRefusal = z.looseObject({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z
    .array(z.looseObject({ path: z.string(), message: z.string(), line: z.number().optional() }))
    .optional(),
  file_error: z.enum(['invalid_identifiers', 'no_valid_identifiers', 'empty_file']).optional(),
  report: ZAudienceUploadReport.optional(),
});
export type TAudienceUploadRefusal = z.infer<typeof ZAudienceUploadRefusal>;

/** The share of the lines holding an identifier that are valid, from 0 to 1 (1 for a file without any). */
export const identifierMatchRate = (identifiers: number, badLines: number): number =>
  identifiers + badLines === 0 ? 1 : identifiers / (identifiers + badLines);

/**
 * A match rate as a percentage with one decimal, rounded down so that a file with one bad line in a million never
 * reads 100%.
 */
export const formatMatchRate = (rate: number): string => {
  const tenths = Math.floor(rate * 1000 + 1e-9);
  return `${(tenths / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
};

/** The changes an upload's history entry records (never the identifiers): what the file held. */
export const AUDIENCE_UPLOAD_HISTORY_FIELDS = {
  identifiers: 'identifiers_uploaded',
  lines: 'lines_read',
  badLines: 'bad_lines_dropped',
} as const;
