/** Texts of the history dialog: a person, and a changed value of any JSON shape. */
import type { HistoryPerson } from '../api/history';

export const personText = (person: HistoryPerson | null): string =>
  person === null ? 'the system' : `${person.name} (${person.username})`;

/** A value as it reads in one line: empty for null, lists joined, objects as compact JSON. */
export const historyValueText = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((item) => historyValueText(item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A value that reads as nothing: null, '', an empty list. */
export const isEmptyHistoryValue = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Changes worth a line: a field that went from nothing to nothing says nothing. */
export const meaningfulChanges = <T extends { readonly from: unknown; readonly to: unknown }>(
  changes: readonly T[],
): T[] => changes.filter((change) => !(isEmptyHistoryValue(change.from) && isEmptyHistoryValue(change.to)));

/** A field or action name as words: `start_date_budget_reset` → "start date budget reset". */
export const historyWords = (name: string): string => name.replaceAll('_', ' ');
