/**
 * A cheap first look at a candidate before the rules (docs/engine.md "Bidding"): a few necessary conditions
 * that the request answers once and each strategy by a bit test or a set lookup, so that the many candidates a
 * request cannot buy (wrong device, no banner of the slot's size, a private auction without a deal, no
 * identifier of a required type) are passed over without running `evaluate`. Each condition is one `evaluate`
 * also checks, so a strategy the prefilter refuses is one `evaluate` refuses: the bids do not change, only their
 * cost. A strategy's side is worked out once (its profile, kept with the index's runs); a request's side once
 * per impression; the test per candidate is then a few integer operations.
 */
import {
  DEVICE_ID_TYPES,
  DEVICE_TYPES,
  type DeviceIdType,
  type DeviceType,
} from '@beacon/domain/dictionary/campaigns';
import type { TBidRequest, TImp } from './openrtb';
import type { CompiledStrategy } from './strategy-index';
import { deviceTypesOf, type FailureReason, type RequestIdentity } from './targeting';

const bitsOf = <T extends string>(values: readonly T[]): ReadonlyMap<T, number> =>
  new Map(values.map((value, i) => [value, 1 << i]));
const DEVICE_TYPE_BITS = bitsOf<DeviceType>(DEVICE_TYPES);
const DEVICE_ID_TYPE_BITS = bitsOf<DeviceIdType>(DEVICE_ID_TYPES);

const maskOf = <T extends string>(values: Iterable<T>, bits: ReadonlyMap<T, number>): number => {
  let mask = 0;
  for (const value of values) mask |= bits.get(value) ?? 0;
  return mask;
};

/** A banner size as one number, so that a slot's sizes are matched without building strings. */
const sizeKey = (w: number | undefined, h: number | undefined): number =>
  w === undefined || h === undefined ? -1 : w * 100_000 + h;

/** What the prefilter reads of a strategy; 0 masks take anything. */
export type PrefilterProfile = {
  readonly deviceTypes: number;
  /** 0 when the strategy takes any identifier or none (no type chosen, or `fake`). */
  readonly deviceIdTypes: number;
  readonly hasDeals: boolean;
  readonly bannerSizes: ReadonlySet<number>;
};

const profiles = new WeakMap<CompiledStrategy, PrefilterProfile>();
/**
 * Equal profiles are one object, so that the index can group strategies by profile (index-store.ts `runsOf`)
 * and the prefilter looks at a group once. Emptied when it grows past a bound: only the sharing is lost.
 */
const interned = new Map<string, PrefilterProfile>();
const MAX_INTERNED = 10_000;

/** A strategy's profile, worked out once per compiled strategy. */
export const profileOf = (strategy: CompiledStrategy): PrefilterProfile => {
  let profile = profiles.get(strategy);
  if (profile === undefined) {
    const ids = strategy.deviceIdTypes;
    const deviceTypes = maskOf(strategy.deviceTypes, DEVICE_TYPE_BITS);
    const deviceIdTypes = ids.size === 0 || ids.has('fake') ? 0 : maskOf(ids, DEVICE_ID_TYPE_BITS);
    const hasDeals = strategy.deals.length > 0;
    const sizes = [
      ...new Set(
        strategy.creatives.flatMap((creative) =>
          creative.kind === 'banner' ? [sizeKey(creative.size.w, creative.size.h)] : [],
        ),
      ),
    ].sort((a, b) => a - b);
    const key = `${deviceTypes}|${deviceIdTypes}|${hasDeals}|${sizes.join(',')}`;
    profile = interned.get(key);
    if (profile === undefined) {
      profile = { deviceTypes, deviceIdTypes, hasDeals, bannerSizes: new Set(sizes) };
      if (interned.size >= MAX_INTERNED) interned.clear();
      interned.set(key, profile);
    }
    profiles.set(strategy, profile);
  }
  return profile;
};

/** What one impression of a request tells every candidate. */
export type Prefilter = (profile: PrefilterProfile) => FailureReason | undefined;

export const prefilterOf = (request: TBidRequest, imp: TImp, identity: RequestIdentity): Prefilter => {
  const deviceTypes = maskOf(deviceTypesOf(request), DEVICE_TYPE_BITS);
  const idTypes = maskOf(identity.types, DEVICE_ID_TYPE_BITS);
  const isPrivateAuction = imp.pmp?.private_auction === 1;
  const hasDeals = (imp.pmp?.deals ?? []).length > 0;
  // A banner-only slot is filled only by a banner of one of its sizes (targeting.ts `fitsBanner`).
  const bannerOnly =
    imp.banner !== undefined &&
    imp.video === undefined &&
    imp.audio === undefined &&
    imp.native === undefined;
  const formats = imp.banner?.format ?? [];
  const slotSizes = bannerOnly
    ? formats.length > 0
      ? formats.map((format) => sizeKey(format.w, format.h))
      : [sizeKey(imp.banner?.w, imp.banner?.h)]
    : [];
  const fitsSlot = (sizes: ReadonlySet<number>): boolean => {
    for (const size of slotSizes) if (sizes.has(size)) return true;
    return false;
  };
  return (profile) => {
    if (profile.deviceTypes !== 0 && (profile.deviceTypes & deviceTypes) === 0) return 'device_type';
    if (profile.deviceIdTypes !== 0 && (profile.deviceIdTypes & idTypes) === 0) return 'device_id';
    if (profile.hasDeals ? !hasDeals : isPrivateAuction)
      return profile.hasDeals ? 'deal_required' : 'private_auction';
    if (bannerOnly && !fitsSlot(profile.bannerSizes)) return 'no_fitting_creative';
    return undefined;
  };
};
