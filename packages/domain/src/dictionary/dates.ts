/** Date range pickers and report time ranges (spec §3). */

export const DATE_RANGES = [
  'custom',
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DATE_RANGE_LABELS = {
  custom: 'Custom',
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  last_year: 'Last year',
} as const satisfies Record<DateRange, string>;

/** Time ranges of saved reports; spelled as the API receives them. */
export const REPORT_TIME_RANGES = ['yesterday', 'last_7', 'last_30', 'total'] as const;
export type ReportTimeRange = (typeof REPORT_TIME_RANGES)[number];
export const REPORT_TIME_RANGE_LABELS = {
  yesterday: 'Yesterday',
  last_7: 'Last 7 days',
  last_30: 'Last 30 days',
  total: 'Total',
} as const satisfies Record<ReportTimeRange, string>;
