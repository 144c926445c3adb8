/**
 * "Why is this not bidding" (docs/engine.md "Bidding diagnostics"): about once a second the bidder takes the
 * request it just answered and asks every strategy of its index where that request stopped it (the first
 * targeting rule that refused it, the budget, the frequency cap, the creative, the price against the floor) or
 * whether it was outbid or bid. The counts are kept in memory per strategy, in five-minute slots over the last
 * hour, with the number of requests the bidder received meanwhile, so that a sampled count can be read as an
 * estimate of the requests refused.
 */
import { DIAGNOSTIC_STEPS, type DiagnosticStep } from '@beacon/domain/dictionary/bidding-steps';

export { DIAGNOSTIC_STEPS, type DiagnosticStep };

const STEP_INDEX: ReadonlyMap<DiagnosticStep, number> = new Map(DIAGNOSTIC_STEPS.map((step, i) => [step, i]));

/** How often a request is diagnosed: at most one per interval, the first after it. */
export const DEFAULT_SAMPLE_INTERVAL_MS = 1_000;
const SLOT_MS = 5 * 60_000;
/** Twelve five-minute slots: the last hour, the current slot included. */
const SLOTS = 12;

type Slot = {
  /** The slot's start (ms since the epoch, a multiple of SLOT_MS). */
  start: number;
  requests: number;
  samples: number;
  /** Per strategy, the count of each step (DIAGNOSTIC_STEPS order). */
  readonly counts: Map<string, Uint32Array>;
};

export type DiagnosticsReading = {
  /** The window read: from the oldest slot's start to now. */
  readonly from: Date;
  readonly to: Date;
  /** Requests the bidder received in the window, and how many of them were diagnosed. */
  readonly requests: number;
  readonly samples: number;
  /** Per strategy asked for, the sampled count of each step it met (steps with no count left out). */
  readonly strategies: ReadonlyMap<string, ReadonlyMap<DiagnosticStep, number>>;
};

export class BidDiagnostics {
  readonly #sampleIntervalMs: number;
  readonly #slots: (Slot | undefined)[] = Array.from({ length: SLOTS }, () => undefined);
  #nextSampleAt = 0;

  constructor(options: { sampleIntervalMs?: number } = {}) {
    this.#sampleIntervalMs = options.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS;
  }

  #slotAt(now: number): Slot {
    const start = now - (now % SLOT_MS);
    const at = Math.floor(start / SLOT_MS) % SLOTS;
    let slot = this.#slots[at];
    if (slot === undefined || slot.start !== start) {
      slot = { start, requests: 0, samples: 0, counts: new Map() };
      this.#slots[at] = slot;
    }
    return slot;
  }

  /** Counts a request the bidder received; true when it is the one to diagnose now. */
  noteRequest(now: number): boolean {
    this.#slotAt(now).requests += 1;
    if (now < this.#nextSampleAt) return false;
    this.#nextSampleAt = now + this.#sampleIntervalMs;
    return true;
  }

  /** What a diagnosed request met: the step each strategy of the index stopped at (or bid, or was outbid). */
  record(now: number, steps: Iterable<readonly [strategyId: string, step: DiagnosticStep]>): void {
    const slot = this.#slotAt(now);
    slot.samples += 1;
    for (const [strategyId, step] of steps) {
      let counts = slot.counts.get(strategyId);
      if (counts === undefined) {
        counts = new Uint32Array(DIAGNOSTIC_STEPS.length);
        slot.counts.set(strategyId, counts);
      }
      const index = STEP_INDEX.get(step);
      if (index !== undefined) counts[index] = (counts[index] ?? 0) + 1;
    }
  }

  /** The last hour for some strategies. */
  lastHour(strategyIds: readonly string[], now: number): DiagnosticsReading {
    const oldest = now - (now % SLOT_MS) - (SLOTS - 1) * SLOT_MS;
    const live = this.#slots.filter((slot): slot is Slot => slot !== undefined && slot.start >= oldest);
    const strategies = new Map<string, Map<DiagnosticStep, number>>();
    for (const id of strategyIds) {
      const steps = new Map<DiagnosticStep, number>();
      for (const slot of live) {
        const counts = slot.counts.get(id);
        if (counts === undefined) continue;
        counts.forEach((count, i) => {
          const step = DIAGNOSTIC_STEPS[i];
          if (count > 0 && step !== undefined) steps.set(step, (steps.get(step) ?? 0) + count);
        });
      }
      strategies.set(id, steps);
    }
    return {
      from: new Date(oldest),
      to: new Date(now),
      requests: live.reduce((sum, slot) => sum + slot.requests, 0),
      samples: live.reduce((sum, slot) => sum + slot.samples, 0),
      strategies,
    };
  }
}
