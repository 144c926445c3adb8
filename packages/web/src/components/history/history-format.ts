/**
 * A history entry as words (§2 history): what was done, by whom, and each change as "Label: before → after",
 * values read as the console shows them elsewhere (money with its currency, dates per §9, dictionary labels,
 * names of other resources from the entry's `labels`), never as field names, JSON or bare ids.
 */
import {
  DUPLICATED_FROM_FIELD,
  HISTORY_SUBJECT_LABELS,
  LINKED_CAMPAIGN_FIELD,
  LINKED_CAMPAIGN_LABELS,
} from '@beacon/domain/api/history';
import { APP_CATEGORIES, IAB_CATEGORY_NAMES } from '@beacon/domain/dictionary/categories';
import { countryName, toIso2 } from '@beacon/domain/dictionary/countries';
import { type Currency, DEFAULT_CURRENCY, isCurrency } from '@beacon/domain/dictionary/currencies';
import { LANGUAGE_NAMES } from '@beacon/domain/dictionary/languages';
import { formatCurrency, formatDate, formatDateTime, formatNumber, truncate } from '../../lib/format';
import { LINK_STATE_LABELS } from '../creative/api/creative';
import { type FieldFormat, HISTORY_ENTITY_LABELS, HISTORY_FIELDS, type ValueFormat } from './history-fields';

type Labels = Readonly<Record<string, Readonly<Record<string, string>>>>;
type HistoryPerson = { readonly name: string } | null;

/** A history entry as every history answer gives it (domain/api/history.ts). */
export type HistoryEntryView = {
  readonly id: number;
  readonly entity?: string;
  readonly entity_id?: number;
  readonly action: string;
  readonly actor: HistoryPerson;
  readonly impersonator: HistoryPerson;
  readonly changes: readonly { readonly field: string; readonly from: unknown; readonly to: unknown }[];
  readonly created_at: string;
  readonly labels?: Labels;
};

/** One change as read: "Budget: $1,000.00 → $2,000.00"; `from` is null for a value set on creation. */
export type ChangeLine = { readonly label: string; readonly from: string | null; readonly to: string };

export type HistoryContext = {
  /** The currency of the resource's money (a campaign's); a deal's history names its own. */
  readonly currency?: Currency;
};

export const EMPTY_VALUE = '—';
/** Items of a list named one by one; more are counted. */
const MAX_LIST_ITEMS = 10;
/** Markup and XML are cut to this many characters. */
const MAX_LONG_TEXT = 80;

/** A name in words: `start_date_budget_reset` → "Start date budget reset". */
export const wordsOf = (name: string): string => {
  const words = name.replaceAll(/[_.-]+/g, ' ').trim();
  return words === '' ? name : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** A value that reads as nothing: null, '', an empty list, an object of nothing. */
export const isEmptyValue = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isEmptyValue));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The name of a row another resource refers to, or "#id (deleted)" when it is gone (or not the caller's). */
export const referenceName = (labels: Labels | undefined, key: string, id: unknown): string => {
  const name = labels?.[key]?.[String(id)];
  return name ?? `#${String(id)} (deleted)`;
};

const countryText = (code: string): string =>
  countryName(code.length === 3 ? (toIso2(code) ?? code) : code) ?? code;

const APP_CATEGORY_NAMES: ReadonlyMap<string, string> = new Map(
  APP_CATEGORIES.flatMap((category) => [
    [String(category.id), category.name] as const,
    ...category.subcategories.map(
      (subcategory) => [subcategory.id, `${category.name} › ${subcategory.name}`] as const,
    ),
  ]),
);

type FormatOptions = { readonly labels: Labels | undefined; readonly currency: Currency };

/** A scalar (or one item of a list) as words. */
const itemText = (value: unknown, format: ValueFormat, options: FormatOptions): string => {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  switch (format.kind) {
    case 'money':
    case 'micros': {
      const amount = typeof value === 'number' || typeof value === 'string' ? value : '';
      const text =
        format.kind === 'micros' && typeof amount === 'string' && /^-?\d+$/.test(amount)
          ? formatCurrency(BigInt(amount), { currency: options.currency })
          : formatCurrency(amount, { currency: options.currency });
      return text === '' ? String(value) : text;
    }
    case 'date':
      return (typeof value === 'string' && formatDate(value)) || String(value);
    case 'date-time':
      return (typeof value === 'string' && formatDateTime(value)) || String(value);
    case 'yes-no':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'country':
      return countryText(String(value));
    case 'language':
      return LANGUAGE_NAMES[String(value) as keyof typeof LANGUAGE_NAMES] ?? String(value);
    case 'iab-category':
      return IAB_CATEGORY_NAMES.get(String(value)) ?? String(value);
    case 'app-category':
      return APP_CATEGORY_NAMES.get(String(value)) ?? String(value);
    case 'reference':
      return referenceName(options.labels, format.key, value);
    case 'enum':
      return format.labels[String(value)] ?? String(value);
    case 'time-ranges':
      return isRecord(value) ? `${String(value.from)}–${String(value.to)}` : String(value);
    case 'long-text':
      return truncate(String(value), MAX_LONG_TEXT);
    default:
      return genericText(value);
  }
};

/** A value without a known format: lists joined, objects as "Key: value" pairs, never JSON. */
const genericText = (value: unknown): string => {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number')
    return formatNumber(value, { fractionDigits: Number.isInteger(value) ? 0 : 2 });
  if (Array.isArray(value)) return listText(value.map(genericText));
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([, item]) => !isEmptyValue(item))
      .map(([key, item]) => `${wordsOf(key)}: ${genericText(item)}`)
      .join('; ');
  }
  return truncate(String(value), MAX_LONG_TEXT * 2);
};

/** Items joined: "Spain, France and 3 more". */
const listText = (items: readonly string[]): string => {
  if (items.length === 0) return EMPTY_VALUE;
  if (items.length <= MAX_LIST_ITEMS) return items.join(', ');
  return `${items.slice(0, MAX_LIST_ITEMS).join(', ')} and ${items.length - MAX_LIST_ITEMS} more`;
};

/** A whole value of a field as words. */
export const valueText = (value: unknown, format: ValueFormat, options: FormatOptions): string => {
  if (isEmptyValue(value)) return EMPTY_VALUE;
  if (Array.isArray(value)) return listText(value.map((item) => itemText(item, format, options)));
  if (isRecord(value) && format.kind === 'object') {
    return Object.entries(value)
      .filter(([, item]) => !isEmptyValue(item))
      .map(([key, item]) => {
        const part = format.fields[key];
        return part
          ? `${part.label}: ${valueText(item, part.format, options)}`
          : `${wordsOf(key)}: ${genericText(item)}`;
      })
      .join('; ');
  }
  if (isRecord(value) && format.kind !== 'time-ranges') return genericText(value);
  return itemText(value, format, options);
};

const GENERIC: FieldFormat = { label: '', format: { kind: 'text' } };

/** The lines of one change: an object's changed parts each on a line of their own. */
const linesOf = (
  label: string,
  from: unknown,
  to: unknown,
  format: ValueFormat,
  isCreation: boolean,
  options: { readonly from: FormatOptions; readonly to: FormatOptions },
): ChangeLine[] => {
  const isObject = (isRecord(from) || isEmptyValue(from)) && (isRecord(to) || isEmptyValue(to));
  if ((format.kind === 'object' || format.kind === 'text') && isObject && (isRecord(from) || isRecord(to))) {
    const fields = format.kind === 'object' ? format.fields : {};
    const before = isRecord(from) ? from : {};
    const after = isRecord(to) ? to : {};
    const keys = [...new Set([...Object.keys(fields), ...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const part = fields[key] ?? { ...GENERIC, label: wordsOf(key) };
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) return [];
      if (isEmptyValue(before[key]) && isEmptyValue(after[key])) return [];
      return linesOf(`${label} › ${part.label}`, before[key], after[key], part.format, isCreation, options);
    });
  }
  return [
    {
      label,
      from: isCreation ? null : valueText(from, format, options.from),
      to: valueText(to, format, options.to),
    },
  ];
};

/** The entity an entry is about: its own, else the dialog's. */
const entityOf = (entry: HistoryEntryView, fallback: string): string => entry.entity ?? fallback;

/** The currency of a deal's money: the one its history names at that entry, else the context's. */
const currencyOf = (entry: HistoryEntryView, context: HistoryContext, side: 'from' | 'to'): Currency => {
  const change = entry.changes.find((candidate) => candidate.field === 'currency');
  const named = change?.[side];
  return isCurrency(named) ? named : (context.currency ?? DEFAULT_CURRENCY);
};

/**
 * The currency each entry's money is in, for a resource whose history names its currency (a deal's creation
 * does, a later floor price change does not): the last one named before it (the list is newest first).
 */
export const currenciesOf = (
  entries: readonly HistoryEntryView[],
  fallback: Currency | undefined,
): ReadonlyMap<number, Currency> => {
  const currencies = new Map<number, Currency>();
  let current = fallback;
  for (const entry of [...entries].reverse()) {
    const named = entry.changes.find((change) => change.field === 'currency')?.to;
    if (isCurrency(named)) current = named;
    if (current !== undefined) currencies.set(entry.id, current);
  }
  return currencies;
};

/** The changes of an entry as lines, in the order recorded; the original of a copy is in the title instead. */
export const changeLines = (
  entry: HistoryEntryView,
  entity: string,
  context: HistoryContext = {},
): ChangeLine[] => {
  const fields = HISTORY_FIELDS[entityOf(entry, entity)] ?? {};
  const isCreation = entry.action === 'create' || entry.action === 'duplicate';
  return entry.changes.flatMap((change) => {
    if (change.field === DUPLICATED_FROM_FIELD) return [];
    if (isEmptyValue(change.from) && isEmptyValue(change.to)) return [];
    const linked = LINKED_CAMPAIGN_FIELD.exec(change.field);
    if (linked) {
      const label = `Campaign ${referenceName(entry.labels, LINKED_CAMPAIGN_LABELS, linked[1])}`;
      const state = { kind: 'enum', labels: LINK_STATE_LABELS } as const;
      const options = { labels: entry.labels, currency: context.currency ?? DEFAULT_CURRENCY };
      return [
        { label, from: valueText(change.from, state, options), to: valueText(change.to, state, options) },
      ];
    }
    const known = fields[change.field] ?? { ...GENERIC, label: wordsOf(change.field) };
    // A deal whose currency changed reads its old amounts in the old currency.
    return linesOf(known.label, change.from, change.to, known.format, isCreation, {
      from: { labels: entry.labels, currency: currencyOf(entry, context, 'from') },
      to: { labels: entry.labels, currency: currencyOf(entry, context, 'to') },
    });
  });
};

const ACTION_WORDS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Updated',
  bulk_update: 'Updated',
  delete: 'Deleted',
  activate: 'Activated',
  deactivate: 'Deactivated',
  pause: 'Paused',
  resume: 'Resumed',
  approve: 'Approved',
  reject: 'Rejected',
  start_date: 'Start date changed',
  start_date_budget_reset: 'Start date changed and budget reset',
  synchronized: 'Dates synchronized with the source campaign',
  stopped: 'Stopped',
  upload: 'File uploaded',
  link: 'Campaign links changed',
  areas: 'Areas replaced',
  replace_publishers: 'Publishers replaced from a file',
  append_publishers: 'Publishers added from a file',
  publishers: 'Publishers changed',
};

/** What was done: "Updated", "Duplicated from Spring sale", and on a part "Strategy Retargeting: Paused". */
export const actionText = (entry: HistoryEntryView, entity: string): string => {
  const original = entry.changes.find((change) => change.field === DUPLICATED_FROM_FIELD)?.to;
  const done =
    entry.action === 'duplicate'
      ? original === undefined || original === null
        ? 'Duplicated'
        : `Duplicated from ${referenceName(entry.labels, DUPLICATED_FROM_FIELD, original)}`
      : (ACTION_WORDS[entry.action] ?? wordsOf(entry.action));
  const own = entityOf(entry, entity);
  if (own === entity || entry.entity_id === undefined) return done;
  const name = referenceName(entry.labels, HISTORY_SUBJECT_LABELS, entry.entity_id);
  return `${HISTORY_ENTITY_LABELS[own] ?? wordsOf(own)} ${name}: ${done}`;
};

/** Who did it: "by Olga Owner, as simulated by Sam Supervisor"; the system when nobody. */
export const actorText = (entry: Pick<HistoryEntryView, 'actor' | 'impersonator'>): string =>
  `by ${entry.actor?.name ?? 'the system'}${entry.impersonator ? `, as simulated by ${entry.impersonator.name}` : ''}`;

/** A change in one line: "Budget: $1,000.00 → $2,000.00", or "Budget: $1,000.00" when set on creation. */
export const lineText = (line: ChangeLine): string =>
  line.from === null ? `${line.label}: ${line.to}` : `${line.label}: ${line.from} → ${line.to}`;
