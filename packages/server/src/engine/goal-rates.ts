/**
 * The learnt goal rates (docs/decisions/051): what each strategy delivered over the last 30 days — impressions,
 * clicks, video starts and completes, conversions 1 to 5 — overall (`delivery_hourly`) and per placement
 * (`delivery_daily_publishers`), read from the rollups every minute into memory. The bidder asks it for every
 * candidate with a goal (price.ts `predictedRate`), so an answer is a Map read, never a database read. Until a read
 * succeeds it knows nothing, and every strategy bids on its prior; a failed read keeps the last one.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { PollLoop, type PollTimer } from './poll-loop';
import { type GoalCounts, type LearntCounts, NOTHING_LEARNT } from './price';

/** The days learnt from, today (UTC) included: rates drift, and the demo history is this long. */
export const LEARNING_WINDOW_DAYS = 30;
/** How often the rollups are read again. */
export const DEFAULT_REFRESH_MS = 60_000;
/**
 * At most this many (strategy, placement) counts are held, those with most impressions: an estimated 20 MB, at about
 * 200 bytes an entry (not measured).
 */
export const MAX_PLACEMENTS = 100_000;

/** One strategy's counts, overall and per placement (an app bundle, else a publisher: `placementOf`). */
export type StrategyGoalCounts = {
  readonly overall: GoalCounts;
  readonly placements: ReadonlyMap<string, GoalCounts>;
};

/**
 * The placement of a request or of a daily rollup row: its app bundle, else its publisher (id, else domain), as the
 * rollup keys them (bidder.ts `dimensionsOf`); '' when it has neither.
 */
export const placementOf = (dimensions: { readonly publisher: string; readonly bundle: string }): string =>
  dimensions.bundle !== '' ? dimensions.bundle : dimensions.publisher;

/** The same rule in SQL, over a row of delivery_daily_publishers. */
const PLACEMENT_SQL = sql<string>`CASE WHEN bundle <> '' THEN bundle ELSE publisher END`;

/** The first UTC day learnt from at `now`. */
export const learningSince = (now: Date): string =>
  new Date(now.getTime() - (LEARNING_WINDOW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

type CountsRow = {
  strategy_id: string;
  impressions: string;
  clicks: string;
  video_starts: string;
  video_completes: string;
  conversions_1: string;
  conversions_2: string;
  conversions_3: string;
  conversions_4: string;
  conversions_5: string;
};

const SUMS = sql`sum(impressions)::text AS impressions, sum(clicks)::text AS clicks,
  sum(video_starts)::text AS video_starts, sum(video_completes)::text AS video_completes,
  sum(conversions_1)::text AS conversions_1, sum(conversions_2)::text AS conversions_2,
  sum(conversions_3)::text AS conversions_3, sum(conversions_4)::text AS conversions_4,
  sum(conversions_5)::text AS conversions_5`;

const countsOf = (row: CountsRow): GoalCounts => ({
  impressions: Number(row.impressions),
  clicks: Number(row.clicks),
  videoStarts: Number(row.video_starts),
  videoCompletes: Number(row.video_completes),
  conversions: [
    Number(row.conversions_1),
    Number(row.conversions_2),
    Number(row.conversions_3),
    Number(row.conversions_4),
    Number(row.conversions_5),
  ],
});

export type ReadGoalCountsOptions = {
  readonly now: Date;
  /** Only these strategies (a campaign's, for its page); absent: every strategy. */
  readonly strategyIds?: readonly string[];
  /** At most this many placements per strategy, those with most impressions. */
  readonly placementsPerStrategy?: number;
  /** At most this many placements in all, those with most impressions. */
  readonly maxPlacements?: number;
};

const EMPTY_PLACEMENTS: ReadonlyMap<string, GoalCounts> = new Map();

/**
 * The counts of the learning window, per strategy, with its placements by impressions, most first. Two statements
 * whatever the number of strategies.
 */
export const readGoalCounts = async (
  db: Kysely<Database>,
  options: ReadGoalCountsOptions,
): Promise<Map<string, StrategyGoalCounts>> => {
  const since = learningSince(options.now);
  const ids = options.strategyIds;
  if (ids !== undefined && ids.length === 0) return new Map();
  const onlyThese = ids === undefined ? sql`` : sql`AND strategy_id = ANY(${[...ids]}::bigint[])`;
  const overall = await sql<CountsRow>`SELECT strategy_id::text AS strategy_id, ${SUMS}
    FROM delivery_hourly
    WHERE hour >= ${new Date(`${since}T00:00:00.000Z`)} ${onlyThese}
    GROUP BY strategy_id
    HAVING sum(impressions) > 0`.execute(db);
  const placements = await sql<CountsRow & { placement: string }>`SELECT * FROM (
      SELECT strategy_id::text AS strategy_id, ${PLACEMENT_SQL} AS placement, ${SUMS},
        row_number() OVER (PARTITION BY strategy_id ORDER BY sum(impressions) DESC, ${PLACEMENT_SQL}) AS placement_rank
      FROM delivery_daily_publishers
      WHERE day >= ${since}::date AND (bundle <> '' OR publisher <> '') ${onlyThese}
      GROUP BY strategy_id, ${PLACEMENT_SQL}
      HAVING sum(impressions) > 0
    ) ranked
    WHERE placement_rank <= ${options.placementsPerStrategy ?? MAX_PLACEMENTS}
    ORDER BY impressions::bigint DESC, strategy_id, placement
    LIMIT ${options.maxPlacements ?? MAX_PLACEMENTS}`.execute(db);

  const byPlacement = new Map<string, Map<string, GoalCounts>>();
  for (const row of placements.rows) {
    let own = byPlacement.get(row.strategy_id);
    if (own === undefined) {
      own = new Map();
      byPlacement.set(row.strategy_id, own);
    }
    own.set(row.placement, countsOf(row));
  }
  return new Map(
    overall.rows.map((row) => [
      row.strategy_id,
      { overall: countsOf(row), placements: byPlacement.get(row.strategy_id) ?? EMPTY_PLACEMENTS },
    ]),
  );
};

/** What the bidder reads: a strategy's counts overall and at a placement ('' none). */
export type GoalRateSnapshot = {
  readonly learnt: (strategyId: string, placement: string) => LearntCounts;
};

/** Nothing learnt: every strategy bids on its prior. */
export const PRIORS_ONLY: GoalRateSnapshot = { learnt: () => NOTHING_LEARNT };

/** A snapshot over counts read (`readGoalCounts`). */
export const goalRateSnapshotOf = (counts: ReadonlyMap<string, StrategyGoalCounts>): GoalRateSnapshot => {
  // The answer without a placement, one object per strategy rather than one per question.
  const overallOnly = new Map([...counts].map(([id, entry]) => [id, { strategy: entry.overall }]));
  return {
    learnt: (strategyId, placement) => {
      const own = overallOnly.get(strategyId);
      if (own === undefined) return NOTHING_LEARNT;
      const atPlacement = placement === '' ? undefined : counts.get(strategyId)?.placements.get(placement);
      return atPlacement === undefined ? own : { strategy: own.strategy, placement: atPlacement };
    },
  };
};

export type GoalRatesOptions = {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly refreshMs?: number;
  readonly timer?: PollTimer;
  readonly onError?: (error: unknown) => void;
};

/** The counts of every strategy, read every `refreshMs`; `snapshot()` answers the last read, or priors only. */
export class GoalRates {
  readonly #options: GoalRatesOptions;
  readonly #loop: PollLoop<boolean>;
  #snapshot: GoalRateSnapshot = PRIORS_ONLY;

  constructor(options: GoalRatesOptions) {
    this.#options = options;
    this.#loop = new PollLoop(() => this.#read(), {
      intervalMs: options.refreshMs ?? DEFAULT_REFRESH_MS,
      ...(options.timer === undefined ? {} : { timer: options.timer }),
    });
  }

  /** Reads once, then every interval until `stop()`; a failed read never throws (the priors or the last read stay). */
  start(): Promise<void> {
    return this.#loop.start();
  }

  stop(): void {
    this.#loop.stop();
  }

  /** One read; true when it succeeded. */
  refresh(): Promise<boolean> {
    return this.#loop.refresh();
  }

  snapshot(): GoalRateSnapshot {
    return this.#snapshot;
  }

  async #read(): Promise<boolean> {
    try {
      const counts = await readGoalCounts(this.#options.db, { now: this.#options.clock.now() });
      this.#snapshot = goalRateSnapshotOf(counts);
      return true;
    } catch (error) {
      this.#options.onError?.(error);
      return false;
    }
  }
}
