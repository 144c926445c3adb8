/**
 * The strategy form: its values, the strategy or campaign it starts from, and its request bodies (checked
 * with the domain's ZStrategyCreate / ZStrategyUpdate before they leave).
 */
import type { StrategyState } from '@beacon/domain/dictionary/campaigns';
import type { Campaign, CampaignSchedule } from '../api/get-campaign';
import type { Strategy, StrategyLocation, StrategyTargeting } from '../api/strategies';
import {
  type FrequencyCapFormValues,
  frequencyCapBodyOf,
  frequencyCapFormOf,
  frequencyCapKeyOf,
  NO_FREQUENCY_CAP,
} from './frequency-cap-form';

export type StrategyFormValues = {
  readonly name: string;
  readonly state: StrategyState;
  readonly start_date: string;
  readonly end_date: string;
  readonly location: StrategyLocation;
  readonly schedule: CampaignSchedule;
  readonly targeting: StrategyTargeting;
  readonly bid: string;
  readonly budget_share: string;
  /** Docs/engine.md "Frequency caps". */
  readonly frequency_cap: FrequencyCapFormValues;
};

export const EMPTY_STRATEGY_TARGETING: StrategyTargeting = {
  audiences: { at_least_one_of: [], mandatory: [], excluded: [] },
  location_audiences: [],
  geolists: [],
};

/** A new strategy of a campaign: its flight, its places and schedule, its bid, the budget share left. */
export const newStrategyForm = (campaign: Campaign, strategies: readonly Strategy[]): StrategyFormValues => {
  const used = strategies.reduce((sum, strategy) => sum + strategy.budget_share, 0);
  return {
    name: '',
    state: 'bidding',
    start_date: campaign.start_date ?? '',
    end_date: campaign.end_date ?? '',
    location: {
      countries: [...campaign.targeting.countries],
      regions: [...campaign.targeting.regions],
      cities: [...campaign.targeting.cities],
    },
    schedule: campaign.schedule,
    targeting: EMPTY_STRATEGY_TARGETING,
    bid: '',
    budget_share: String(Math.max(0, Math.min(100, 100 - used))),
    frequency_cap: NO_FREQUENCY_CAP,
  };
};

export const strategyFormOf = (strategy: Strategy): StrategyFormValues => ({
  name: strategy.name,
  state: strategy.state,
  start_date: strategy.start_date ?? '',
  end_date: strategy.end_date ?? '',
  location: {
    countries: [...strategy.location.countries],
    regions: [...strategy.location.regions],
    cities: [...strategy.location.cities],
  },
  schedule: strategy.schedule,
  targeting: strategy.targeting,
  bid: strategy.bid ?? '',
  budget_share: String(strategy.budget_share),
  frequency_cap: frequencyCapFormOf(strategy.frequency_cap),
});

const shareOf = (text: string): number | string => {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** Every field as the API takes it: a blank bid is null (the campaign's bid applies), a blank cap no cap. */
export const strategyBodyOf = (values: StrategyFormValues): Record<string, unknown> => ({
  name: values.name,
  state: values.state,
  start_date: values.start_date.trim() === '' ? null : values.start_date,
  end_date: values.end_date.trim() === '' ? null : values.end_date,
  location: values.location,
  schedule: values.schedule,
  targeting: values.targeting,
  bid: values.bid.trim() === '' ? null : values.bid.trim(),
  budget_share: shareOf(values.budget_share),
  frequency_cap: frequencyCapBodyOf(values.frequency_cap),
});

const sameValue = (first: unknown, second: unknown): boolean =>
  JSON.stringify(first) === JSON.stringify(second);

/** The update body: the changed fields and the version. */
export const strategyUpdateBodyOf = (
  values: StrategyFormValues,
  initial: StrategyFormValues,
  version: number,
): Record<string, unknown> & { readonly version: number } => {
  const after = strategyBodyOf(values);
  const before = strategyBodyOf(initial);
  return {
    ...Object.fromEntries(Object.entries(after).filter(([field, value]) => !sameValue(value, before[field]))),
    version,
  };
};

export const isStrategyFormDirty = (values: StrategyFormValues, initial: StrategyFormValues): boolean =>
  !sameValue(values, initial);

/**
 * Where a message shows: `location.countries` on the countries, `targeting.geolists.1` on the geolists,
 * `targeting.audiences.excluded.0` on that group, anything else on its top-level field.
 */
export const strategyFieldKeyOf = (path: string): string => {
  const [first = '', second, third] = path.split('.');
  if (first === 'targeting' && second === 'audiences' && third !== undefined)
    return `targeting.audiences.${third}`;
  if (first === 'frequency_cap') return frequencyCapKeyOf(second);
  return (first === 'location' || first === 'targeting') && second !== undefined
    ? `${first}.${second}`
    : first;
};
