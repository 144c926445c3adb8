/**
 * The hints under the money and count fields of a campaign: the §9 minimums and the currency's CPM bounds, in the
 * organization's currency with its symbol and 2 decimals — the same text as the schema's messages ("The minimum
 * value is $10.00"), since both come from the domain's `moneyLimitText` (the formatter behind lib/format).
 */
import { MIN_DAILY_CLICKS, MIN_DAILY_IMPRESSIONS } from '@beacon/domain/dictionary/constants';
import { type Currency, cpmBoundsMicros } from '@beacon/domain/dictionary/currencies';
import {
  CAMPAIGN_MONEY_MINIMUMS,
  MIN_CPC_MICROS,
  moneyLimitText,
} from '@beacon/domain/validation/campaign-form';
import type { CampaignFormValues } from '../utils/campaign-form';

/** A count as a hint shows it: 1000 → "1,000". */
const countText = (count: number): string => count.toLocaleString('en-US');

/** The §9 minimums as the hints say them. */
export const minimumHints = (currency: Currency) => {
  const money = (field: keyof typeof CAMPAIGN_MONEY_MINIMUMS) =>
    moneyLimitText(CAMPAIGN_MONEY_MINIMUMS[field], currency);
  return {
    dailyBudget: `At least ${money('daily_budget')} a day`,
    lifetimeBudget: `At least ${money('budget')}`,
    dailyImpressions: `At least ${countText(MIN_DAILY_IMPRESSIONS)} a day`,
    dailyClicks: `At least ${countText(MIN_DAILY_CLICKS)} a day`,
    cpcTarget: `Optional, at least ${money('cpc_target')}`,
  };
};

/** The bid's hint: the currency's CPM bounds (§9) or the CPC minimum. */
export const bidHint = (pricing: CampaignFormValues['pricing'], currency: Currency): string | undefined => {
  if (pricing === 'cpm') {
    const bounds = cpmBoundsMicros(currency);
    return `CPM between ${moneyLimitText(bounds.min, currency)} and ${moneyLimitText(bounds.max, currency)}`;
  }
  if (pricing === 'cpc') return `At least ${moneyLimitText(MIN_CPC_MICROS, currency)} a click`;
  return undefined;
};
