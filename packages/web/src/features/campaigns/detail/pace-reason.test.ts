import { describe, expect, it } from 'vitest';
import type { BiddingDiagnostics } from '../api/bidding';
import { behindReason } from './pace-reason';

const diagnostics = (
  requests: number,
  steps: BiddingDiagnostics['strategies'][number]['steps'][],
): BiddingDiagnostics => ({
  from: '2026-11-20T11:00:00.000Z',
  to: '2026-11-20T12:00:00.000Z',
  requests,
  sampled: Math.min(requests, 3600),
  strategies: steps.map((list, i) => ({
    id: String(i + 1),
    name: `S${i + 1}`,
    state: 'bidding',
    steps: list,
  })),
});
const step = (name: BiddingDiagnostics['strategies'][number]['steps'][number]['step'], sampled: number) => ({
  step: name,
  label: name === 'country' ? 'Country not targeted' : name,
  sampled,
  estimated: sampled,
});

describe('why a campaign is behind', () => {
  it('names the step most requests stopped at, across the strategies, leaving bids aside', () => {
    expect(behindReason(diagnostics(0, [[]]))).toMatch(/No bid request reached the bidder/);
    expect(behindReason(diagnostics(100, [[], []]))).toMatch(/None of its strategies is live/);
    expect(
      behindReason(diagnostics(100, [[step('outbid', 30), step('country', 20)], [step('price', 5)]])),
    ).toMatch(/bid is too low/);
    expect(
      behindReason(diagnostics(100, [[step('country', 60), step('bid', 90)], [step('outbid', 10)]])),
    ).toBe('Little traffic matches its targeting. Most requests stop at: country not targeted.');
    expect(behindReason(diagnostics(100, [[step('budget', 50)]]))).toMatch(/budget or daily limit/);
    expect(behindReason(diagnostics(100, [[step('bid', 50)]]))).toMatch(/bids on every request it can/);
  });
});
