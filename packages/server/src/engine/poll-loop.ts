/**
 * A read done at once and then every interval until stopped, never two at a time: the strategy index
 * (index-store.ts), the bidder state (bidder.ts) and the goal rates (goal-rates.ts) poll the database this way.
 * Their reads catch their own failures (each fails closed or keeps what it had), so a read never rejects.
 */

/** A timer a loop can be given, so that tests run polls without real time. */
export type PollTimer = {
  readonly set: (callback: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
};

export const realTimer: PollTimer = {
  set: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // The poll alone never keeps the process alive.
    handle.unref();
    return handle;
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PollLoop<T> {
  readonly #read: () => Promise<T>;
  readonly #intervalMs: number;
  readonly #timer: PollTimer;
  #handle: unknown = null;
  #running = false;
  #inFlight: Promise<T> | null = null;

  constructor(read: () => Promise<T>, options: { readonly intervalMs: number; readonly timer?: PollTimer }) {
    this.#read = read;
    this.#intervalMs = options.intervalMs;
    this.#timer = options.timer ?? realTimer;
  }

  /** Reads once, then every interval until `stop()`. */
  async start(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    await this.refresh();
    this.#schedule();
  }

  stop(): void {
    this.#running = false;
    if (this.#handle !== null) this.#timer.clear(this.#handle);
    this.#handle = null;
  }

  /** One read now; a caller asking while one runs shares it. */
  refresh(): Promise<T> {
    this.#inFlight ??= this.#read().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  #schedule(): void {
    if (!this.#running) return;
    this.#handle = this.#timer.set(() => {
      this.#handle = null;
      void this.refresh().finally(() => this.#schedule());
    }, this.#intervalMs);
  }
}
