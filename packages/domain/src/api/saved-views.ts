import { z } from 'zod';
import { MAX_LIST_SEARCH_LENGTH } from '../dictionary/constants';
import { GRID_FILTER_OPERATORS, SORT_DIRECTIONS } from '../dictionary/grid';
import { maxLengthMessage, REQUIRED_MESSAGE } from '../validation/messages';

/**
 * Saved views (docs/api.md "Saved views"): a user's named search, filters, sort and column layout of one
 * console grid, kept on the server per user and per grid. The server stores `state` as sent once it passes
 * ZSavedViewState; the console reads it back through the list's own rules, so a view saved before a list
 * changed applies what still holds.
 */

export const SAVED_VIEW_NAME_MAX_LENGTH = 60;
export const MAX_SAVED_VIEWS_PER_GRID = 50;
/** Filters a view (and a grid) holds at most: the grid's filter control offers as many rows. */
export const MAX_SAVED_VIEW_FILTERS = 5;
/** Columns whose visibility a view remembers, at most. */
const MAX_SAVED_VIEW_COLUMNS = 100;

export const SAVED_VIEW_NAME_TAKEN_MESSAGE = 'You already have a view with this name on this grid';
export const SAVED_VIEWS_LIMIT_MESSAGE = `A grid keeps at most ${MAX_SAVED_VIEWS_PER_GRID} saved views. Delete one to save another`;

/** A grid's key: the console names each grid by its list (`campaigns.list`, `audiences.segments`). */
export const ZSavedViewGrid = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,79}$/i, 'A grid key holds letters, digits, dots, dashes and underscores');

export const ZSavedViewName = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(SAVED_VIEW_NAME_MAX_LENGTH, maxLengthMessage(SAVED_VIEW_NAME_MAX_LENGTH));

const ZFieldName = z.string().min(1).max(100);
const ZScalar = z.union([z.string().max(MAX_LIST_SEARCH_LENGTH), z.number(), z.boolean()]);

export const ZSavedViewState = z.strictObject({
  search: z.string().max(MAX_LIST_SEARCH_LENGTH).default(''),
  sort: z
    .strictObject({ field: ZFieldName, direction: z.enum(SORT_DIRECTIONS) })
    .nullable()
    .default(null),
  filters: z
    .array(
      z.strictObject({
        field: ZFieldName,
        operator: z.enum(GRID_FILTER_OPERATORS),
        value: z.union([ZScalar, z.array(ZScalar).max(100), z.null()]),
      }),
    )
    .max(MAX_SAVED_VIEW_FILTERS)
    .default([]),
  /** Columns the user hid (false) or showed (true); columns not named keep the grid's default. */
  columns: z
    .record(ZFieldName, z.boolean())
    .refine((value) => Object.keys(value).length <= MAX_SAVED_VIEW_COLUMNS, {
      message: `At most ${MAX_SAVED_VIEW_COLUMNS} columns`,
    })
    .default({}),
});
export type TSavedViewState = z.infer<typeof ZSavedViewState>;

export const ZSavedView = z.object({
  id: z.number(),
  grid: z.string(),
  name: z.string(),
  state: ZSavedViewState,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;

export const ZCreateSavedView = z.strictObject({
  grid: ZSavedViewGrid,
  name: ZSavedViewName,
  state: ZSavedViewState,
});
export type TCreateSavedView = z.input<typeof ZCreateSavedView>;

/** A rename, a new state (saving the grid's current one over the view), or both. */
export const ZUpdateSavedView = z
  .strictObject({ name: ZSavedViewName.optional(), state: ZSavedViewState.optional() })
  .refine((value) => value.name !== undefined || value.state !== undefined, {
    message: 'Send a name, a state or both',
  });
export type TUpdateSavedView = z.input<typeof ZUpdateSavedView>;
