/**
 * What the bidder asks of the delivery counters (docs/engine.md): it records each bid, reads a strategy's
 * delivery for the CTR it predicts, and asks whether a strategy may still spend. The counters
 * (delivery-counters.ts) implement it: in memory in the embedded default, flushed into the hourly rollups.
 */
import type { AuctionTicket } from './event-ticket';
import type { CampaignDay } from './pacing';
import type { CompiledStrategy, StrategyStats } from './strategy-index';

export type DeliverySink = {
  /** A bid was made: counted into `bids` of its rollup row (and, with shared budgets, taken from its float). */
  readonly recordBid: (ticket: AuctionTicket, now: Date) => void;
  /**
   * Shared budgets (decision 052): a bid about to be sent takes its most possible cost from its float at once,
   * before the bidder waits for its caps; `recordBid` then does not take it again, and `releaseBid` gives it back
   * when the bid is not sent after all.
   */
  readonly holdBid?: (ticket: AuctionTicket) => void;
  readonly releaseBid?: (ticket: AuctionTicket) => void;
  /** The strategy's impressions and clicks so far (CTR learning, price.ts). */
  readonly strategyStats: (strategyId: string) => StrategyStats;
  /**
   * False once the campaign's or the strategy's daily or lifetime budget (or daily impression or click cap)
   * is reached, so that at most one bid more is spent; also false while the counters cannot be trusted
   * (their state could not be read): the bidder fails closed.
   */
  readonly mayBid: (strategy: CompiledStrategy, now: Date) => boolean;
  /** What the strategy's campaign has delivered today (its local day) and spent before: pacing reads it. */
  readonly campaignDay: (strategy: CompiledStrategy, now: Date) => CampaignDay;
};
