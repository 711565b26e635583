/**
 * Fault injection: make the next matching request(s) fail the way real networks and proxies fail.
 * Faults are consulted before authentication and rate limiting; a "before" fault answers instead of
 * the API, an "after" fault lets the API process the request and then answers instead of it.
 */
export type FaultAction =
  /** Envelope error body with this status; `retryAfter` is sent verbatim as Retry-After. */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** An HTML error page (Content-Type text/html), like a proxy's 502. */
  | { kind: "html"; status: number }
  /** Accept the request and never send headers. */
  | { kind: "hang" }
  /** Send headers and part of a JSON body, then never finish. */
  | { kind: "stall-body"; status?: number }
  /** Destroy the socket without answering. */
  | { kind: "reset" }
  /** 200 JSON whose body is cut in the middle; Content-Length matches what is sent. */
  | { kind: "truncated" }
  /** 200 with valid JSON that is not the envelope; default `{"ok":true}`. */
  | { kind: "not-envelope"; body?: unknown }
  /** 200, JSON content type, body `not json{`. */
  | { kind: "malformed" };

export interface Fault {
  /** Match this method (case-insensitive); default any. */
  method?: string;
  /** Match the path without query: a string matches exactly; default any. */
  path?: string | RegExp;
  /** How many matching requests it applies to; default 1. */
  times?: number;
  /** "before" (default): the request is not processed. "after": it is, then the fault answers. */
  when?: "before" | "after";
  action: FaultAction;
}

export interface FaultInjector {
  add(fault: Fault): void;
  clear(): void;
  /** How many more requests will be faulted (the sum of the remaining `times`). */
  pending(): number;
}

interface Armed {
  fault: Fault;
  remaining: number;
}

export class Faults implements FaultInjector {
  private armed: Armed[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!(times >= 1)) throw new RangeError(`fault times must be at least 1, got ${times}`);
    this.armed.push({ fault, remaining: times });
  }

  clear(): void {
    this.armed = [];
  }

  pending(): number {
    return this.armed.reduce((sum, a) => sum + a.remaining, 0);
  }

  /** The first armed fault matching this request, used up by one; undefined when none matches. */
  take(method: string, path: string): Fault | undefined {
    const hit = this.armed.find((a) => matches(a.fault, method, path));
    if (!hit) return undefined;
    hit.remaining--;
    if (hit.remaining <= 0) this.armed = this.armed.filter((a) => a !== hit);
    return hit.fault;
  }
}

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method !== undefined && fault.method.toUpperCase() !== method.toUpperCase()) return false;
  if (fault.path === undefined) return true;
  return typeof fault.path === "string" ? fault.path === path : new RegExp(fault.path).test(path);
}
