/**
 * Why a campaign is behind today's expected spend, in words, from the bidding dialog's figures (the steps where
 * the last hour's bid requests stopped, docs/engine.md "Bidding diagnostics"): no traffic, a bid too low, a
 * budget or limit reached, the targeting or caps, or strategies that are not live.
 */
import type { DiagnosticStep } from '@beacon/domain/dictionary/bidding-steps';
import type { BiddingDiagnostics } from '../api/bidding';

const TOO_LOW: ReadonlySet<DiagnosticStep> = new Set(['outbid', 'price']);

export const behindReason = (diagnostics: BiddingDiagnostics): string => {
  if (diagnostics.requests === 0) return 'No bid request reached the bidder in the last hour.';
  const totals = new Map<DiagnosticStep, { count: number; label: string }>();
  for (const strategy of diagnostics.strategies) {
    for (const step of strategy.steps) {
      const total = totals.get(step.step) ?? { count: 0, label: step.label };
      total.count += step.sampled;
      totals.set(step.step, total);
    }
  }
  if (totals.size === 0) return 'None of its strategies is live in the bidder, so no request reaches them.';
  const [top] = [...totals].filter(([step]) => step !== 'bid').sort((a, b) => b[1].count - a[1].count);
  if (top === undefined)
    return 'It bids on every request it can; few of those requests were won or shown yet.';
  const [step, { label }] = top;
  if (TOO_LOW.has(step))
    return 'The bid is too low: most auctions it could buy went to a higher bid or floor.';
  if (step === 'budget') return 'A budget or daily limit is reached.';
  if (step === 'pacing') return 'Pacing holds it back to spread the budget over the day.';
  if (step === 'frequency_cap') return 'Frequency caps stop most of the requests it could buy.';
  return `Little traffic matches its targeting. Most requests stop at: ${label.toLowerCase()}.`;
};
