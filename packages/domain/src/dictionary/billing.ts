/** Balance and invoice enumerations of spec §3. */

/** Kinds of movement in an organization's prepayment balance history. */
export const BALANCE_ENTRY_TYPES = ['adjustment', 'payment', 'prepayment', 'spending'] as const;
export type BalanceEntryType = (typeof BALANCE_ENTRY_TYPES)[number];
export const BALANCE_ENTRY_TYPE_LABELS = {
  adjustment: 'Adjustment',
  payment: 'Payment',
  prepayment: 'Prepayment',
  spending: 'Spending',
} as const satisfies Record<BalanceEntryType, string>;

/** A prepayment invoice is issued for a top-up; a regular invoice for spending on payment terms. */
export const INVOICE_TYPES = ['prepayment', 'invoice'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABELS = {
  prepayment: 'Prepayment',
  invoice: 'Invoice',
} as const satisfies Record<InvoiceType, string>;
