import { describe, expect, it } from 'vitest';
import { BidDiagnostics } from './bid-diagnostics';

const T0 = Date.parse('2026-11-27T10:00:00Z');

describe('the bidding diagnostics', () => {
  it('diagnose at most one request per interval and count every request', () => {
    const diagnostics = new BidDiagnostics({ sampleIntervalMs: 1_000 });
    expect(diagnostics.noteRequest(T0)).toBe(true);
    expect(diagnostics.noteRequest(T0 + 500)).toBe(false);
    expect(diagnostics.noteRequest(T0 + 999)).toBe(false);
    expect(diagnostics.noteRequest(T0 + 1_000)).toBe(true);
    expect(diagnostics.lastHour([], T0 + 1_000)).toMatchObject({ requests: 4, samples: 0 });
  });

  it('sum each strategy’s steps over the last hour and forget older slots', () => {
    const diagnostics = new BidDiagnostics();
    diagnostics.record(T0, [
      ['1', 'country'],
      ['2', 'bid'],
    ]);
    diagnostics.record(T0 + 30 * 60_000, [
      ['1', 'country'],
      ['1', 'budget'],
    ]);
    const reading = diagnostics.lastHour(['1', '2', '3'], T0 + 30 * 60_000);
    expect(reading.samples).toBe(2);
    expect(Object.fromEntries(reading.strategies.get('1') ?? [])).toEqual({ country: 2, budget: 1 });
    expect(Object.fromEntries(reading.strategies.get('2') ?? [])).toEqual({ bid: 1 });
    expect(reading.strategies.get('3')?.size).toBe(0);
    // Sixty minutes later the first slot has left the window; its ring position is reused by a new slot.
    const later = diagnostics.lastHour(['1', '2'], T0 + 60 * 60_000);
    expect(later.samples).toBe(1);
    expect(Object.fromEntries(later.strategies.get('1') ?? [])).toEqual({ country: 1, budget: 1 });
    expect(later.strategies.get('2')?.size).toBe(0);
    diagnostics.record(T0 + 60 * 60_000, [['2', 'outbid']]);
    expect(
      Object.fromEntries(diagnostics.lastHour(['2'], T0 + 60 * 60_000).strategies.get('2') ?? []),
    ).toEqual({ outbid: 1 });
  });
});
