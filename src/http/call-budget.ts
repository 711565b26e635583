/**
 * One time budget for a whole tool call. A tool may make several requests in turn (look up a name,
 * list, then write), and each one's own budget would add up past the 60 s an MCP client waits.
 * So each tool call gets a CallScope: the first request sets the deadline and every later one
 * shares it.
 *
 * A caller that can show the user it is still alive (an MCP request with a progress token) may
 * wait longer for the rate window: `waiting` carries the longer budget, where to report a wait, and
 * the signal that cancels it.
 *
 * The scope is passed explicitly (ApiClient.forCall, the call's ToolContext), not found through
 * AsyncLocalStorage: on Node 20 an active AsyncLocalStorage turns on promise hooks, which cost
 * every promise of the process something (about a tenth of the hosted server's CPU per call).
 */

/** How a call waits for the rate window: reported (with when the wait ends) and cancellable. */
export interface Waiting {
  /** Replaces the client's own budget: a call that reports its waits may wait this long in all. */
  budgetMs?: number;
  /** Called when a wait starts and again at least every PROGRESS_EVERY_MS while it lasts. */
  onWait?: (untilMs: number) => void;
  /** Aborted when the caller gives up: the wait stops and no request is sent. */
  signal?: AbortSignal;
}

/** A waiting caller hears from us at least this often, so its client does not time out. */
export const PROGRESS_EVERY_MS = 10_000;

/** One tool call's budget: made per call, never shared between calls. */
export class CallScope {
  private deadline: number | undefined;

  constructor(readonly waiting: Waiting = {}) {}

  /**
   * The call's deadline, set by its first request to `now` plus the budget (the call's own, when
   * it reports its waits, else `budgetMs`); the same for every later request.
   */
  deadlineFrom(now: number, budgetMs: number): number {
    this.deadline ??= now + (this.waiting.budgetMs ?? budgetMs);
    return this.deadline;
  }
}

/** Thrown when the caller cancelled while waiting for the rate window. */
export class WaitCancelled extends Error {
  constructor() {
    super("the call was cancelled while it waited for the rate limit");
  }
}

/** `promise`, or a WaitCancelled as soon as `signal` aborts. */
export function unlessCancelled<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new WaitCancelled());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new WaitCancelled());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
