/**
 * "Inconsistent targeting" alerts (§3 alert types) of a campaign and its strategies: settings that are valid
 * one by one but keep the campaign (or a strategy) from ever bidding. They never block a save; the API
 * returns them as the campaign's `alerts` and the console shows them on the campaign.
 */
import type { DayOfWeek, TimeRange } from '../dictionary/campaigns';
import { ISO2_TO_ISO3 } from '../dictionary/countries';
import {
  audiencesExcludedAndRequiredAlert,
  citiesOutsideCountriesAlert,
  geolistOutsideCountriesAlert,
  locationAudienceOutsideDatesAlert,
  publisherConflictAlert,
  regionsOutsideCountriesAlert,
  SCHEDULE_NO_DAYS_ALERT,
  SCHEDULE_NO_HOURS_ALERT,
  strategyAlert,
  strategyLocationOutsideAlert,
  strategyOutsideDatesAlert,
  strategyScheduleNoHoursAlert,
  targetedResourceDeletedAlert,
} from '../validation/messages';
import {
  AUDIENCE_GROUPS,
  resourceRefsOf,
  TARGETED_RESOURCE_KIND_LABELS,
  type TAudienceTargeting,
  type TargetedResourceKind,
} from '../validation/resource-targeting';

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

// ---------------------------------------------------------------------------------------------------------
// Resource targeting (decision 021)

/** What alerts need to know of a targeted resource, as the server read it (absent ids are left out). */
export type TargetedResourceInfo = {
  readonly kind: TargetedResourceKind;
  readonly id: number;
  readonly name: string;
  /** False once deleted. */
  readonly live: boolean;
  /** A geolist's country (alpha-3), when it has one. */
  readonly country?: string | null | undefined;
  /** A location audience's days. */
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
};

type ResourceTargeting = {
  readonly audiences?: Partial<TAudienceTargeting> | undefined;
  readonly location_audiences?: readonly number[] | undefined;
  readonly geolists?: readonly number[] | undefined;
  readonly [field: string]: unknown;
};

export type ResourceAlertCampaign = {
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
  readonly targeting?: (ResourceTargeting & { readonly countries?: readonly string[] }) | null | undefined;
};

export type ResourceAlertStrategy = {
  readonly id?: number | undefined;
  readonly name: string;
  readonly start_date?: string | null | undefined;
  readonly end_date?: string | null | undefined;
  readonly location?: { readonly countries: readonly string[] } | null | undefined;
  readonly targeting?: ResourceTargeting | null | undefined;
};

/** Publishers in both an allowlist and a blocklist of the campaign: the first ones and how many in all. */
export type PublisherConflicts = { readonly publishers: readonly string[]; readonly total: number };

const resourceKey = (kind: TargetedResourceKind, id: number): string => `${kind}:${id}`;

const requiredAudiences = (audiences: Partial<TAudienceTargeting> | undefined): number[] => [
  ...(audiences?.at_least_one_of ?? []),
  ...(audiences?.mandatory ?? []),
];

/** Two day ranges share at least one day (a null end runs on). */
const overlaps = (
  start: string | null | undefined,
  end: string | null | undefined,
  otherStart: string | null | undefined,
  otherEnd: string | null | undefined,
): boolean => {
  if (end && otherStart && otherStart > end) return false;
  if (otherEnd && start && otherEnd < start) return false;
  return true;
};

/**
 * The resource alerts of a campaign and its strategies: publishers both allowed and blocked (§5, the
 * publishers are excluded), and §3 inconsistent targeting — an audience both excluded and required, a
 * targeted resource deleted since (or gone), a geolist in a country not targeted, a location audience with no
 * day within the campaign's (or the strategy's) dates. A strategy's alerts name it and carry its id.
 */
export const resourceTargetingAlerts = (
  campaign: ResourceAlertCampaign,
  strategies: readonly ResourceAlertStrategy[],
  resources: readonly TargetedResourceInfo[],
  conflicts: PublisherConflicts = { publishers: [], total: 0 },
): TargetingAlert[] => {
  const byKey = new Map(resources.map((resource) => [resourceKey(resource.kind, resource.id), resource]));
  const nameOf = (kind: TargetedResourceKind, id: number): string =>
    byKey.get(resourceKey(kind, id))?.name ?? `#${id}`;
  const alerts: TargetingAlert[] = [];
  const push = (field: string, message: string, strategy?: { key: number; name: string }): void => {
    alerts.push(
      strategy === undefined
        ? { type: 'inconsistent_targeting', field, message }
        : {
            type: 'inconsistent_targeting',
            field,
            message: strategyAlert(strategy.name, message),
            strategy: strategy.key,
          },
    );
  };

  if (conflicts.total > 0) {
    push('targeting.publisher_lists', publisherConflictAlert(conflicts.publishers, conflicts.total));
  }

  const countries = campaign.targeting?.countries ?? [];
  const check = (
    targeting: ResourceTargeting | null | undefined,
    prefix: string,
    context: {
      countries: readonly string[];
      start?: string | null | undefined;
      end?: string | null | undefined;
      excludedAbove: readonly number[];
      requiredAbove: readonly number[];
    },
    strategy?: { key: number; name: string },
  ): void => {
    if (!targeting) return;
    for (const ref of resourceRefsOf(targeting)) {
      const resource = byKey.get(resourceKey(ref.kind, ref.id));
      if (!resource?.live) {
        push(
          `${prefix}.${ref.path.join('.')}`,
          targetedResourceDeletedAlert(TARGETED_RESOURCE_KIND_LABELS[ref.kind], nameOf(ref.kind, ref.id)),
          strategy,
        );
      }
    }
    const excluded = new Set([...context.excludedAbove, ...(targeting.audiences?.excluded ?? [])]);
    const required = [...context.requiredAbove, ...requiredAudiences(targeting.audiences)];
    const own = new Set([
      ...(targeting.audiences?.excluded ?? []),
      ...requiredAudiences(targeting.audiences),
    ]);
    const both = [...new Set(required)].filter((id) => excluded.has(id) && own.has(id));
    if (both.length > 0) {
      push(
        `${prefix}.audiences.excluded`,
        audiencesExcludedAndRequiredAlert(both.map((id) => nameOf('audience', id))),
        strategy,
      );
    }
    if (context.countries.length > 0) {
      (targeting.geolists ?? []).forEach((id, index) => {
        const country = byKey.get(resourceKey('geolist', id))?.country;
        if (country && !context.countries.includes(country)) {
          push(`${prefix}.geolists.${index}`, geolistOutsideCountriesAlert(nameOf('geolist', id)), strategy);
        }
      });
    }
    (targeting.location_audiences ?? []).forEach((id, index) => {
      const resource = byKey.get(resourceKey('location_audience', id));
      if (!resource?.start_date) return;
      if (!overlaps(context.start, context.end, resource.start_date, resource.end_date)) {
        push(
          `${prefix}.location_audiences.${index}`,
          locationAudienceOutsideDatesAlert(resource.name),
          strategy,
        );
      }
    });
  };

  check(campaign.targeting, 'targeting', {
    countries,
    start: campaign.start_date,
    end: campaign.end_date,
    excludedAbove: [],
    requiredAbove: [],
  });
  strategies.forEach((strategy, index) => {
    const key = strategy.id ?? index;
    const own = strategy.location?.countries ?? [];
    check(
      strategy.targeting,
      `strategies.${key}.targeting`,
      {
        countries: own.length > 0 ? own : countries,
        start: strategy.start_date ?? campaign.start_date,
        end: strategy.end_date ?? campaign.end_date,
        excludedAbove: campaign.targeting?.audiences?.excluded ?? [],
        requiredAbove: requiredAudiences(campaign.targeting?.audiences),
      },
      { key, name: strategy.name },
    );
  });
  return alerts;
};

/** Every group's ids of an audience targeting, once each (the audiences a read names). */
export const audienceIdsOf = (audiences: Partial<TAudienceTargeting> | undefined): number[] => [
  ...new Set(AUDIENCE_GROUPS.flatMap((group) => audiences?.[group] ?? [])),
];
