import { describe, expect, it } from 'vitest';
import type { TBid, TImp } from '../engine/openrtb';
import { checkBid, drawCompetitorBids, runAuction } from './auction';
import { createRandom } from './random';

const bid = (values: Partial<TBid>): TBid => ({ id: 'b1', impid: '1', price: 2.5, ...values });
const OPEN: TImp = { id: '1', bidfloor: 1.2, bidfloorcur: 'USD' };
const DEALS: TImp = {
  id: '1',
  bidfloor: 0.5,
  pmp: { private_auction: 1, deals: [{ id: 'D1', bidfloor: 3 }] },
};
const USD = { currency: 'USD', responseCurrency: 'USD' };

describe('checking a bid as the exchange does', () => {
  it('takes a bid at or above the floor, in micros', () => {
    expect(checkBid(bid({}), [OPEN], USD)).toEqual({
      ok: true,
      priceMicros: 2_500_000n,
      floorMicros: 1_200_000n,
    });
    expect(
      checkBid(bid({ price: 1.2 }), [OPEN], { currency: 'USD', responseCurrency: undefined }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('sets aside a bid under the floor, for another impression, at no price or in another currency', () => {
    expect(checkBid(bid({ price: 1.19 }), [OPEN], USD)).toEqual({ ok: false, reason: 'below_floor' });
    expect(checkBid(bid({ impid: '2' }), [OPEN], USD)).toEqual({ ok: false, reason: 'unknown_impression' });
    expect(checkBid(bid({ price: 0 }), [OPEN], USD)).toEqual({ ok: false, reason: 'bad_price' });
    expect(checkBid(bid({ price: -1 }), [OPEN], USD)).toEqual({ ok: false, reason: 'bad_price' });
    expect(checkBid(bid({}), [OPEN], { currency: 'USD', responseCurrency: 'EUR' })).toEqual({
      ok: false,
      reason: 'wrong_currency',
    });
  });

  it("uses the deal's floor through a deal, and takes only deal bids in a private auction", () => {
    expect(checkBid(bid({ dealid: 'D1', price: 3 }), [DEALS], USD)).toEqual({
      ok: true,
      priceMicros: 3_000_000n,
      floorMicros: 3_000_000n,
      dealId: 'D1',
    });
    expect(checkBid(bid({ dealid: 'D1', price: 2.99 }), [DEALS], USD)).toEqual({
      ok: false,
      reason: 'below_floor',
    });
    expect(checkBid(bid({ dealid: 'D9' }), [DEALS], USD)).toEqual({ ok: false, reason: 'unknown_deal' });
    expect(checkBid(bid({ price: 9 }), [DEALS], USD)).toEqual({ ok: false, reason: 'not_in_deal' });
  });
});

describe('the auction', () => {
  it('first price: the winner pays its bid; a tie goes to the competitor', () => {
    const base = { auctionType: 1 as const, floorMicros: 1_000_000n };
    expect(runAuction({ ...base, ourMicros: 2_500_000n, competitors: [2_000_000n, 1_500_000n] })).toEqual({
      won: true,
      clearingMicros: 2_500_000n,
    });
    expect(runAuction({ ...base, ourMicros: 2_000_000n, competitors: [2_000_000n] })).toEqual({
      won: false,
      winningMicros: 2_000_000n,
    });
  });

  it('second price: the higher of the best other bid and the floor, plus 0.01, never above the bid', () => {
    const base = { auctionType: 2 as const, ourMicros: 2_500_000n };
    expect(runAuction({ ...base, floorMicros: 1_000_000n, competitors: [1_800_000n, 1_200_000n] })).toEqual({
      won: true,
      clearingMicros: 1_810_000n,
    });
    expect(runAuction({ ...base, floorMicros: 2_000_000n, competitors: [] })).toEqual({
      won: true,
      clearingMicros: 2_010_000n,
    });
    expect(runAuction({ ...base, floorMicros: 0n, competitors: [2_495_000n] })).toEqual({
      won: true,
      clearingMicros: 2_500_000n,
    });
    expect(runAuction({ ...base, floorMicros: 0n, competitors: [2_600_000n] })).toEqual({
      won: false,
      winningMicros: 2_600_000n,
    });
  });

  it('draws competitor bids around the reference, never under the floor, highest first', () => {
    const random = createRandom(11);
    const all: bigint[] = [];
    for (let i = 0; i < 2000; i += 1) {
      const bids = drawCompetitorBids(random, {
        referenceMicros: 1_000_000n,
        floorMicros: 1_000_000n,
        bidders: 5,
      });
      expect([...bids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(bids);
      for (const value of bids) expect(value).toBeGreaterThanOrEqual(1_000_000n);
      all.push(...bids);
    }
    // 5 bidders × 60 % participation, about 70 % of draws above the floor: about 2 bids per auction.
    expect(all.length / 2000).toBeGreaterThan(1.6);
    expect(all.length / 2000).toBeLessThan(2.6);
    const sorted = all.map(Number).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(1_200_000);
    expect(median).toBeLessThan(2_000_000);
  });
});
