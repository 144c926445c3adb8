/**
 * The traffic simulator (docs/engine.md "Traffic simulator"): plays an OpenRTB exchange against a Beacon bidder
 * over HTTP only. It sends generated bid requests to `POST {target}/rtb/{exchange}` at a steady rate with
 * bounded concurrency, runs each impression's auction against simulated competitors, and for a win calls the
 * win notice, "renders" the markup (impression pixels and the billing notice, video events with drop-off,
 * clicks at a realistic rate). Any error answer, timeout or unreadable response is counted and reported; none
 * stops the simulator.
 */
import { fromMicros } from '@beacon/domain/dictionary/currencies';
import type { TBid, TBidRequest, TImp } from '../engine/openrtb';
import { checkBid, decimalToMicros, drawCompetitorBids, runAuction } from './auction';
import { createRequestGenerator, type SimulatedDeal, type TrafficKind } from './generator';
import { type AuctionMacros, parseMarkup, type RenderPlan, replaceMacros, VIDEO_EVENTS } from './markup';
import { createRandom, type Random } from './random';

// ---------------------------------------------------------------------------------------------------------
// HTTP, injected so that tests stub only the edge

export type HttpRequest = {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
};
export type HttpResponse = {
  readonly status: number;
  readonly header: (name: string) => string | null;
  readonly body: string;
};
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;

/** Node's fetch, redirects not followed (a click answers 302; the simulator does not visit the landing page). */
export const fetchHttpClient: HttpClient = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  const body = await response.text();
  return { status: response.status, header: (name) => response.headers.get(name), body };
};

// ---------------------------------------------------------------------------------------------------------
// Viewer behaviour

/** Share of won impressions that render (the rest: page left, slot not in view, player error). */
const RENDER_RATE: Readonly<Record<TrafficKind, number>> = {
  web_banner: 0.93,
  app_banner: 0.95,
  native: 0.95,
  video: 0.9,
  ctv: 0.98,
  audio: 0.96,
  dooh: 0.99,
};

/** Click-through rates of rendered ads: display 0.2–0.6 %, native about 1 %, none on TV screens and billboards. */
const CLICK_RATE: Readonly<Record<TrafficKind, number>> = {
  web_banner: 0.003,
  app_banner: 0.006,
  native: 0.011,
  video: 0.008,
  ctv: 0,
  audio: 0.002,
  dooh: 0,
};

/** The chance a viewer who reached one quartile reaches the next: firstQuartile, midpoint, thirdQuartile, complete. */
const CONTINUE_RATE: Readonly<Record<TrafficKind, readonly number[]>> = {
  web_banner: [],
  app_banner: [],
  native: [],
  video: [0.9, 0.9, 0.92, 0.94],
  ctv: [0.98, 0.98, 0.99, 0.99],
  audio: [0.95, 0.95, 0.96, 0.97],
  dooh: [1, 1, 1, 1],
};

/** Of viewers who leave a skippable video early, the share that press "skip" (the others scroll or close). */
const SKIP_SHARE = 0.75;

// ---------------------------------------------------------------------------------------------------------
// Statistics

export type TrafficStats = {
  requests: number;
  /** Requests not sent because `concurrency` requests were already waiting (the bidder is too slow). */
  dropped: number;
  /** Requests answered with at least one bid, and those answered with none (204 or an empty response). */
  bidResponses: number;
  noBids: number;
  /** Bids the exchange set aside (wrong impression, currency or deal, below the floor). */
  invalidBids: number;
  wins: number;
  losses: number;
  impressions: number;
  clicks: number;
  videoStarts: number;
  videoCompletes: number;
  videoSkips: number;
  /** Tracking calls answered 2xx/3xx, and those that failed. */
  eventsSent: number;
  eventErrors: number;
  /** Tracking URLs on another origin than the target, not called (the simulator never leaves the target). */
  externalSkipped: number;
  /** Bid requests that failed: an error status, a timeout, a network error or an unreadable response. */
  errors: number;
  /** No-bid reasons (`x-openrtb-nbr` or the response's `nbr`) and their counts. */
  noBidReasons: Record<string, number>;
  /** The sum of the clearing prices (CPMs), micros of the exchange currency: the media cost is this ÷ 1000. */
  clearingCpmMicros: bigint;
};

const emptyStats = (): TrafficStats => ({
  requests: 0,
  dropped: 0,
  bidResponses: 0,
  noBids: 0,
  invalidBids: 0,
  wins: 0,
  losses: 0,
  impressions: 0,
  clicks: 0,
  videoStarts: 0,
  videoCompletes: 0,
  videoSkips: 0,
  eventsSent: 0,
  eventErrors: 0,
  externalSkipped: 0,
  errors: 0,
  noBidReasons: {},
  clearingCpmMicros: 0n,
});

/** One line of counts, as the CLI prints it every few seconds. */
export const formatStats = (stats: TrafficStats, elapsedMs: number, currency: string): string => {
  const perSecond = elapsedMs > 0 ? (stats.requests / (elapsedMs / 1000)).toFixed(1) : '0.0';
  const parts = [
    `requests ${stats.requests} (${perSecond}/s)`,
    `bids ${stats.bidResponses}`,
    `no bid ${stats.noBids}`,
    `wins ${stats.wins}`,
    `impressions ${stats.impressions}`,
    `clicks ${stats.clicks}`,
    `video ${stats.videoStarts} started/${stats.videoCompletes} complete/${stats.videoSkips} skipped`,
    `spend ${fromMicros(stats.clearingCpmMicros / 1000n)} ${currency}`,
    `errors ${stats.errors + stats.eventErrors}`,
  ];
  if (stats.dropped > 0) parts.push(`dropped ${stats.dropped}`);
  if (stats.invalidBids > 0) parts.push(`invalid bids ${stats.invalidBids}`);
  return parts.join(' · ');
};

// ---------------------------------------------------------------------------------------------------------
// The simulator

export type SimulatorOptions = {
  /** Base URL of the Beacon server, e.g. http://127.0.0.1:8080. */
  readonly target: string;
  /** The exchange key in `/rtb/{key}`. */
  readonly exchange: string;
  /** Sent as `x-beacon-exchange-token` when set (an exchange not admitted by its address needs it). */
  readonly token?: string;
  /** Requests per second. */
  readonly rate: number;
  /** Seconds to run; 0 runs until stop(). */
  readonly durationSeconds: number;
  readonly seed: number;
  /**
   * The simulated clock's start: the requests' time (which shapes the mix by local hour) runs from it at real
   * speed. Undefined: the real time. It does not move the server's clock.
   */
  readonly clockStart?: Date;
  readonly currency: string;
  readonly auctionType: 1 | 2;
  readonly deals: readonly SimulatedDeal[];
  /** Only requests from these countries (ISO alpha-3; generator.ts); absent: every country. */
  readonly countries?: readonly string[];
  /** At most this many requests wait for an answer at once; more are dropped and counted. */
  readonly concurrency: number;
  /** Click-through rates by kind instead of the realistic ones (tests that need clicks). */
  readonly clickRates?: Readonly<Partial<Record<TrafficKind, number>>>;
  /** How long the exchange waits for a bid; the default 1000 ms (a local bidder on a busy machine). */
  readonly bidTimeoutMs?: number;
  readonly http?: HttpClient;
  /** Real time in ms (injected by tests). */
  readonly now?: () => number;
  /** Receives a summary line every `reportEveryMs` and when the run ends, with the errors seen meanwhile. */
  readonly report?: (summary: { line: string; errors: readonly string[]; isFinal: boolean }) => void;
  readonly reportEveryMs?: number;
};

export type Simulator = {
  /** Runs until the duration ends or stop() is called; answers the final counts. */
  readonly run: () => Promise<TrafficStats>;
  readonly stop: () => Promise<void>;
  /** Sends one request now and plays its outcome (tests and tools). */
  readonly sendOne: () => Promise<void>;
  readonly stats: () => TrafficStats;
  /** Sends a summary to `report` now, with the errors seen since the last one. */
  readonly reportNow: () => void;
};

const TICK_MS = 50;
const EVENT_TIMEOUT_MS = 2000;
/** Distinct error messages kept between two reports. */
const MAX_ERROR_KINDS = 20;

type WireBid = TBid & { adid?: string; lurl?: string };
type Outcome = { bid: WireBid; imp: TImp; seat: string; clearingMicros?: bigint; winningMicros?: bigint };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bids of a response body, each with its seat; undefined when the body is not a BidResponse. */
const readBids = (
  body: unknown,
): { id: string; cur?: string; nbr?: number; bids: { bid: WireBid; seat: string }[] } | undefined => {
  if (!isRecord(body) || typeof body.id !== 'string') return undefined;
  const bids: { bid: WireBid; seat: string }[] = [];
  for (const seatbid of Array.isArray(body.seatbid) ? body.seatbid : []) {
    if (!isRecord(seatbid) || !Array.isArray(seatbid.bid)) return undefined;
    const seat = typeof seatbid.seat === 'string' ? seatbid.seat : '';
    for (const bid of seatbid.bid) {
      if (!isRecord(bid) || typeof bid.impid !== 'string' || typeof bid.price !== 'number') return undefined;
      bids.push({
        seat,
        bid: {
          id: typeof bid.id === 'string' ? bid.id : '',
          impid: bid.impid,
          price: bid.price,
          adm: typeof bid.adm === 'string' ? bid.adm : undefined,
          nurl: typeof bid.nurl === 'string' ? bid.nurl : undefined,
          burl: typeof bid.burl === 'string' ? bid.burl : undefined,
          lurl: typeof bid.lurl === 'string' ? bid.lurl : undefined,
          adid: typeof bid.adid === 'string' ? bid.adid : undefined,
          crid: typeof bid.crid === 'string' ? bid.crid : undefined,
          dealid: typeof bid.dealid === 'string' ? bid.dealid : undefined,
          mtype:
            bid.mtype === 1 || bid.mtype === 2 || bid.mtype === 3 || bid.mtype === 4 ? bid.mtype : undefined,
        },
      });
    }
  }
  return {
    id: body.id,
    cur: typeof body.cur === 'string' ? body.cur : undefined,
    nbr: typeof body.nbr === 'number' ? body.nbr : undefined,
    bids,
  };
};

/** The typical price of a kind without a floor: what competitors bid around (micros). */
const REFERENCE_MICROS: Readonly<Record<TrafficKind, bigint>> = {
  web_banner: 500_000n,
  app_banner: 400_000n,
  native: 800_000n,
  video: 3_500_000n,
  ctv: 12_000_000n,
  audio: 2_000_000n,
  dooh: 3_500_000n,
};

export const createSimulator = (options: SimulatorOptions): Simulator => {
  const http = options.http ?? fetchHttpClient;
  const now = options.now ?? Date.now;
  const bidTimeoutMs = options.bidTimeoutMs ?? 1000;
  const reportEveryMs = options.reportEveryMs ?? 5000;
  const target = new URL(options.target);
  const rtbUrl = new URL(`/rtb/${encodeURIComponent(options.exchange)}`, target).toString();
  const generator = createRequestGenerator(createRandom(options.seed), {
    currency: options.currency,
    auctionType: options.auctionType,
    deals: options.deals,
    ...(options.countries === undefined ? {} : { countries: options.countries }),
  });
  // Each request's outcome draws from its own stream, seeded in request order: the run replays exactly even
  // though answers arrive in any order.
  const outcomeSeeds = createRandom(options.seed ^ 0x5bd1e995);
  const stats = emptyStats();
  const errors = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let startedAt = now();

  const noteError = (message: string) => {
    if (errors.has(message) || errors.size < MAX_ERROR_KINDS)
      errors.set(message, (errors.get(message) ?? 0) + 1);
  };
  const simulatedNow = (): Date =>
    new Date(options.clockStart === undefined ? now() : options.clockStart.getTime() + (now() - startedAt));

  /**
   * The origins whose URLs a bid may have called: the target's and those of the bid's own notices (the bidder's
   * event host, its PUBLIC_URL). A creative's third-party pixels are elsewhere and never called: the simulator
   * sends nothing to the internet.
   */
  const originsOf = (bid: WireBid): ReadonlySet<string> => {
    const origins = new Set([target.origin]);
    for (const url of [bid.nurl, bid.burl, bid.lurl]) {
      if (url !== undefined && URL.canParse(url)) origins.add(new URL(url).origin);
    }
    return origins;
  };

  /** Calls a tracking URL on one of `origins`. Answers whether it was accepted (2xx or a redirect). */
  const fire = async (url: string, what: string, origins: ReadonlySet<string>): Promise<boolean> => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      stats.eventErrors += 1;
      noteError(`${what}: not a URL`);
      return false;
    }
    if (!origins.has(parsed.origin)) {
      stats.externalSkipped += 1;
      return false;
    }
    try {
      const response = await http({ method: 'GET', url: parsed.toString(), timeoutMs: EVENT_TIMEOUT_MS });
      if (response.status >= 200 && response.status < 400) {
        stats.eventsSent += 1;
        return true;
      }
      stats.eventErrors += 1;
      noteError(`${what}: GET ${parsed.pathname} answered ${response.status}${brief(response.body)}`);
    } catch (error) {
      stats.eventErrors += 1;
      noteError(`${what}: GET ${parsed.pathname} failed: ${messageOf(error)}`);
    }
    return false;
  };

  const fireAll = async (
    urls: readonly string[] | undefined,
    what: string,
    origins: ReadonlySet<string>,
  ): Promise<boolean> => {
    let isAnyAccepted = false;
    for (const url of urls ?? []) isAnyAccepted = (await fire(url, what, origins)) || isAnyAccepted;
    return isAnyAccepted;
  };

  /** Plays a rendered video or audio ad: start, quartiles while the viewer stays, complete or skip. */
  const playVideo = async (
    random: Random,
    kind: TrafficKind,
    imp: TImp,
    plan: RenderPlan,
    origins: ReadonlySet<string>,
  ) => {
    const events = plan.videoEvents;
    if (await fireAll(events.start, 'video start', origins)) stats.videoStarts += 1;
    const stages = CONTINUE_RATE[kind];
    const progress = VIDEO_EVENTS.slice(1, 5);
    for (let stage = 0; stage < progress.length; stage += 1) {
      const event = progress[stage];
      if (event === undefined) break;
      if (!random.chance(stages[stage] ?? 1)) {
        const isSkippable = imp.video?.skip === 1;
        if (isSkippable && random.chance(SKIP_SHARE) && (await fireAll(events.skip, 'video skip', origins))) {
          stats.videoSkips += 1;
        }
        return;
      }
      const accepted = await fireAll(events[event], `video ${event}`, origins);
      if (event === 'complete' && accepted) stats.videoCompletes += 1;
    }
  };

  /** The exchange's part after a win: win notice, the markup rendered, billing notice, events and clicks. */
  const playWin = async (random: Random, kind: TrafficKind, outcome: Outcome, request: TBidRequest) => {
    const { bid, imp, seat } = outcome;
    const origins = originsOf(bid);
    const macros: AuctionMacros = {
      auctionId: request.id,
      bidId: bid.id,
      impId: bid.impid,
      seatId: seat,
      adId: bid.adid ?? bid.crid ?? '',
      price: fromMicros(outcome.clearingMicros ?? 0n),
      currency: options.currency,
    };
    let adm = bid.adm === undefined ? undefined : replaceMacros(bid.adm, macros);
    if (bid.nurl !== undefined) {
      const nurl = replaceMacros(bid.nurl, macros);
      if (adm === undefined) {
        // Without adm, the win notice answers the markup (OpenRTB 2.6, "Win Notice").
        try {
          const response = await http({ method: 'GET', url: nurl, timeoutMs: EVENT_TIMEOUT_MS });
          if (response.status >= 200 && response.status < 300 && response.body !== '') {
            stats.eventsSent += 1;
            adm = replaceMacros(response.body, macros);
          } else {
            stats.eventErrors += 1;
            noteError(`win notice answered ${response.status} and no markup`);
          }
        } catch (error) {
          stats.eventErrors += 1;
          noteError(`win notice failed: ${messageOf(error)}`);
        }
      } else {
        await fire(nurl, 'win notice', origins);
      }
    }
    if (adm === undefined) {
      stats.eventErrors += 1;
      noteError('a winning bid without markup (no adm, no nurl)');
      return;
    }
    const parsed = parseMarkup(adm, bid.mtype);
    if (!parsed.ok) {
      stats.eventErrors += 1;
      noteError(`unreadable markup: ${parsed.reason}`);
      return;
    }
    if (!random.chance(RENDER_RATE[kind])) return;
    const plan = parsed.plan;
    const isShown = await fireAll(plan.impressions, 'impression', origins);
    if (bid.burl !== undefined) await fire(replaceMacros(bid.burl, macros), 'billing notice', origins);
    if (isShown) stats.impressions += 1;
    if (plan.media === 'video') await playVideo(random, kind, imp, plan, origins);
    const clickThrough =
      plan.clickThroughs.find((url) => URL.canParse(url) && origins.has(new URL(url).origin)) ??
      plan.clickThroughs[0];
    const clicks = [...(clickThrough === undefined ? [] : [clickThrough]), ...plan.clickTrackers];
    if (clicks.length > 0 && random.chance(options.clickRates?.[kind] ?? CLICK_RATE[kind])) {
      if (await fireAll(clicks, 'click', origins)) stats.clicks += 1;
    }
  };

  const playRequest = async (random: Random, kind: TrafficKind, request: TBidRequest) => {
    stats.requests += 1;
    let response: HttpResponse;
    try {
      response = await http({
        method: 'POST',
        url: rtbUrl,
        headers: {
          'content-type': 'application/json',
          'x-openrtb-version': '2.6',
          ...(options.token === undefined ? {} : { 'x-beacon-exchange-token': options.token }),
        },
        body: JSON.stringify(request),
        timeoutMs: bidTimeoutMs,
      });
    } catch (error) {
      stats.errors += 1;
      noteError(`POST ${new URL(rtbUrl).pathname} failed: ${messageOf(error)}`);
      return;
    }
    if (response.status === 204) {
      stats.noBids += 1;
      const reason = response.header('x-openrtb-nbr') ?? 'none';
      stats.noBidReasons[reason] = (stats.noBidReasons[reason] ?? 0) + 1;
      return;
    }
    if (response.status !== 200) {
      stats.errors += 1;
      noteError(`POST ${new URL(rtbUrl).pathname} answered ${response.status}${brief(response.body)}`);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      stats.errors += 1;
      noteError('a bid response that is not JSON');
      return;
    }
    const answer = readBids(body);
    if (answer === undefined || answer.id !== request.id) {
      stats.errors += 1;
      noteError(
        answer === undefined
          ? 'a bid response that is not a BidResponse'
          : 'a bid response for another request',
      );
      return;
    }
    if (answer.bids.length === 0) {
      stats.noBids += 1;
      const reason = answer.nbr === undefined ? 'none' : String(answer.nbr);
      stats.noBidReasons[reason] = (stats.noBidReasons[reason] ?? 0) + 1;
      return;
    }
    stats.bidResponses += 1;
    // The best valid bid of each impression enters its auction.
    const best = new Map<string, { bid: WireBid; seat: string; priceMicros: bigint; floorMicros: bigint }>();
    for (const { bid, seat } of answer.bids) {
      const checked = checkBid(bid, request.imp, {
        currency: options.currency,
        responseCurrency: answer.cur,
      });
      if (!checked.ok) {
        stats.invalidBids += 1;
        noteError(`bid set aside: ${checked.reason}`);
        continue;
      }
      const current = best.get(bid.impid);
      if (current === undefined || checked.priceMicros > current.priceMicros) {
        best.set(bid.impid, {
          bid,
          seat,
          priceMicros: checked.priceMicros,
          floorMicros: checked.floorMicros,
        });
      }
    }
    for (const [impId, entry] of best) {
      const imp = request.imp.find((candidate) => candidate.id === impId);
      if (imp === undefined) continue;
      const isDeal = entry.bid.dealid !== undefined && entry.bid.dealid !== '';
      const competitors = drawCompetitorBids(random, {
        referenceMicros: entry.floorMicros > 0n ? entry.floorMicros : scaled(REFERENCE_MICROS[kind], imp),
        floorMicros: entry.floorMicros,
        bidders: isDeal ? random.int(0, 2) : random.int(2, 8),
      });
      const result = runAuction({
        auctionType: options.auctionType,
        ourMicros: entry.priceMicros,
        floorMicros: entry.floorMicros,
        competitors,
      });
      if (result.won) {
        stats.wins += 1;
        stats.clearingCpmMicros += result.clearingMicros;
        await playWin(
          random,
          kind,
          { bid: entry.bid, imp, seat: entry.seat, clearingMicros: result.clearingMicros },
          request,
        );
      } else {
        stats.losses += 1;
        if (entry.bid.lurl !== undefined) {
          const macros: AuctionMacros = {
            auctionId: request.id,
            bidId: entry.bid.id,
            impId,
            seatId: entry.seat,
            adId: entry.bid.adid ?? entry.bid.crid ?? '',
            price: '',
            currency: options.currency,
            // Loss reason 102: lost to a higher bid (OpenRTB list "Loss Reason Codes").
            loss: 102,
            minToWin: fromMicros(result.winningMicros),
          };
          await fire(replaceMacros(entry.bid.lurl, macros), 'loss notice', originsOf(entry.bid));
        }
      }
    }
  };

  const launch = (): Promise<void> => {
    const random = createRandom(outcomeSeeds.int(0, 0xffffffff));
    const { kind, request } = generator.next(simulatedNow());
    const task = playRequest(random, kind, request).catch((error: unknown) => {
      // playRequest counts every failure itself; this is a bug in the simulator, still never a crash.
      stats.errors += 1;
      noteError(`simulator: ${messageOf(error)}`);
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
    return task;
  };

  const summary = (isFinal: boolean) => {
    const prefix = options.clockStart === undefined ? '' : `[${simulatedNow().toISOString().slice(0, 19)}Z] `;
    const line = `${prefix}${formatStats(stats, now() - startedAt, options.currency)}`;
    const lines = [...errors].map(([message, count]) => `${message}${count > 1 ? ` (×${count})` : ''}`);
    errors.clear();
    options.report?.({ line, errors: lines, isFinal });
  };

  let stopRequested = false;
  let running: Promise<TrafficStats> | undefined;

  const run = (): Promise<TrafficStats> => {
    running ??= new Promise<TrafficStats>((resolve) => {
      startedAt = now();
      let launched = 0;
      let lastReport = startedAt;
      const finish = async () => {
        clearInterval(timer);
        await Promise.allSettled([...inFlight]);
        summary(true);
        resolve(stats);
      };
      const tick = () => {
        const current = now();
        const elapsed = current - startedAt;
        const isOver =
          stopRequested || (options.durationSeconds > 0 && elapsed >= options.durationSeconds * 1000);
        if (isOver) {
          void finish();
          return;
        }
        const due = Math.floor((elapsed / 1000) * options.rate);
        while (launched < due) {
          launched += 1;
          if (inFlight.size >= options.concurrency) stats.dropped += 1;
          else void launch();
        }
        if (current - lastReport >= reportEveryMs) {
          lastReport = current;
          summary(false);
        }
      };
      const timer = setInterval(tick, TICK_MS);
    });
    return running;
  };

  return {
    run,
    stop: async () => {
      stopRequested = true;
      if (running !== undefined) await running;
    },
    sendOne: launch,
    stats: () => stats,
    reportNow: () => summary(false),
  };
};

/** A DOOH play's typical price is the CPM times its multiplier, like its floor. */
const scaled = (cpmMicros: bigint, imp: TImp): bigint => {
  const multiplier = decimalToMicros(imp.qty?.multiplier);
  return multiplier === undefined ? cpmMicros : (cpmMicros * multiplier) / 1_000_000n;
};

const messageOf = (error: unknown): string => {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name === 'TimeoutError' ? 'timed out' : error.message}${cause}`;
  }
  return String(error);
};

/** The start of an error answer's body, for the report. */
const brief = (body: string): string => {
  const text = body.replace(/\s+/g, ' ').trim();
  return text === '' ? '' : `: ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
};
