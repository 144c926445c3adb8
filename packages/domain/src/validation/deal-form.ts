/**
 * Deal writes (spec §3 "deal"): the bodies of `POST /deal`, `PUT /deal/{id}` and
 * `POST /deal/{id}/duplicate`, and what the deals list lets a caller filter, sort and search. Shared by the
 * server's request bodies and the console's deal dialog. Field names are the API's (snake_case); every
 * object is strict (an unknown field is refused, never ignored).
 *
 * A PUT carries only changes, so the rules across fields are checked on the whole deal: the server merges
 * the stored deal with the changes and runs `dealIssues(merged)`. Money is decimal text ("2.5"), never a
 * float; the server stores micro-units. The external deal id is unique per supply partner within an
 * organization among deals that are not deleted: only the server can tell (409).
 */
import { z } from 'zod';
import { copyName } from '../api/history';
import { CURRENCIES, toMicros } from '../dictionary/currencies';
import { DEAL_EDITABLE_STATES, DEAL_STATES, DEAL_TYPES, type DealType } from '../dictionary/deals';
import { SUPPLY_PARTNERS } from '../dictionary/partners';
import { textRule, ZDay } from './fields';
import { MONEY_PATTERN, requiredOrInvalid, ZRowId, ZVersion } from './generic';
import type { ListSpec } from './list-query';
import {
  DEAL_END_DATE_REQUIRED_MESSAGE,
  DEAL_EXTERNAL_ID_MESSAGE,
  DEAL_FLOOR_PRICE_MESSAGE,
  END_BEFORE_START_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
} from './messages';

export const DEAL_NAME_MAX_LENGTH = 255;
export const DEAL_EXTERNAL_ID_MAX_LENGTH = 128;
/** Deal ids at the exchanges: letters, digits and . _ : - (e.g. "PMP-1234", "ADX.88213", "vrv:deal_7"). */
export const DEAL_EXTERNAL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

export const ZDealName = textRule((value) =>
  value.length > DEAL_NAME_MAX_LENGTH ? maxLengthMessage(DEAL_NAME_MAX_LENGTH) : undefined,
);

export const ZDealExternalId = textRule((value) => {
  if (value.length > DEAL_EXTERNAL_ID_MAX_LENGTH) return maxLengthMessage(DEAL_EXTERNAL_ID_MAX_LENGTH);
  return DEAL_EXTERNAL_ID_PATTERN.test(value) ? undefined : DEAL_EXTERNAL_ID_MESSAGE;
});

/** A floor price: exact decimal text (MONEY_PATTERN) greater than 0, in the deal's currency. */
export const ZDealFloorPrice = textRule((value) => {
  if (!MONEY_PATTERN.test(value)) return INVALID_FORMAT_MESSAGE;
  return toMicros(value) > 0n ? undefined : DEAL_FLOOR_PRICE_MESSAGE;
});

const FIELDS = {
  external_id: ZDealExternalId,
  name: ZDealName,
  supply_partner: z.enum(SUPPLY_PARTNERS, { error: requiredOrInvalid }),
  type: z.enum(DEAL_TYPES, { error: requiredOrInvalid }),
  floor_price: ZDealFloorPrice,
  currency: z.enum(CURRENCIES, { error: requiredOrInvalid }),
  start_date: ZDay,
  end_date: ZDay.nullable(),
  state: z.enum(DEAL_EDITABLE_STATES, { error: requiredOrInvalid }),
};

export type TDealIssue = { readonly path: readonly (string | number)[]; readonly message: string };

/** The values the rules across fields read (a whole deal, or what is known of it). */
export type TDealValues = {
  readonly type?: DealType | undefined;
  readonly start_date?: string | undefined;
  readonly end_date?: string | null | undefined;
};

/**
 * The rules across fields: the end date is not before the start date, and a programmatic guaranteed deal
 * (reserved volume over a flight) has an end date.
 */
export const dealIssues = (values: TDealValues): TDealIssue[] => {
  const issues: TDealIssue[] = [];
  const { start_date: start, end_date: end } = values;
  if (start !== undefined && end !== undefined && end !== null && end < start) {
    issues.push({ path: ['end_date'], message: END_BEFORE_START_MESSAGE });
  }
  if (values.type === 'programmatic_guaranteed' && (end === undefined || end === null)) {
    issues.push({ path: ['end_date'], message: DEAL_END_DATE_REQUIRED_MESSAGE });
  }
  return issues;
};

const isDealType = (value: unknown): value is DealType =>
  typeof value === 'string' && (DEAL_TYPES as readonly string[]).includes(value);
const textOrUndefined = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * Adds dealIssues to a parse, on fields whose own checks passed. A whole body without an end date has none;
 * a partial body (PUT) checks only what it sends together, the server checks the merged deal.
 */
const refineDeal =
  (whole: boolean) =>
  (values: Readonly<Record<string, unknown>> | null, ctx: z.RefinementCtx): void => {
    // The refinement runs even when the type check failed (ALWAYS), so on a body that is not an object too.
    if (typeof values !== 'object' || values === null) return;
    const failed = new Set(ctx.issues.map((issue) => String(issue.path?.[0] ?? '')));
    const end = values.end_date;
    const issues = dealIssues({
      type: failed.has('type') || !isDealType(values.type) ? undefined : values.type,
      start_date: failed.has('start_date') ? undefined : textOrUndefined(values.start_date),
      end_date: failed.has('end_date')
        ? undefined
        : end === null || end === undefined
          ? whole
            ? null
            : end
          : textOrUndefined(end),
    });
    for (const issue of issues) {
      if (failed.has(String(issue.path[0]))) continue;
      if (!whole && issue.message === DEAL_END_DATE_REQUIRED_MESSAGE) continue;
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message, input: values });
    }
  };

const ALWAYS = { when: () => true };

/**
 * `POST /deal`: every field but `organization` (default the caller's), `currency` (default the
 * organization's), `end_date` (none) and `state` (default active).
 */
export const ZDealCreate = z
  .strictObject({
    organization: ZRowId.optional(),
    external_id: FIELDS.external_id,
    name: FIELDS.name,
    supply_partner: FIELDS.supply_partner,
    type: FIELDS.type,
    floor_price: FIELDS.floor_price,
    currency: FIELDS.currency.optional(),
    start_date: FIELDS.start_date,
    end_date: FIELDS.end_date.optional(),
    state: FIELDS.state.default('active'),
  })
  .superRefine(refineDeal(true), ALWAYS);
export type TDealCreate = z.infer<typeof ZDealCreate>;
export type TDealCreateInput = z.input<typeof ZDealCreate>;

/** `PUT /deal/{id}`: the changes (left out = unchanged) at the version last read. The organization is fixed. */
export const ZDealUpdate = z
  .strictObject({
    version: ZVersion,
    external_id: FIELDS.external_id.optional(),
    name: FIELDS.name.optional(),
    supply_partner: FIELDS.supply_partner.optional(),
    type: FIELDS.type.optional(),
    floor_price: FIELDS.floor_price.optional(),
    currency: FIELDS.currency.optional(),
    start_date: FIELDS.start_date.optional(),
    end_date: FIELDS.end_date.optional(),
    state: FIELDS.state.optional(),
  })
  .superRefine(refineDeal(false), ALWAYS);
export type TDealUpdate = z.infer<typeof ZDealUpdate>;
export type TDealUpdateInput = z.input<typeof ZDealUpdate>;

/**
 * `POST /deal/{id}/duplicate`: a copy (state inactive) named "<name> (copy)" unless named. It keeps the ID at
 * the exchange and the supply partner unless given others, and may go to another organization in scope; a
 * copy whose ID would clash answers the deal duplication error (409).
 */
export const ZDealDuplicate = z.strictObject({
  name: FIELDS.name.optional(),
  external_id: FIELDS.external_id.optional(),
  supply_partner: FIELDS.supply_partner.optional(),
  organization: ZRowId.optional(),
});
export type TDealDuplicate = z.infer<typeof ZDealDuplicate>;

export const duplicateDealName = (name: string): string => copyName(name, DEAL_NAME_MAX_LENGTH);

/** `GET /deals`: `search` looks in the name and the ID at the exchange; deleted deals only when `state` is filtered. */
export const DEAL_LIST_SPEC = {
  fields: {
    id: { type: 'number' },
    external_id: { type: 'text' },
    name: { type: 'text' },
    organization: { type: 'number' },
    organization_name: { type: 'text' },
    supply_partner: { type: 'enum', values: SUPPLY_PARTNERS },
    type: { type: 'enum', values: DEAL_TYPES },
    floor_price: { type: 'number' },
    currency: { type: 'enum', values: CURRENCIES },
    start_date: { type: 'date' },
    end_date: { type: 'date' },
    state: { type: 'enum', values: DEAL_STATES },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
  },
  defaultSort: '-created_at',
  searchable: true,
} as const satisfies ListSpec;
export type DealListField = keyof typeof DEAL_LIST_SPEC.fields;
