/**
 * The tool calls running right now, so a stopping server can let them finish and answer, and name
 * any write it had to abandon (its outcome is then unknown to the person who asked for it).
 */
export interface RunningCall {
  tool: string;
  kind: "read" | "write";
  /** For a write: the list tool that shows whether it happened. */
  verifyWith: string | undefined;
}

export class InFlightCalls {
  private readonly running = new Set<RunningCall>();
  private readonly waiters = new Set<() => void>();

  /** Runs `work` as one call in flight. */
  async track<T>(call: RunningCall, work: () => Promise<T>): Promise<T> {
    this.running.add(call);
    try {
      return await work();
    } finally {
      this.running.delete(call);
      if (this.running.size === 0) for (const wake of this.waiters) wake();
    }
  }

  get calls(): RunningCall[] {
    return [...this.running];
  }

  /** Resolves true once no call is running, or false when `ms` pass first. */
  idle(ms: number): Promise<boolean> {
    if (this.running.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (idle: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(idle);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.waiters.add(wake);
    });
  }
}
