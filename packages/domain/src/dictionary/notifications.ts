/** Notifications, alerts and snackbars (spec §2, §3, §8, §9). */

/** Back-office notifications have a single type (§9). */
export const NOTIFICATION_TYPES = ['alert-marketing'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS = {
  'alert-marketing': 'Marketing alert',
} as const satisfies Record<NotificationType, string>;

/**
 * Alert types of §3. "Several bidding-phase diagnostics" are not named there; they are split by the phase
 * where delivery stops (no requests, no bids, bids not winning, wins not rendering).
 */
export const ALERT_TYPES = [
  'inconsistent_targeting',
  'inconsistent_funnel',
  'under_over_delivery',
  'under_over_pricing',
  'performance',
  'measurement',
  'system',
  'campaign',
  'creative_approved',
  'creative_rejected',
  'ctr',
  'ticket',
  'suggestion',
  'bidding_no_requests',
  'bidding_no_bids',
  'bidding_not_winning',
  'bidding_no_impressions',
  'business_revenue',
  'business_margin',
  'non_exported',
  'balance',
  'data_limit',
  'audiences_limit',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_TYPE_LABELS = {
  inconsistent_targeting: 'Inconsistent targeting',
  inconsistent_funnel: 'Inconsistent funnel',
  under_over_delivery: 'Under or over delivery',
  under_over_pricing: 'Under or over pricing',
  performance: 'Performance',
  measurement: 'Measurement',
  system: 'System',
  campaign: 'Campaign',
  creative_approved: 'Creative approved',
  creative_rejected: 'Creative rejected',
  ctr: 'CTR',
  ticket: 'Ticket',
  suggestion: 'Suggestion',
  bidding_no_requests: 'Bidding: no bid requests',
  bidding_no_bids: 'Bidding: no bids',
  bidding_not_winning: 'Bidding: bids not winning',
  bidding_no_impressions: 'Bidding: no impressions',
  business_revenue: 'Business revenue',
  business_margin: 'Business margin',
  non_exported: 'Non-exported',
  balance: 'Balance',
  data_limit: 'Data limit',
  audiences_limit: 'Audiences limit',
} as const satisfies Record<AlertType, string>;

/** Snackbar severities (§2, §8); at most MAX_VISIBLE_SNACKBARS are visible at once. */
export const SNACKBAR_TYPES = ['success', 'warning', 'info', 'error'] as const;
export type SnackbarType = (typeof SNACKBAR_TYPES)[number];
export const SNACKBAR_TYPE_LABELS = {
  success: 'Success',
  warning: 'Warning',
  info: 'Info',
  error: 'Error',
} as const satisfies Record<SnackbarType, string>;
