/**
 * Deal enumerations (§3 "deal"): how a deal is bought at the exchange and its states. The
 * supply partner of a deal is one of SUPPLY_PARTNERS (`dictionary/partners.ts`).
 */

/** Private auction: a floor among invited buyers; preferred: a fixed price, first look; guaranteed: reserved volume. */
export const DEAL_TYPES = ['private_auction', 'preferred', 'programmatic_guaranteed'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DEAL_TYPE_LABELS = {
  private_auction: 'Private auction',
  preferred: 'Preferred deal',
  programmatic_guaranteed: 'Programmatic guaranteed',
} as const satisfies Record<DealType, string>;

/** Deleted deals keep their row and history; lists hide them unless `state` is filtered. */
export const DEAL_STATES = ['active', 'inactive', 'deleted'] as const;
export type DealState = (typeof DEAL_STATES)[number];
export const DEAL_STATE_LABELS = {
  active: 'Active',
  inactive: 'Inactive',
  deleted: 'Deleted',
} as const satisfies Record<DealState, string>;

/** The states a create or update may set; deleting is DELETE /deal/{id}. */
export const DEAL_EDITABLE_STATES = ['active', 'inactive'] as const satisfies readonly DealState[];
export type DealEditableState = (typeof DEAL_EDITABLE_STATES)[number];
