/**
 * The bidder (DESIGN §8 in docs/engine.md "Bidding"): answers a parsed OpenRTB 2.6 request from memory with
 * the strategy index, a polled bidder state (exchanges, platform bidding, exchange rates) and the delivery
 * counters. It fails closed: without a fresh index, a fresh state, the counters or its secrets it bids nothing,
 * and it recovers by itself once they are back.
 */
import { toIso2 } from '@beacon/domain/dictionary/countries';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { installationSecret } from '../lib/installation-secrets';
import { BidDiagnostics, type DiagnosticStep } from './bid-diagnostics';
import { type BidderExchange, type BidderState, isHeartbeatFresh, loadBidderState } from './bidder-state';
import { textOf } from './delivery-counters';
import type { DeliverySink } from './delivery-sink';
import { type AuctionTicket, encodeTicket } from './event-ticket';
import {
  type CapUsers,
  campaignCapScope,
  capChecksOf,
  capUsersOf,
  capUsersOfRequest,
  type FrequencyCapStore,
  type SharedCapStore,
  underCap,
} from './frequency-caps';
import { type GoalRateSnapshot, GoalRates, PRIORS_ONLY, placementOf } from './goal-rates';
import { type CandidateRun, runsOf, StrategyIndex } from './index-store';
import { bannerMarkup, bidUrlsOf, nativeMarkup, usesNativeWrapper, vastMarkup } from './markup';
import {
  MARKUP_TYPES,
  type MarkupType,
  NO_BID_REASONS,
  type NoBidReason,
  parseNativeRequest,
  type TBid,
  type TBidRequest,
  type TBidResponse,
  type TImp,
} from './openrtb';
import { type CampaignDay, Pacing, TrafficShape } from './pacing';
import { PollLoop, type PollTimer } from './poll-loop';
import { type PrefilterProfile, prefilterOf } from './prefilter';
import {
  convertMicros,
  type ExchangeRates,
  hasFixedOffer,
  type ImpPricing,
  impPricingOf,
  type LearntCounts,
  microsToOpenRtbPrice,
  NOTHING_LEARNT,
  type Offer,
  offerOf,
  type PricedBid,
  priceBid,
  responseCurrencyOf,
} from './price';
import type { CompiledCreative, CompiledStrategy } from './strategy-index';
import {
  deviceTypesOf,
  type EvaluationContext,
  evaluate,
  FAILURE_NBR,
  type MatchedDeal,
  requestIdentity,
} from './targeting';

/** Our seat at every exchange (`wseat`, `bseat`, deal `wseat`, `seatbid.seat`). */
export const BEACON_SEAT = 'beacon';

/** How often the bidder state is read: a global stop is answered within about this (spec §4: within 1 s). */
export const STATE_POLL_INTERVAL_MS = 500;
/** A state older than this (no successful read since) is not used: the bidder bids nothing. */
export const STATE_MAX_STALENESS_MS = 3_000;

// ---------------------------------------------------------------------------------------------------------
// The polled state

export type StatePollerOptions = {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly intervalMs?: number;
  readonly maxStalenessMs?: number;
  readonly timer?: PollTimer;
  readonly onError?: (error: unknown) => void;
};

/** The bidder state, read every interval; `current()` answers nothing when the last read failed or is stale. */
export class BidderStatePoller {
  readonly #options: StatePollerOptions;
  readonly #loop: PollLoop<boolean>;
  #state: BidderState | null = null;
  #readAt: number | null = null;
  #failing = false;

  constructor(options: StatePollerOptions) {
    this.#options = options;
    this.#loop = new PollLoop(() => this.#read(), {
      intervalMs: options.intervalMs ?? STATE_POLL_INTERVAL_MS,
      ...(options.timer === undefined ? {} : { timer: options.timer }),
    });
  }

  start(): Promise<void> {
    return this.#loop.start();
  }

  stop(): void {
    this.#loop.stop();
  }

  /** One read; true when it succeeded. A failure makes `current()` answer nothing until a read succeeds. */
  refresh(): Promise<boolean> {
    return this.#loop.refresh();
  }

  current(): BidderState | undefined {
    if (this.#state === null || this.#failing || this.#readAt === null) return undefined;
    const age = this.#options.clock.now().getTime() - this.#readAt;
    return age <= (this.#options.maxStalenessMs ?? STATE_MAX_STALENESS_MS) ? this.#state : undefined;
  }

  async #read(): Promise<boolean> {
    const startedAt = this.#options.clock.now().getTime();
    try {
      this.#state = await loadBidderState(this.#options.db);
      this.#readAt = startedAt;
      this.#failing = false;
      return true;
    } catch (error) {
      this.#failing = true;
      this.#options.onError?.(error);
      return false;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Deciding the bids of one request

export type BidSecrets = {
  /** Signs the event tickets (event-ticket.ts). */
  readonly ticket: string;
  /** Keys the hashes of device identifiers, as audiences store them (decision 019). */
  readonly identity: string;
};

export type BidInput = {
  readonly exchange: BidderExchange;
  readonly request: TBidRequest;
  readonly rates: ExchangeRates;
  readonly now: Date;
  /** The strategies worth evaluating for one impression (tests give a list)… */
  readonly candidates?: (request: TBidRequest, imp: TImp) => readonly CompiledStrategy[];
  /** …or the same in runs of the index, already in offer order (index-store.ts `candidateRuns`). */
  readonly candidateRuns?: (request: TBidRequest, imp: TImp) => readonly CandidateRun[];
  readonly sink: DeliverySink;
  readonly secrets: BidSecrets;
  /** The public origin of the installation: the base of event and file URLs. */
  readonly publicUrl: string;
  readonly seat?: string;
  /** The frequency caps' counts; absent: a capped strategy does not bid (fail closed). */
  readonly caps?: FrequencyCapStore | undefined;
  /** Even pacing (pacing.ts); absent: every strategy bids as fast as the traffic allows. */
  readonly pacing?: Pacing | undefined;
  /** The learnt goal rates (goal-rates.ts); absent: every strategy with a goal bids on its prior. */
  readonly goalRates?: GoalRateSnapshot | undefined;
};

export type BidDecision =
  | {
      readonly ok: true;
      readonly response: TBidResponse;
      /** One per bid of the response, in its order, with the strategy it bids for. */
      readonly tickets: readonly AuctionTicket[];
      readonly strategies: readonly CompiledStrategy[];
    }
  | { readonly ok: false; readonly nbr: NoBidReason };

type Priced = {
  readonly strategy: CompiledStrategy;
  readonly creative: CompiledCreative;
  readonly deal: MatchedDeal | null;
  readonly price: PricedBid;
};

/** A small deterministic hash (FNV-1a), to break ties and rotate creatives the same way for a request. */
const hashOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

const MARKUP_TYPE_OF: Readonly<Record<CompiledCreative['kind'], MarkupType>> = {
  banner: MARKUP_TYPES.BANNER,
  video: MARKUP_TYPES.VIDEO,
  audio: MARKUP_TYPES.AUDIO,
  native: MARKUP_TYPES.NATIVE,
};

/** `ES-AN` from country `ESP` and region `AN` (or a region already given as `ES-AN`); '' when unknown. */
export const regionOf = (request: TBidRequest): string => {
  const region = request.device?.geo?.region?.trim().toUpperCase() ?? '';
  if (region === '') return '';
  if (region.includes('-')) return region;
  const country = request.device?.geo?.country?.trim() ?? '';
  const iso2 = country.length === 2 ? country.toUpperCase() : toIso2(country);
  return iso2 === undefined ? '' : `${iso2}-${region}`;
};

const sizeOf = (creative: CompiledCreative): string =>
  creative.kind === 'banner' ? `${creative.size.w}x${creative.size.h}` : creative.kind;

/** The publisher and app bundle of a request, as the daily rollup keys them: '' where the request does not say. */
const supplyOf = (request: TBidRequest): Pick<AuctionTicket, 'publisher' | 'bundle'> => {
  const publisher = request.site?.publisher ?? request.app?.publisher ?? request.dooh?.publisher;
  return {
    publisher:
      publisher?.id ??
      publisher?.domain ??
      request.site?.domain ??
      request.app?.domain ??
      request.dooh?.domain ??
      '',
    bundle: request.app?.bundle ?? '',
  };
};

/** The report dimensions of a request (migration 0021): '' where the request does not say. */
export const dimensionsOf = (
  request: TBidRequest,
): Pick<
  AuctionTicket,
  'country' | 'region' | 'deviceType' | 'os' | 'venueType' | 'publisher' | 'bundle'
> => ({
  country: request.device?.geo?.country?.trim().toUpperCase() ?? '',
  region: regionOf(request),
  deviceType: deviceTypesOf(request)[0] ?? '',
  os: request.device?.os?.trim().toLowerCase() ?? '',
  venueType: request.dooh?.venuetype?.[0] ?? '',
  ...supplyOf(request),
});

/** The reasons candidates failed for, counted by code: the no-bid reason is the most informative of them. */
class FailureTally {
  readonly #counts = new Map<NoBidReason, number>();

  note(code: NoBidReason, times = 1): void {
    if (code !== NO_BID_REASONS.UNKNOWN_ERROR) this.#counts.set(code, (this.#counts.get(code) ?? 0) + times);
  }

  /** The most frequent specific code, else 0. */
  mostInformative(): NoBidReason {
    let best: NoBidReason = NO_BID_REASONS.UNKNOWN_ERROR;
    let bestCount = 0;
    for (const [code, count] of this.#counts) {
      if (count > bestCount || (count === bestCount && code < best)) {
        best = code;
        bestCount = count;
      }
    }
    return best;
  }
}

/** A creative the markup can serve, chosen among those that fit the same way for the same impression. */
const pickCreative = (
  creatives: readonly CompiledCreative[],
  key: string,
  isNativeReadable: boolean,
): CompiledCreative | undefined => {
  const servable = creatives.filter(
    (creative) => creative.serving !== undefined && (creative.kind !== 'native' || isNativeReadable),
  );
  return servable[hashOf(key) % Math.max(1, servable.length)];
};

const markupOf = (
  creative: CompiledCreative,
  imp: TImp,
  base: string,
  ticket: string,
): string | undefined => {
  const urls = bidUrlsOf(base, ticket);
  switch (creative.kind) {
    case 'banner':
      return bannerMarkup(creative, urls, base);
    case 'video':
    case 'audio':
      return vastMarkup(creative, urls, base);
    case 'native': {
      if (imp.native === undefined) return undefined;
      const request = parseNativeRequest(imp.native);
      return request === undefined
        ? undefined
        : nativeMarkup(creative, request, usesNativeWrapper(imp.native), urls, base);
    }
  }
};

/** A run of candidates being read in offer order: a CPM run's offers are worked out as the run is read. */
type OfferStream = {
  readonly strategies: readonly CompiledStrategy[];
  readonly profiles: readonly PrefilterProfile[];
  /** A CPC or goal run's offers, worked out and sorted with it; undefined for a run of fixed offers. */
  readonly offers: readonly Offer[] | undefined;
  /** True when the prefilter admitted the whole run: its candidates are not looked at one by one. */
  readonly admitted: boolean;
  at: number;
  /** The offer of the candidate at `at` once it is admitted and priced; cleared when the stream moves on. */
  head: Offer | undefined;
};

/** What an offer weighs in the order: refused offers weigh least. */
const weightOf = (offer: Offer): bigint => (offer.ok ? offer.priceMicros : -1n);

/**
 * The streams of a one-impression request's runs, or undefined when their offers are priced in more than one
 * currency (the response's currency then depends on the winner: every candidate is evaluated). A run of CPC or
 * goal strategies is ordered here, its offers all worked out: they move with each strategy's learnt rates at the
 * request's placement (decision 051).
 */
const offerStreamsOf = (
  runs: readonly CandidateRun[],
  pricing: ImpPricing,
  offerFor: (strategy: CompiledStrategy) => Offer,
  admitsRun: (run: CandidateRun) => boolean,
): OfferStream[] | undefined => {
  let currency: string | undefined;
  const streams: OfferStream[] = [];
  for (const run of runs) {
    if (run.strategies.length === 0 || !admitsRun(run)) continue;
    const own = responseCurrencyOf(pricing, run.currency);
    if (own !== undefined) {
      if (currency === undefined) currency = own;
      else if (currency !== own) return undefined;
    }
    if (run.ordered) {
      streams.push({
        strategies: run.strategies,
        profiles: run.profiles,
        offers: undefined,
        admitted: run.profile !== undefined,
        at: 0,
        head: undefined,
      });
      continue;
    }
    const offered = run.strategies.map((strategy, i) => ({
      strategy,
      profile: run.profiles[i] as PrefilterProfile,
      offer: offerFor(strategy),
    }));
    offered.sort((a, b) => {
      const x = weightOf(a.offer);
      const y = weightOf(b.offer);
      return x > y ? -1 : x < y ? 1 : 0;
    });
    streams.push({
      strategies: offered.map((entry) => entry.strategy),
      profiles: offered.map((entry) => entry.profile),
      offers: offered.map((entry) => entry.offer),
      admitted: run.profile !== undefined,
      at: 0,
      head: undefined,
    });
  }
  return streams;
};

/**
 * The stream whose head has the highest offer (ties: the earlier stream), or undefined when all are read. Heads
 * the prefilter refuses are passed over (`admits` notes their failure); the caller moves the chosen stream on
 * with `moveOn`.
 */
const nextOffered = (
  streams: readonly OfferStream[],
  offerFor: (strategy: CompiledStrategy) => Offer,
  admits: (profile: PrefilterProfile) => boolean,
): OfferStream | undefined => {
  let best: OfferStream | undefined;
  let bestWeight = -2n;
  for (const stream of streams) {
    if (stream.head === undefined) {
      const { strategies, profiles } = stream;
      let at = stream.at;
      if (!stream.admitted) {
        while (at < strategies.length && !admits(profiles[at] as PrefilterProfile)) at += 1;
        stream.at = at;
      }
      const strategy = strategies[at];
      if (strategy === undefined) continue;
      stream.head = stream.offers?.[at] ?? offerFor(strategy);
    }
    const weight = weightOf(stream.head);
    if (weight > bestWeight) {
      best = stream;
      bestWeight = weight;
    }
  }
  return best;
};

const moveOn = (stream: OfferStream): void => {
  stream.at += 1;
  stream.head = undefined;
};

/** Where one candidate stopped for one impression, or what it offers. */
type Judgement =
  | { readonly ok: true; readonly priced: Priced }
  | { readonly ok: false; readonly step: DiagnosticStep; readonly nbr: NoBidReason };

/**
 * What a request tells every candidate: who it is (identifier hashes, the frequency caps' users, worked out
 * when a capped strategy first asks), and one candidate's way through the rules, the budget, the frequency cap,
 * the creative and the price (`judge`), as bidding and the bidding diagnostics both read it.
 */
const requestJudge = (input: BidInput) => {
  const { request, exchange, now, sink, rates } = input;
  const identity = requestIdentity(request, input.secrets.identity);
  const ctx: EvaluationContext = {
    now,
    seat: input.seat ?? BEACON_SEAT,
    identity,
    ...(exchange.partner === null ? {} : { supplyPartner: exchange.partner }),
  };
  let capUsers: CapUsers | undefined;
  const capUsersNow = (): CapUsers => {
    capUsers ??= capUsersOf(request, identity, input.secrets.identity);
    return capUsers;
  };
  // The request's placement, worked out when a strategy whose offer moves with its learnt rates first asks.
  let placement: string | undefined;
  const goalRates = input.goalRates ?? PRIORS_ONLY;
  /** What a strategy delivered overall and here; a fixed offer (CPM without a goal) does not read it. */
  const statsOf = (strategy: CompiledStrategy): LearntCounts => {
    if (hasFixedOffer(strategy)) return NOTHING_LEARNT;
    if (placement === undefined) {
      const { publisher, bundle } = supplyOf(request);
      placement = placementOf({ publisher: textOf(publisher), bundle: textOf(bundle) });
    }
    return goalRates.learnt(strategy.strategyId, placement);
  };
  const judge = (
    strategy: CompiledStrategy,
    imp: TImp,
    pricing: ImpPricing,
    isNativeReadable: boolean,
    offer?: Offer,
  ): Judgement => {
    const evaluation = evaluate(strategy, imp, request, ctx);
    if (!evaluation.ok) return { ok: false, step: evaluation.reason, nbr: evaluation.nbr };
    if (!sink.mayBid(strategy, now)) {
      return { ok: false, step: 'budget', nbr: NO_BID_REASONS.UNKNOWN_ERROR };
    }
    if (input.pacing !== undefined && !input.pacing.participates(strategy, now)) {
      return { ok: false, step: 'pacing', nbr: NO_BID_REASONS.UNKNOWN_ERROR };
    }
    const cap = strategy.frequencyCap;
    if (cap && !underCap(input.caps, strategy, cap, capUsersNow().userOf(strategy, cap), now)) {
      return { ok: false, step: 'frequency_cap', nbr: NO_BID_REASONS.DAILY_USER_CAP_MET };
    }
    const campaignCap = strategy.campaignFrequencyCap;
    if (
      campaignCap &&
      !underCap(
        input.caps,
        strategy,
        campaignCap,
        capUsersNow().userOf(strategy, campaignCap),
        now,
        campaignCapScope(strategy.campaignId),
      )
    ) {
      return { ok: false, step: 'frequency_cap', nbr: NO_BID_REASONS.DAILY_USER_CAP_MET };
    }
    const creative = pickCreative(
      evaluation.creatives,
      `${request.id}:${imp.id}:${strategy.strategyId}`,
      isNativeReadable,
    );
    if (creative === undefined) {
      return { ok: false, step: 'no_servable_creative', nbr: NO_BID_REASONS.UNKNOWN_ERROR };
    }
    const price = priceBid(
      { strategy, stats: statsOf(strategy), imp, request, deal: evaluation.deal, rates },
      pricing,
      offer,
    );
    if (!price.ok) return { ok: false, step: 'price', nbr: price.nbr };
    return { ok: true, priced: { strategy, creative, deal: evaluation.deal, price } };
  };
  return { identity, capUsersNow, statsOf, judge };
};

const isNativeReadableIn = (imp: TImp): boolean =>
  imp.native !== undefined && parseNativeRequest(imp.native) !== undefined;

/**
 * The bids for one request: for each impression, the candidates of the index that pass every rule, may still
 * spend and are priced above the floor; the highest price wins (ties broken by a hash of the request, the
 * impression and the strategy), one bid per impression, all in one currency (the first winner's). Nothing is
 * recorded here: the caller records the tickets of the response it sends.
 */
export const decideBids = (input: BidInput): BidDecision => {
  const { request, exchange, now, rates } = input;
  const seat = input.seat ?? BEACON_SEAT;
  const { identity, capUsersNow, statsOf, judge } = requestJudge(input);
  const failures = new FailureTally();
  const winners: { imp: TImp; priced: Priced[] }[] = [];
  /** One candidate through `judge`; its failure is noted. */
  const consider = (
    strategy: CompiledStrategy,
    imp: TImp,
    pricing: ImpPricing,
    isNativeReadable: boolean,
    offer?: Offer,
  ): Priced | undefined => {
    const judgement = judge(strategy, imp, pricing, isNativeReadable, offer);
    if (judgement.ok) return judgement.priced;
    failures.note(judgement.nbr);
    return undefined;
  };

  for (const imp of request.imp) {
    const isNativeReadable = isNativeReadableIn(imp);
    const pricing = impPricingOf(imp, request, rates);
    const runs = input.candidateRuns?.(request, imp) ?? runsOf(input.candidates?.(request, imp) ?? []);
    const offerFor = (strategy: CompiledStrategy): Offer =>
      offerOf({ strategy, stats: statsOf(strategy), imp, request, rates }, pricing);
    const prefilter = prefilterOf(request, imp, identity);
    const admits = (profile: PrefilterProfile): boolean => {
      const refused = prefilter(profile);
      if (refused === undefined) return true;
      failures.note(FAILURE_NBR[refused]);
      return false;
    };
    /** A run whose strategies share one profile is looked at once; a refused run is noted once per candidate. */
    const admitsRun = (run: CandidateRun): boolean => {
      if (run.profile === undefined) return true;
      const refused = prefilter(run.profile);
      if (refused === undefined) return true;
      failures.note(FAILURE_NBR[refused], run.strategies.length);
      return false;
    };
    const streams = request.imp.length === 1 ? offerStreamsOf(runs, pricing, offerFor, admitsRun) : undefined;
    const priced: Priced[] = [];
    if (streams === undefined) {
      for (const run of runs) {
        if (!admitsRun(run)) continue;
        run.strategies.forEach((strategy, i) => {
          if (run.profile === undefined && !admits(run.profiles[i] as PrefilterProfile)) return;
          const entry = consider(strategy, imp, pricing, isNativeReadable);
          if (entry !== undefined) priced.push(entry);
        });
      }
    } else {
      // Highest offer first: once one passes, only offers as high can still win (ties go by hash), so the
      // rest are never evaluated. Without a winner every candidate is evaluated, as the no-bid reason needs.
      let winning: bigint | undefined;
      for (
        let stream = nextOffered(streams, offerFor, admits);
        stream !== undefined;
        stream = nextOffered(streams, offerFor, admits)
      ) {
        const strategy = stream.strategies[stream.at] as CompiledStrategy;
        const offer = stream.head as Offer;
        if (winning !== undefined && (!offer.ok || offer.priceMicros < winning)) break;
        moveOn(stream);
        const entry = consider(strategy, imp, pricing, isNativeReadable, offer);
        if (entry === undefined) continue;
        priced.push(entry);
        winning ??= entry.price.priceMicros;
      }
    }
    if (priced.length > 0) winners.push({ imp, priced });
  }
  const first = winners[0];
  if (first === undefined) return { ok: false, nbr: failures.mostInformative() };

  const rank = (imp: TImp, entries: readonly Priced[], currency: string): Priced | undefined => {
    let best: Priced | undefined;
    let bestKey = -1n;
    let bestTie = 0;
    for (const entry of entries) {
      const comparable =
        entry.price.currency === currency
          ? entry.price.priceMicros
          : convertMicros(entry.price.priceMicros, entry.price.currency, currency, rates, 'down');
      if (comparable === undefined) continue;
      const tie = hashOf(`${request.id}:${imp.id}:${entry.strategy.strategyId}`);
      if (comparable > bestKey || (comparable === bestKey && tie < bestTie)) {
        best = entry;
        bestKey = comparable;
        bestTie = tie;
      }
    }
    return best;
  };
  // The response has one currency: the currency the first impression's best bid is priced in.
  const firstBest = rank(first.imp, first.priced, first.priced[0]?.price.currency ?? '');
  const currency = firstBest?.price.currency ?? '';
  const bids: (TBid & { adid: string })[] = [];
  const tickets: AuctionTicket[] = [];
  const winningStrategies: CompiledStrategy[] = [];
  for (const { imp, priced } of winners) {
    const best = rank(
      imp,
      priced.filter((entry) => entry.price.currency === currency),
      currency,
    );
    if (best === undefined) continue;
    const { strategy, creative, deal, price } = best;
    const ticket: AuctionTicket = {
      auctionId: `${exchange.id}:${request.id}:${imp.id}`,
      issuedAt: now.getTime(),
      organizationId: strategy.organizationId,
      campaignId: strategy.campaignId,
      strategyId: strategy.strategyId,
      creativeId: creative.id,
      exchangeId: exchange.id,
      dealId: deal === null ? '0' : deal.deal.id,
      currency: price.currency,
      priceMicros: price.priceMicros.toString(),
      campaignCurrency: strategy.currency.toUpperCase(),
      maxCostMicros: price.maxCostMicros.toString(),
      size: sizeOf(creative),
      ...dimensionsOf(request),
      device: identity.device,
      capUser: strategy.frequencyCap ? capUsersNow().userOf(strategy, strategy.frequencyCap) : '',
      timeZone: strategy.schedule.timeZone,
      campaignCapUser: strategy.campaignFrequencyCap
        ? capUsersNow().userOf(strategy, strategy.campaignFrequencyCap)
        : '',
    };
    const text = encodeTicket(input.secrets.ticket, ticket);
    const adm = markupOf(creative, imp, input.publicUrl, text);
    if (adm === undefined) continue;
    const urls = bidUrlsOf(input.publicUrl, text);
    bids.push({
      id: `${imp.id}-${strategy.strategyId}-${creative.id}`,
      impid: imp.id,
      price: microsToOpenRtbPrice(price.priceMicros),
      adm,
      nurl: urls.win,
      burl: urls.billing,
      adid: creative.id,
      crid: creative.id,
      cid: strategy.campaignId,
      ...(creative.advertiserDomain ? { adomain: [creative.advertiserDomain] } : {}),
      ...(creative.kind === 'banner' ? { w: creative.size.w, h: creative.size.h } : {}),
      ...(deal === null ? {} : { dealid: deal.requestDeal.id }),
      ...(creative.attributes.length > 0 ? { attr: [...creative.attributes] } : {}),
      mtype: MARKUP_TYPE_OF[creative.kind],
    });
    tickets.push(ticket);
    winningStrategies.push(strategy);
  }
  if (bids.length === 0) return { ok: false, nbr: failures.mostInformative() };
  return {
    ok: true,
    response: { id: request.id, seatbid: [{ seat, bid: bids }], cur: currency },
    tickets,
    strategies: winningStrategies,
  };
};

/**
 * The bidding diagnostics of one request (bid-diagnostics.ts): for its first impression, the step at which each
 * strategy stopped, or `bid` for the strategy the answer bid with and `outbid` for the others that passed every
 * step. Every strategy is judged (no index lookup, no prefilter, no early stop), so that a strategy the index
 * leaves out is told why.
 */
export const diagnoseRequest = (
  input: BidInput,
  strategies: readonly CompiledStrategy[],
  bidStrategyId: string | undefined,
): [string, DiagnosticStep][] => {
  const imp = input.request.imp[0];
  if (imp === undefined) return [];
  const { judge } = requestJudge(input);
  const pricing = impPricingOf(imp, input.request, input.rates);
  const isNativeReadable = isNativeReadableIn(imp);
  return strategies.map((strategy) => {
    const judgement = judge(strategy, imp, pricing, isNativeReadable);
    const step: DiagnosticStep = !judgement.ok
      ? judgement.step
      : strategy.strategyId === bidStrategyId
        ? 'bid'
        : 'outbid';
    return [strategy.strategyId, step];
  });
};

// ---------------------------------------------------------------------------------------------------------
// The running bidder

export type BidderOptions = {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly index: StrategyIndex;
  readonly state: BidderStatePoller;
  /** The delivery counters; undefined while the app has none: the bidder then bids nothing. */
  readonly sink: () => DeliverySink | undefined;
  /** The frequency caps' counts (frequency-caps.ts); absent: capped strategies do not bid. */
  readonly caps?: () => FrequencyCapStore | undefined;
  /** Where sampled requests are diagnosed (bid-diagnostics.ts); absent: none is. */
  readonly diagnostics?: BidDiagnostics;
  /** Even pacing and the traffic curve it follows (pacing.ts); absent: no pacing. */
  readonly pacing?: { readonly shape: TrafficShape; readonly pacing: Pacing };
  /** The learnt goal rates, read every minute (goal-rates.ts); absent: strategies with a goal bid on their priors. */
  readonly goalRates?: GoalRates;
  readonly publicUrl: string;
  /**
   * A bidder process without a control plane of its own (`beacon start --only bidder`): it bids nothing while
   * the control plane's heartbeat is older than a minute (docs/operations.md "Scaling out the engine").
   */
  readonly requireHeartbeat?: boolean;
  /** Told when the heartbeat turns stale (false) or fresh again (true), with `requireHeartbeat`. */
  readonly onHeartbeat?: (isFresh: boolean) => void;
  readonly onError?: (error: unknown) => void;
};

/** What pacing reads while the app has no counters (the bidder bids nothing then). */
const NOTHING_DELIVERED_TODAY: CampaignDay = { spend: 0n, impressions: 0, clicks: 0, spentBeforeToday: 0n };

/** How many strategies a diagnosis judges before it lets waiting requests through. */
const DIAGNOSIS_SLICE = 100;

/** What the route learns of one request. */
export type BidAnswer =
  | { readonly kind: 'bid'; readonly response: TBidResponse }
  | { readonly kind: 'no_bid'; readonly nbr: NoBidReason };

export class Bidder {
  readonly #options: BidderOptions;
  #secrets: BidSecrets | null = null;
  #loadingSecrets: Promise<void> | null = null;
  #isHeartbeatFresh = true;

  constructor(options: BidderOptions) {
    this.#options = options;
  }

  /** Reads the secrets, the index, the state and the goal rates, then keeps polling them until `stop()`. */
  async start(): Promise<void> {
    await this.#loadSecrets();
    await Promise.all([
      this.#options.index.start(),
      this.#options.state.start(),
      this.#options.goalRates?.start(),
    ]);
  }

  stop(): void {
    this.#options.index.stop();
    this.#options.state.stop();
    this.#options.goalRates?.stop();
  }

  /** One read of everything, without waiting for a poll (tests, and a start without polling). */
  async refresh(): Promise<void> {
    await this.#loadSecrets();
    await Promise.all([
      this.#options.index.refresh(),
      this.#options.state.refresh(),
      this.#options.goalRates?.refresh(),
    ]);
  }

  /** The sampled requests' diagnostics of this process (the bidding dialog reads them). */
  get diagnostics(): BidDiagnostics | undefined {
    return this.#options.diagnostics;
  }

  /** The current state, or undefined when it cannot be trusted (the route answers 204). */
  state(): BidderState | undefined {
    const state = this.#options.state.current();
    if (state === undefined || this.#options.requireHeartbeat !== true) return state;
    const isFresh = isHeartbeatFresh(state, this.#options.clock.now());
    if (isFresh !== this.#isHeartbeatFresh) {
      this.#isHeartbeatFresh = isFresh;
      this.#options.onHeartbeat?.(isFresh);
    }
    return isFresh ? state : undefined;
  }

  /**
   * Bids on a request from an admitted, enabled exchange; records each bid it answers. With caps in a shared
   * store (and a capped strategy in the index) it answers a promise: the users' counts are read first.
   */
  bid(exchange: BidderExchange, request: TBidRequest, state: BidderState): BidAnswer | Promise<BidAnswer> {
    const sink = this.#options.sink();
    const secrets = this.#secrets;
    if (secrets === null) this.#loadingSecrets ??= this.#loadSecrets();
    if (sink === undefined || secrets === null || !this.#options.index.isHealthy()) {
      return { kind: 'no_bid', nbr: NO_BID_REASONS.TECHNICAL_ERROR };
    }
    const now = this.#options.clock.now();
    const caps = this.#options.caps?.();
    const input: BidInput = {
      exchange,
      request,
      rates: state.rates,
      now,
      candidateRuns: (r, imp) => this.#options.index.candidateRuns(r, imp),
      sink,
      secrets,
      publicUrl: this.#options.publicUrl,
      caps,
      pacing: this.#options.pacing?.pacing,
      goalRates: this.#options.goalRates?.snapshot(),
    };
    this.#options.pacing?.shape.noteRequest(now.getTime());
    if (caps?.shared !== undefined && this.#options.index.hasCaps()) {
      return this.#bidWithSharedCaps(input, caps.shared, sink);
    }
    const decision = decideBids(input);
    if (this.#options.diagnostics?.noteRequest(now.getTime())) this.#diagnoseLater(input, decision);
    if (!decision.ok) return { kind: 'no_bid', nbr: decision.nbr };
    for (const ticket of decision.tickets) {
      sink.recordBid(ticket, now);
      // A capped bid counts toward its user's caps until its impression (frequency-caps.ts).
      if (caps !== undefined && (ticket.capUser || ticket.campaignCapUser)) caps.reserve(ticket, now);
    }
    return { kind: 'bid', response: decision.response };
  }

  /**
   * Bidding with caps in a shared store (decision 052): the request's users' counts are read, the request is
   * judged with them, and each capped bid is sent only if its place under its caps is reserved, atomically (another
   * process may have bid for the same user meanwhile). The bids' budget floats are held before any wait.
   */
  async #bidWithSharedCaps(input: BidInput, shared: SharedCapStore, sink: DeliverySink): Promise<BidAnswer> {
    const { request, now, secrets } = input;
    let snapshot: FrequencyCapStore | undefined;
    try {
      const identity = requestIdentity(request, secrets.identity);
      snapshot = await shared.load(capUsersOfRequest(request, identity, secrets.identity), now);
    } catch (error) {
      // Counts that cannot be read: capped strategies do not bid (underCap without a store), others do.
      this.#options.onError?.(error);
    }
    const judged: BidInput = { ...input, caps: snapshot };
    const decision = decideBids(judged);
    if (this.#options.diagnostics?.noteRequest(now.getTime())) this.#diagnoseLater(judged, decision);
    if (!decision.ok) return { kind: 'no_bid', nbr: decision.nbr };
    for (const ticket of decision.tickets) sink.holdBid?.(ticket);
    const kept = new Set<AuctionTicket>();
    await Promise.all(
      decision.tickets.map(async (ticket, i) => {
        const strategy = decision.strategies[i];
        const checks = strategy === undefined ? [] : capChecksOf(strategy, ticket);
        let isReserved = checks.length === 0;
        if (!isReserved) {
          try {
            isReserved = await shared.reserveChecked(ticket.auctionId, checks, now);
          } catch (error) {
            this.#options.onError?.(error);
          }
        }
        if (isReserved) kept.add(ticket);
        else sink.releaseBid?.(ticket);
      }),
    );
    if (kept.size === 0) return { kind: 'no_bid', nbr: NO_BID_REASONS.DAILY_USER_CAP_MET };
    for (const ticket of decision.tickets) if (kept.has(ticket)) sink.recordBid(ticket, now);
    if (kept.size === decision.tickets.length) return { kind: 'bid', response: decision.response };
    const keptImps = new Set([...kept].map((ticket) => ticket.auctionId));
    const exchangeId = input.exchange.id;
    const bids = (decision.response.seatbid?.[0]?.bid ?? []).filter((bid) =>
      keptImps.has(`${exchangeId}:${request.id}:${bid.impid}`),
    );
    const seatbid = decision.response.seatbid?.[0];
    return {
      kind: 'bid',
      response: { ...decision.response, seatbid: [{ ...seatbid, bid: bids }] },
    };
  }

  /** Diagnoses a sampled request after its answer is sent: every strategy is judged, which takes a while. */
  #diagnoseLater(input: BidInput, decision: BidDecision): void {
    const diagnostics = this.#options.diagnostics;
    const first = input.request.imp[0];
    if (diagnostics === undefined || first === undefined) return;
    const auctionId = `${input.exchange.id}:${input.request.id}:${first.id}`;
    const bidStrategyId = decision.ok
      ? decision.tickets.find((ticket) => ticket.auctionId === auctionId)?.strategyId
      : undefined;
    // In slices, so that the requests arriving meanwhile wait for one slice at most (about a millisecond).
    const strategies = this.#options.index.strategies();
    const steps: [string, DiagnosticStep][] = [];
    const judgeFrom = (start: number) => {
      try {
        const slice = strategies.slice(start, start + DIAGNOSIS_SLICE);
        steps.push(...diagnoseRequest(input, slice, bidStrategyId));
        if (start + DIAGNOSIS_SLICE < strategies.length) setImmediate(judgeFrom, start + DIAGNOSIS_SLICE);
        else diagnostics.record(input.now.getTime(), steps);
      } catch (error) {
        this.#options.onError?.(error);
      }
    };
    setImmediate(judgeFrom, 0);
  }

  async #loadSecrets(): Promise<void> {
    if (this.#secrets !== null) return;
    try {
      const [ticket, identity] = await Promise.all([
        installationSecret(this.#options.db, 'eventTicket'),
        installationSecret(this.#options.db, 'audienceIdentifiers'),
      ]);
      this.#secrets = { ticket, identity };
    } catch (error) {
      // Retried by the next request, start or refresh; meanwhile the bidder bids nothing.
      this.#options.onError?.(error);
    } finally {
      this.#loadingSecrets = null;
    }
  }
}

/** The bidder of an app: its index and state pollers on the app's database and clock. */
export const createBidder = (options: {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly publicUrl: string;
  readonly sink: () => DeliverySink | undefined;
  readonly caps?: () => FrequencyCapStore | undefined;
  /** Even pacing (pacing.ts); off: campaigns bid as fast as their limits allow. */
  readonly pacing?: boolean;
  /** Bid only while the control plane's heartbeat is fresh (BidderOptions). */
  readonly requireHeartbeat?: boolean;
  readonly onHeartbeat?: (isFresh: boolean) => void;
  readonly onError?: (error: unknown) => void;
}): Bidder => {
  const onError = options.onError === undefined ? {} : { onError: options.onError };
  const shape = new TrafficShape();
  const delivered = (strategy: CompiledStrategy, now: Date): CampaignDay =>
    options.sink()?.campaignDay(strategy, now) ?? NOTHING_DELIVERED_TODAY;
  return new Bidder({
    db: options.db,
    clock: options.clock,
    publicUrl: options.publicUrl,
    requireHeartbeat: options.requireHeartbeat === true,
    ...(options.onHeartbeat === undefined ? {} : { onHeartbeat: options.onHeartbeat }),
    sink: options.sink,
    ...(options.caps === undefined ? {} : { caps: options.caps }),
    diagnostics: new BidDiagnostics(),
    ...(options.pacing === false ? {} : { pacing: { shape, pacing: new Pacing({ shape, delivered }) } }),
    index: new StrategyIndex({ db: options.db, clock: options.clock, ...onError }),
    state: new BidderStatePoller({ db: options.db, clock: options.clock, ...onError }),
    goalRates: new GoalRates({ db: options.db, clock: options.clock, ...onError }),
    ...onError,
  });
};
