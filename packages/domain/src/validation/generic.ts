/** Building blocks for the generic rules of spec §5: required, lengths, values and patterns. */
import { z } from 'zod';
import {
  INVALID_FORMAT_MESSAGE,
  maxLengthMessage,
  maxValueMessage,
  minLengthMessage,
  minValueMessage,
  REQUIRED_MESSAGE,
} from './messages';

/** What a form sends for a field left blank: nothing, null, only spaces, or NaN from a number input. */
export const isBlank = (input: unknown): boolean =>
  input === undefined ||
  input === null ||
  (typeof input === 'string' && input.trim() === '') ||
  (typeof input === 'number' && Number.isNaN(input));

/**
 * Error map for the type check of a required field: a blank value is "required", anything else of the
 * wrong type is "invalid format" (never Zod's developer-facing "expected string, received …").
 */
export const requiredOrInvalid = (issue: { readonly input?: unknown }): string =>
  isBlank(issue.input) ? REQUIRED_MESSAGE : INVALID_FORMAT_MESSAGE;

export type TStringRules = {
  /** Minimum length after trimming; an empty value still answers REQUIRED_MESSAGE. */
  readonly min?: number;
  readonly max?: number;
  /** A pattern the value must match, answered with INVALID_FORMAT_MESSAGE. */
  readonly pattern?: RegExp;
};

/**
 * A required text: trimmed, and a blank value answers only "This field is required" (the length and
 * pattern checks do not pile up on it).
 */
export const requiredString = ({ min, max, pattern }: TStringRules = {}) => {
  let schema = z.string({ error: requiredOrInvalid }).trim().min(1, { error: REQUIRED_MESSAGE, abort: true });
  if (min !== undefined) schema = schema.min(min, { error: minLengthMessage(min) });
  if (max !== undefined) schema = schema.max(max, { error: maxLengthMessage(max) });
  if (pattern !== undefined) schema = schema.regex(pattern, { error: INVALID_FORMAT_MESSAGE });
  return schema;
};

/** A text whose length (not trimmed) lies within [min, max]. */
export const lengthBetween = (min: number, max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .min(min, { error: minLengthMessage(min) })
    .max(max, { error: maxLengthMessage(max) });

/** A required finite number. A blank value (including NaN from an empty number input) is "required". */
export const requiredNumber = () => z.number({ error: requiredOrInvalid });

/** A required number within [min, max]. */
export const valueBetween = (min: number, max: number) =>
  requiredNumber()
    .min(min, { error: minValueMessage(min) })
    .max(max, { error: maxValueMessage(max) });

/** A required number of at least `min`. */
export const valueAtLeast = (min: number) => requiredNumber().min(min, { error: minValueMessage(min) });

/** A required number of at most `max`. */
export const valueAtMost = (max: number) => requiredNumber().max(max, { error: maxValueMessage(max) });

/** The first message of a failed parse, or undefined when the value is valid: what a form field shows. */
export const firstErrorMessage = (schema: z.ZodType, value: unknown): string | undefined =>
  schema.safeParse(value).error?.issues[0]?.message;

/** Money limits: up to 12 integer digits (stored as bigint micro-units) and 6 decimals. */
export const MONEY_PATTERN = /^\d{1,12}(?:\.\d{1,6})?$/;

/** A row id sent by the console: a positive whole number. */
export const ZRowId = z
  .number({ error: requiredOrInvalid })
  .int({ error: INVALID_FORMAT_MESSAGE })
  .positive({ error: INVALID_FORMAT_MESSAGE });

/** The optimistic-concurrency token of the row being changed (its `version` as last read). */
export const ZVersion = z
  .number({ error: requiredOrInvalid })
  .int({ error: INVALID_FORMAT_MESSAGE })
  .positive({ error: INVALID_FORMAT_MESSAGE });
