/**
 * A cheap first look at a candidate before the rules (docs/engine.md "Bidding"): a few necessary conditions
 * that the request answers once and each strategy by a set lookup, so that the many candidates a request cannot
 * buy (wrong device, no banner of the slot's size, a private auction without a deal, no identifier of a
 * required type) are passed over without running `evaluate`. Each condition is one `evaluate` also checks, so
 * a strategy the prefilter refuses is one `evaluate` refuses: the bids do not change, only their cost.
 */
import type { TBidRequest, TImp } from './openrtb';
import type { CompiledStrategy } from './strategy-index';
import { checkDeviceIdType, deviceTypesOf, type FailureReason, type RequestIdentity } from './targeting';

/** The banner sizes a strategy's creatives have, as `w×h`; computed once per compiled strategy. */
const bannerSizes = new WeakMap<CompiledStrategy, ReadonlySet<string>>();
const bannerSizesOf = (strategy: CompiledStrategy): ReadonlySet<string> => {
  let sizes = bannerSizes.get(strategy);
  if (sizes === undefined) {
    sizes = new Set(
      strategy.creatives.flatMap((creative) =>
        creative.kind === 'banner' ? [`${creative.size.w}x${creative.size.h}`] : [],
      ),
    );
    bannerSizes.set(strategy, sizes);
  }
  return sizes;
};

/** What one impression of a request tells every candidate. */
export type Prefilter = (strategy: CompiledStrategy) => FailureReason | undefined;

export const prefilterOf = (request: TBidRequest, imp: TImp, identity: RequestIdentity): Prefilter => {
  const deviceTypes = deviceTypesOf(request);
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
      ? formats.map((format) => `${format.w}x${format.h}`)
      : [`${imp.banner?.w}x${imp.banner?.h}`]
    : [];
  return (strategy) => {
    if (strategy.deviceTypes.size > 0 && !deviceTypes.some((type) => strategy.deviceTypes.has(type)))
      return 'device_type';
    if (!checkDeviceIdType(strategy, identity).ok) return 'device_id';
    if (strategy.deals.length === 0 ? isPrivateAuction : !hasDeals)
      return strategy.deals.length === 0 ? 'private_auction' : 'deal_required';
    if (bannerOnly) {
      const sizes = bannerSizesOf(strategy);
      if (!slotSizes.some((size) => sizes.has(size))) return 'no_fitting_creative';
    }
    return undefined;
  };
};
