/**
 * A fixed-window count per client address, in memory: the authorization page refuses an address
 * past `limit` attempts in `windowMs`, so it cannot be used to guess keys. Each instance counts
 * its own share; behind a balancer an address can make at most `limit` × instances attempts.
 */
export class AddressLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the address is over its limit. */
  take(address: string): boolean {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.forgetOld(now);
      window = { start: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count++;
    return window.count <= this.limit;
  }

  private forgetOld(now: number): void {
    for (const [address, window] of this.windows)
      if (now - window.start >= this.windowMs) this.windows.delete(address);
  }
}
