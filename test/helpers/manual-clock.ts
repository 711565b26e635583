/**
 * A clock for the API client (src/http/clock.ts) that stands still until the test moves it. Time
 * moves only when everything the client waits for is time itself: a pause (backoff, Retry-After,
 * the rate window), or the timeout of a request the service is known never to answer. A request
 * still under way, however slow on a busy machine, never sees its timeout fire, so what a test
 * checks does not depend on the machine's load.
 */
import type { Clock } from "../../src/http/clock.js";

interface Pending {
  at: number;
  kind: "sleep" | "timeout";
  fire: () => void;
}

export class ManualClock implements Clock {
  private time: number;
  private pending: Pending[] = [];
  /** Request timeouts that have fired: each was a request that never got an answer. */
  private timeoutsFired = 0;

  constructor(start: number) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  readonly sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.schedule({ at: this.time + ms, kind: "sleep", fire: resolve });
    });

  readonly timer = (ms: number, fire: () => void): (() => void) => {
    const entry: Pending = { at: this.time + ms, kind: "timeout", fire };
    this.schedule(entry);
    return () => {
      this.pending = this.pending.filter((p) => p !== entry);
    };
  };

  /** Moves time forward by `ms`, firing in order whatever falls due on the way. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = this.pending[0];
      if (!next || next.at > until) break;
      this.fireNext();
    }
    this.time = until;
  }

  /**
   * Settles `call` while moving time whenever it can only be waiting for time: every request timeout
   * pending belongs to a request the service hung (`hung()` counts those the service has seen so
   * far). Returns the result, and how much of the clock's time the call took.
   */
  async drive<T>(call: Promise<T>, hung: () => number = () => 0): Promise<{ value: T; elapsed: number }> {
    const started = this.time;
    let settled = false;
    const done = call.finally(() => {
      settled = true;
    });
    done.catch(() => undefined);
    while (!settled) {
      // Lets I/O and the other cells run; how long this takes decides nothing, only what it finds.
      await new Promise((resolve) => setTimeout(resolve, 1));
      const timeouts = this.pending.filter((p) => p.kind === "timeout").length;
      const unanswered = hung() - this.timeoutsFired;
      if (this.pending.length > 0 && timeouts <= unanswered) this.fireNext();
    }
    return { value: await done, elapsed: this.time - started };
  }

  private schedule(entry: Pending): void {
    // Stable: of two due at the same time, the one scheduled first fires first.
    const index = this.pending.findIndex((p) => p.at > entry.at);
    if (index === -1) this.pending.push(entry);
    else this.pending.splice(index, 0, entry);
  }

  private fireNext(): void {
    const next = this.pending.shift();
    if (!next) return;
    this.time = Math.max(this.time, next.at);
    if (next.kind === "timeout") this.timeoutsFired += 1;
    next.fire();
  }
}
