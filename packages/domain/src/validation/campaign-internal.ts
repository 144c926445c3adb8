/** The internal fields of a campaign (resource internal-campaign): fees, margins, notes and flags. */
import { z } from 'zod';
import { toMicros } from '../dictionary/currencies';
import { enumList } from './fields';
import { requiredOrInvalid } from './generic';
import { INVALID_FORMAT_MESSAGE, maxLengthMessage, maxValueMessage } from './messages';

export const CAMPAIGN_NOTES_MAX_LENGTH = 2000;

export const CAMPAIGN_INTERNAL_FLAGS = [
  'managed_service',
  'test',
  'priority',
  'exclude_from_reports',
] as const;
export type CampaignInternalFlag = (typeof CAMPAIGN_INTERNAL_FLAGS)[number];
export const CAMPAIGN_INTERNAL_FLAG_LABELS = {
  managed_service: 'Managed service',
  test: 'Test',
  priority: 'Priority',
  exclude_from_reports: 'Exclude from reports',
} as const satisfies Record<CampaignInternalFlag, string>;

/** A percentage as decimal text, 0 to 100 with up to 2 decimals: "12.5". Blank or null clears it. */
export const PERCENT_PATTERN = /^\d{1,3}(?:\.\d{1,2})?$/;
export const ZPercent = z
  .string({ error: requiredOrInvalid })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const message = !PERCENT_PATTERN.test(value)
      ? INVALID_FORMAT_MESSAGE
      : toMicros(value) > toMicros(100)
        ? maxValueMessage(100)
        : undefined;
    if (message !== undefined) ctx.addIssue({ code: 'custom', message, input: value });
  })
  .nullable()
  .transform((value) => (value === '' ? null : value));

const INTERNAL_FIELDS = {
  fee_percent: ZPercent,
  margin_percent: ZPercent,
  notes: z
    .string({ error: requiredOrInvalid })
    .max(CAMPAIGN_NOTES_MAX_LENGTH, { error: maxLengthMessage(CAMPAIGN_NOTES_MAX_LENGTH) }),
  flags: enumList(CAMPAIGN_INTERNAL_FLAGS),
};

/** Fees, margins, notes and flags that only internal roles see and set (§6 internal campaign). */
export const ZCampaignInternal = z.strictObject(
  {
    fee_percent: INTERNAL_FIELDS.fee_percent.default(null),
    margin_percent: INTERNAL_FIELDS.margin_percent.default(null),
    notes: INTERNAL_FIELDS.notes.default(''),
    flags: INTERNAL_FIELDS.flags.default([]),
  },
  { error: requiredOrInvalid },
);
export type TCampaignInternal = z.infer<typeof ZCampaignInternal>;

/** The internal fields in a PUT: those sent replace the stored ones. */
export const ZCampaignInternalChanges = z.strictObject(
  {
    fee_percent: INTERNAL_FIELDS.fee_percent.optional(),
    margin_percent: INTERNAL_FIELDS.margin_percent.optional(),
    notes: INTERNAL_FIELDS.notes.optional(),
    flags: INTERNAL_FIELDS.flags.optional(),
  },
  { error: requiredOrInvalid },
);

export const EMPTY_CAMPAIGN_INTERNAL: TCampaignInternal = {
  fee_percent: null,
  margin_percent: null,
  notes: '',
  flags: [],
};
