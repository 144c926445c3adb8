/**
 * "Inconsistent targeting" alerts (§3 alert types) of a campaign and its strategies: settings that are valid
 * one by one but keep the campaign (or a strategy) from ever bidding. They never block a save; the API
 * returns them as the campaign's `alerts` and the console shows them on the campaign.
 */
import type { DayOfWeek, TimeRange } from '../dictionary/campaigns';
import { ISO2_TO_ISO3 } from '../dictionary/countries';
import {
  citiesOutsideCountriesAlert,
  regionsOutsideCountriesAlert,
  SCHEDULE_NO_DAYS_ALERT,
  SCHEDULE_NO_HOURS_ALERT,
  strategyLocationOutsideAlert,
  strategyOutsideDatesAlert,
  strategyScheduleNoHoursAlert,
} from '../validation/messages';

export type TargetingAlert = {
  readonly type: 'inconsistent_targeting';
  /** Where the alert belongs: `schedule`, `targeting.cities`, `strategies.<id>.location`. */
  readonly field: string;
  readonly message: string;
  /** The strategy the alert is about (its id, or its index when it has none yet). */
  readonly strategy?: number;
};

type Schedule = { readonly days: readonly DayOfWeek[]; readonly ranges: readonly TimeRange[] };
type Location = {
  readonly countries: readonly string[];
  readonly regions: readonly string[];
  readonly cities: readonly string[];
};

export type AlertCampaign = {
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
  readonly schedule?: Schedule | null | undefined;
  readonly targeting?: Location | null | undefined;
};

export type AlertStrategy = {
  readonly id?: number | undefined;
  readonly name: string;
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
  readonly schedule?: Schedule | null | undefined;
  readonly location?: Location | null | undefined;
};

/** The alpha-3 country of a region or city id (`ES-AN`, `ES-AN-Málaga`). */
const countryOfPlace = (placeId: string): string | undefined =>
  ISO2_TO_ISO3.get(placeId.slice(0, 2) as never);

const outside = (places: readonly string[], countries: readonly string[]): string[] =>
  places.filter((place) => {
    const country = countryOfPlace(place);
    return country === undefined || !countries.includes(country);
  });

const isEmptySchedule = (schedule: Schedule): boolean =>
  schedule.days.length === 0 || schedule.ranges.length === 0;

export const targetingAlerts = (
  campaign: AlertCampaign,
  strategies: readonly AlertStrategy[] = [],
): TargetingAlert[] => {
  const alerts: TargetingAlert[] = [];
  const alert = (field: string, message: string, strategy?: number): void => {
    alerts.push(
      strategy === undefined
        ? { type: 'inconsistent_targeting', field, message }
        : { type: 'inconsistent_targeting', field, message, strategy },
    );
  };

  const { schedule, targeting } = campaign;
  if (schedule) {
    if (schedule.days.length === 0) alert('schedule', SCHEDULE_NO_DAYS_ALERT);
    if (schedule.ranges.length === 0) alert('schedule', SCHEDULE_NO_HOURS_ALERT);
  }
  const countries = targeting?.countries ?? [];
  if (targeting && countries.length > 0) {
    const regions = outside(targeting.regions, countries);
    if (regions.length > 0) alert('targeting.regions', regionsOutsideCountriesAlert(regions));
    const cities = outside(targeting.cities, countries);
    if (cities.length > 0) alert('targeting.cities', citiesOutsideCountriesAlert(cities));
  }

  const { start_date: campaignStart, end_date: campaignEnd } = campaign;
  strategies.forEach((strategy, index) => {
    const key = strategy.id ?? index;
    const field = `strategies.${key}`;
    const location = strategy.location;
    if (location && countries.length > 0) {
      const outsideCountries = location.countries.filter((country) => !countries.includes(country));
      const outsidePlaces = [...outside(location.regions, countries), ...outside(location.cities, countries)];
      if (outsideCountries.length > 0 || outsidePlaces.length > 0) {
        alert(`${field}.location`, strategyLocationOutsideAlert(strategy.name), key);
      }
    }
    if (strategy.schedule && isEmptySchedule(strategy.schedule)) {
      alert(`${field}.schedule`, strategyScheduleNoHoursAlert(strategy.name), key);
    }
    const start = strategy.start_date ?? null;
    const end = strategy.end_date ?? null;
    const startsEarly = !!campaignStart && start !== null && start < campaignStart;
    const startsLate = !!campaignEnd && start !== null && start > campaignEnd;
    const endsLate = !!campaignEnd && end !== null && end > campaignEnd;
    const endsEarly = !!campaignStart && end !== null && end < campaignStart;
    if (startsEarly || startsLate || endsLate || endsEarly) {
      alert(`${field}.dates`, strategyOutsideDatesAlert(strategy.name), key);
    }
  });
  return alerts;
};
