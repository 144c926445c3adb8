/**
 * Audiences (spec §3, §4, §5; decision 019): what `POST /audience`, `PUT /audience/{id}`,
 * `POST /audience/{id}/duplicate` and `POST /audience/{id}/identifiers` take, and the list conventions of
 * `GET /audiences` and `GET /audience-segments`. Shared by the server's request bodies and the console's new
 * audience dialog.
 *
 * Per type: private, private DOOH and time based audiences are built from uploaded device identifiers;
 * interaction audiences name the KPI events and the campaigns whose devices they collect; adsquare, digiseg
 * and DOOH segments are a data partner's catalogue entries, published for others to target, with the size the
 * partner states. A field that does not apply to the type is refused, never ignored.
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import {
  AUDIENCE_DESCRIPTION_MAX_LENGTH,
  AUDIENCE_KPIS,
  AUDIENCE_NAME_MAX_LENGTH,
  AUDIENCE_SEGMENT_TYPES,
  AUDIENCE_STATES,
  AUDIENCE_TYPES,
  AUDIENCE_UPLOAD_TYPES,
  type AudienceType,
  MAX_INTERACTION_CAMPAIGNS,
} from '../dictionary/audiences';
import { AUDIENCE_IDENTIFIER_TYPES } from './audience-identifiers';
import { textRule } from './fields';
import { requiredOrInvalid, ZRowId, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import {
  AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE,
  AUDIENCE_FIELD_TYPE_MESSAGE,
  AUDIENCE_KPIS_REQUIRED_MESSAGE,
  AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  maxValueMessage,
} from './messages';

export const ZAudienceName = textRule((value) =>
  value.length > AUDIENCE_NAME_MAX_LENGTH ? maxLengthMessage(AUDIENCE_NAME_MAX_LENGTH) : undefined,
);

export const ZAudienceDescription = z
  .string({ error: requiredOrInvalid })
  .trim()
  .max(AUDIENCE_DESCRIPTION_MAX_LENGTH, { error: maxLengthMessage(AUDIENCE_DESCRIPTION_MAX_LENGTH) })
  .nullable()
  .transform((value) => (value ? value : null));

export const ZAudienceKpis = z
  .array(z.enum(AUDIENCE_KPIS, { error: requiredOrInvalid }), { error: requiredOrInvalid })
  .min(1, { error: AUDIENCE_KPIS_REQUIRED_MESSAGE })
  .transform((kpis) => [...new Set(kpis)]);

export const ZAudienceCampaigns = z
  .array(ZRowId, { error: requiredOrInvalid })
  .min(1, { error: AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE })
  .max(MAX_INTERACTION_CAMPAIGNS, { error: maxValueMessage(MAX_INTERACTION_CAMPAIGNS) })
  .transform((ids) => [...new Set(ids)]);

/** The size a data partner states for its segment. */
export const ZAudienceStatedUsers = z
  .number({ error: requiredOrInvalid })
  .int({ error: INVALID_FORMAT_MESSAGE })
  .min(0, { error: INVALID_FORMAT_MESSAGE })
  .max(Number.MAX_SAFE_INTEGER, { error: maxValueMessage(Number.MAX_SAFE_INTEGER) });

export const isSegmentType = (type: AudienceType): boolean =>
  (AUDIENCE_SEGMENT_TYPES as readonly AudienceType[]).includes(type);
export const isUploadType = (type: AudienceType): boolean =>
  (AUDIENCE_UPLOAD_TYPES as readonly AudienceType[]).includes(type);

type TTypedFields = {
  readonly type: AudienceType;
  readonly kpis?: unknown;
  readonly campaigns?: unknown;
  readonly users_count?: unknown;
  readonly is_shared?: unknown;
};

/**
 * Which fields each type takes: interaction needs KPIs and campaigns and only it takes them; a stated user
 * count and `is_shared` belong to third-party segments.
 */
export const audienceTypeIssues = (value: TTypedFields): { path: string[]; message: string }[] => {
  const issues: { path: string[]; message: string }[] = [];
  const isInteraction = value.type === 'interaction';
  for (const field of ['kpis', 'campaigns'] as const) {
    if (isInteraction && value[field] === undefined) {
      issues.push({
        path: [field],
        message: field === 'kpis' ? AUDIENCE_KPIS_REQUIRED_MESSAGE : AUDIENCE_CAMPAIGNS_REQUIRED_MESSAGE,
      });
    }
    if (!isInteraction && value[field] !== undefined) {
      issues.push({ path: [field], message: AUDIENCE_FIELD_TYPE_MESSAGE });
    }
  }
  if (!isSegmentType(value.type)) {
    for (const field of ['users_count', 'is_shared'] as const) {
      if (value[field] !== undefined) issues.push({ path: [field], message: AUDIENCE_FIELD_TYPE_MESSAGE });
    }
  }
  return issues;
};

const withTypeRule = (value: TTypedFields, ctx: z.RefinementCtx): void => {
  for (const issue of audienceTypeIssues(value)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
};

/** `POST /audience`: in the caller's organization unless one in scope is named. */
export const ZAudienceCreate = z
  .strictObject({
    organization: ZRowId.optional(),
    name: ZAudienceName,
    description: ZAudienceDescription.optional().default(null),
    type: z.enum(AUDIENCE_TYPES, { error: requiredOrInvalid }),
    kpis: ZAudienceKpis.optional(),
    campaigns: ZAudienceCampaigns.optional(),
    users_count: ZAudienceStatedUsers.optional(),
    is_shared: z.boolean({ error: requiredOrInvalid }).optional(),
  })
  .superRefine(withTypeRule);
export type TAudienceCreate = z.output<typeof ZAudienceCreate>;

/**
 * `PUT /audience/{id}`: any field at the version read; the type stays. The service checks the fields
 * against the stored type with `audienceTypeIssues`.
 */
export const ZAudienceUpdate = z.strictObject({
  version: ZVersion,
  name: ZAudienceName.optional(),
  description: ZAudienceDescription.optional(),
  kpis: ZAudienceKpis.optional(),
  campaigns: ZAudienceCampaigns.optional(),
  users_count: ZAudienceStatedUsers.optional(),
  is_shared: z.boolean({ error: requiredOrInvalid }).optional(),
});
export type TAudienceUpdate = z.output<typeof ZAudienceUpdate>;

/** `POST /audience/{id}/duplicate`: the copy's name (default "<name> (copy)"). */
export const ZAudienceDuplicate = z.strictObject({ name: ZAudienceName.optional() });
export type TAudienceDuplicate = z.output<typeof ZAudienceDuplicate>;

export const duplicateAudienceName = (name: string): string => copyName(name, AUDIENCE_NAME_MAX_LENGTH);

/**
 * The fields of an identifiers upload (multipart `data`, sent before the file): the §5 checkbox, which must
 * be ticked, the type of lines that do not give their own, and `keep_valid`, the choice to store the valid
 * identifiers of a file with bad lines and drop those lines (without it such a file stores nothing).
 */
export const ZAudienceIdentifiersUpload = z.strictObject({
  commits_not_to_rebuild: z.literal(true, { error: AUDIENCE_NO_REBUILD_REQUIRED_MESSAGE }),
  identifier_type: z.enum(AUDIENCE_IDENTIFIER_TYPES, { error: requiredOrInvalid }).optional(),
  keep_valid: z.boolean({ error: requiredOrInvalid }).optional().default(false),
});
export type TAudienceIdentifiersUpload = z.output<typeof ZAudienceIdentifiersUpload>;

/** `GET /audiences` and `GET /audience-segments`: deleted ones only when filtering on `state`; newest first. */
export const AUDIENCE_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    name: { type: 'text' },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    type: { type: 'enum', values: AUDIENCE_TYPES },
    state: { type: 'enum', values: AUDIENCE_STATES },
    users_count: { type: 'number' },
    is_shared: { type: 'boolean' },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type AudienceListField = keyof typeof AUDIENCE_LIST_SPEC.fields;
