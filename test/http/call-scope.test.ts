/**
 * One budget per tool call, passed explicitly: the client of a call (`forCall`) and the directory
 * of a call's context (`contextForCall`) share the deadline its first request set, and wait as
 * the call allows. A rate window (one or two requests per 10 s, the sandbox's and our governor's,
 * on one clock that moves only when the code sleeps) makes the deadline visible: a request the
 * window admits too late for it is refused before it is sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../src/config/load.js";
import { CallScope, WaitCancelled, type Waiting } from "../../src/http/call-budget.js";
import { RateLimitedError } from "../../src/http/errors.js";
import { RateGovernor } from "../../src/http/governor.js";
import { contextForCall, createToolContext } from "../../src/mcp/context.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const anyData = z.unknown();
const INVOICES = "/api/v1/invoices";
const CUSTOMERS = "/api/v1/customers";
const WINDOW_MS = 10_000;
/** A third of it, 5 s, is what an attempt keeps of the budget: a request admitted later is refused. */
const BUDGET_MS = 15_000;

/** The time of the sandboxes and of every client here: it moves when the code under test sleeps. */
let time = REFERENCE_DATE;
function clock() {
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
    time += ms;
  };
  return { sleeps, sleep, now: () => time };
}

/** A sandbox admitting `limit` requests per window, where each test starts in a new window. */
function useLimitedSandbox(limit: number) {
  const sandbox = useSandbox({ now: () => time, rateLimit: { limit, windowMs: WINDOW_MS } });
  beforeEach(() => {
    time += 2 * WINDOW_MS;
  });
  afterEach(() => sandbox().faults.clear());
  /** A client whose governor (new, so empty) admits as many, and its clock. */
  const limited = () => {
    const own = clock();
    const governor = new RateGovernor({ ...own, limit, windowMs: WINDOW_MS });
    return { clock: own, client: clientFor(sandbox(), { ...own, governor, budgetMs: BUDGET_MS }) };
  };
  return { sandbox, limited, sent: () => sandbox().requests.length };
}

describe("one tool call's budget, passed explicitly", () => {
  const { sandbox, limited, sent } = useLimitedSandbox(1);

  it("outside a call, every request has its own budget from when it starts", async () => {
    const { clock, client } = limited();
    await client.get(CUSTOMERS, anyData);
    await clock.sleep(4_000);
    const before = sent();
    // The window opens again at +10 s, before this request's own deadline (+19 s, less 5 s).
    await client.get(CUSTOMERS, anyData);
    expect(sent()).toBe(before + 1);
  });

  it("the requests of one call share the deadline its first request set; the next call gets its own", async () => {
    const { clock, client } = limited();
    const first = client.forCall(new CallScope());
    await first.get(CUSTOMERS, anyData);
    await clock.sleep(4_000);
    const before = sent();
    // The window opens at +10 s; the call's deadline is +15 s, less the 5 s an attempt keeps: too late.
    expect(await caught(first.get(CUSTOMERS, anyData))).toBeInstanceOf(RateLimitedError);
    expect(sent()).toBe(before);
    // A new call starting now (+4 s) has until +19 s: it waits for the window and is sent.
    await client.forCall(new CallScope()).get(CUSTOMERS, anyData);
    expect(sent()).toBe(before + 1);
  });

  it("a caller that reports its waits waits with its own budget for the governor's window, and hears until when", async () => {
    const { clock, client } = limited();
    const waits: number[] = [];
    const call = client.forCall(new CallScope({ budgetMs: 60_000, onWait: (until) => waits.push(until) }));
    const start = clock.now();
    await call.get(CUSTOMERS, anyData);
    await clock.sleep(4_000);
    const before = sent();
    await call.get(CUSTOMERS, anyData);
    expect(sent()).toBe(before + 1);
    expect(waits).toEqual([start + WINDOW_MS + 1]);
  });

  it("a cancelled wait for the governor's window sends nothing", async () => {
    const { client } = limited();
    const call = client.forCall(new CallScope(cancelledOnFirstWait({ budgetMs: 60_000 })));
    await call.get(CUSTOMERS, anyData);
    const before = sent();
    await expect(call.get(CUSTOMERS, anyData)).rejects.toBeInstanceOf(WaitCancelled);
    expect(sent()).toBe(before);
  });

  describe("a 429 asking to wait 20 s, more than the client's own budget", () => {
    const rateLimited = () =>
      sandbox().faults.add({ path: CUSTOMERS, action: { kind: "status", status: 429, retryAfter: "20" } });

    it("fails a call that does not report its waits at once", async () => {
      rateLimited();
      const call = limited().client.forCall(new CallScope());
      const before = sent();
      expect(await caught(call.get(CUSTOMERS, anyData))).toBeInstanceOf(RateLimitedError);
      expect(sent()).toBe(before + 1);
    });

    it("is waited for, and reported, by a call that reports its waits", async () => {
      rateLimited();
      const { clock, client } = limited();
      const waits: number[] = [];
      const call = client.forCall(new CallScope({ budgetMs: 60_000, onWait: (until) => waits.push(until) }));
      const [start, before] = [clock.now(), sent()];
      await call.get(CUSTOMERS, anyData);
      expect(sent()).toBe(before + 2);
      expect(waits).toEqual([start + 20_000]);
      expect(clock.sleeps).toEqual([20_000]);
    });

    it("is cancelled with the call: nothing is sent again", async () => {
      rateLimited();
      const call = limited().client.forCall(new CallScope(cancelledOnFirstWait({ budgetMs: 60_000 })));
      const before = sent();
      await expect(call.get(CUSTOMERS, anyData)).rejects.toBeInstanceOf(WaitCancelled);
      expect(sent()).toBe(before + 1);
    });
  });
});

describe("two calls at once on one tenant's context", () => {
  const { sandbox, limited, sent } = useLimitedSandbox(2);

  it("keep their own deadlines, and share the directory's caches", async () => {
    const { clock, client } = limited();
    const config = loadConfig({ INVOICING_BASE_URL: sandbox().url, INVOICING_API_KEY: sandbox().keys.demo });
    const tenant = createToolContext(config, { client, now: () => new Date(clock.now()) });
    const a = contextForCall(tenant, new CallScope());
    const b = contextForCall(tenant, new CallScope());
    expect(a).not.toBe(tenant);
    expect(a.client()).not.toBe(tenant.client());
    expect(a.client()).toBe(a.client());
    expect(a.directory.session).toBe(tenant.directory.session);

    await a.client().get(INVOICES, anyData); // +0 s: A's deadline is +15 s; its slot frees at +10 s
    await clock.sleep(4_000);
    await b.directory.customerList(); // +4 s: B's deadline is +19 s; the window is now full
    const before = sent();
    // A's directory asks under A's deadline: the window opens at +10 s, after A's +15 s less 5 s.
    expect(await caught(a.directory.projectList())).toBeInstanceOf(RateLimitedError);
    expect(sent()).toBe(before);
    // B's next request waits for that slot, within its own deadline.
    await b.client().get(INVOICES, anyData);
    expect(sent()).toBe(before + 1);
    // What B's directory fetched, A's finds cached, and so does the shared context's.
    await a.directory.customerList();
    await tenant.directory.customerList();
    expect(sent()).toBe(before + 1);
  });
});

/** `waiting` whose caller gives up as soon as it hears of a wait. */
function cancelledOnFirstWait(waiting: Waiting): Waiting {
  const controller = new AbortController();
  return { ...waiting, signal: controller.signal, onWait: () => controller.abort() };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}
