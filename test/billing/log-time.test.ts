import { describe, expect, it } from "vitest";
import { Directory } from "../../src/api/directory.js";
import type { ApiClient } from "../../src/api/errors.js";
import type { BillingContext } from "../../src/billing/context.js";
import { logTime } from "../../src/billing/log-time.js";
import { InputError } from "../../src/domain/input-error.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { billingData, KANZLEI, MUELLER } from "../tools/billing-data.js";

const NOW = () => new Date(REFERENCE_DATE);

/** A context whose service must not be asked: the arguments are refused before. */
const untouched: BillingContext = {
  client: () => {
    throw new Error("the service was asked");
  },
  directory: new Directory(
    () => {
      throw new Error("the service was asked");
    },
    () => REFERENCE_DATE,
  ),
  now: NOW,
  timeZone: "Europe/Berlin",
};

describe("logTime: one entry or entries, never both", () => {
  it("names the single fields given beside entries, before anything is asked", async () => {
    const call = logTime(
      {
        project: "Website Relaunch",
        start: "yesterday 9:00",
        entries: [{ project: "x", start: "today 9:00" }],
      },
      untouched,
    );
    await expect(call).rejects.toThrow(InputError);
    await expect(call).rejects.toThrow("(also given: project, start)");
  });

  it("asks for project and start when neither they nor entries are given", async () => {
    await expect(logTime({ project: "Website Relaunch", duration: "1h" }, untouched)).rejects.toThrow(
      /^Give project and start \(and end or duration\) for one entry/,
    );
  });
});

describe("logTime against the service: what happened, and the invoices that may already bill it", () => {
  const sandbox = useSandbox({ data: billingData() });
  const context = (): BillingContext => {
    const client = clientFor(sandbox(), { maxAttempts: 1 });
    const api = (): ApiClient => client;
    return {
      client: api,
      directory: new Directory(api, () => REFERENCE_DATE),
      now: NOW,
      timeZone: "Europe/Berlin",
    };
  };

  it("creates one entry into a month an invoice bills, and names that invoice and the period to bill it in", async () => {
    // Kanzlei's October is billed by RE-2026-010 (period 1–31 Oct).
    const outcome = await logTime(
      { project: "Mandantenportal", start: "2026-10-08T09:00", end: "11:00", description: "late" },
      context(),
    );
    expect(outcome.kind).toBe("created");
    if (outcome.kind !== "created") return;
    expect([outcome.entry.status, outcome.entry.entry.customerId, outcome.entry.entry.minutes]).toEqual([
      "created",
      KANZLEI,
      120,
    ]);
    expect(outcome.late).toHaveLength(1);
    expect(outcome.late?.[0]).toMatchObject({
      index: 1,
      customerId: KANZLEI,
      period: { start: "2026-10-01", end: "2026-10-31" },
    });
    expect(outcome.late?.[0]?.invoices.map((i) => i.invoiceNumber)).toEqual(["RE-2026-010"]);
  });

  it("finds the same entry again without creating it or checking invoices", async () => {
    const args = {
      project: "Website Relaunch",
      start: "2026-11-18T09:00",
      duration: "45 min",
      description: "A",
    };
    const first = await logTime(args, context());
    expect(first.kind).toBe("created");
    expect(first.kind === "created" && first.late).toEqual([]);
    const again = await logTime(args, context());
    expect(again.kind).toBe("found");
    expect(again.kind === "found" && again.entry.id).toBe(first.kind === "created" && first.entry.id);
  });

  it("refuses an overlap of one entry as a single call's, and a batch's overlap within it as a batch's", async () => {
    await logTime({ project: "Website Relaunch", start: "2026-11-17T09:00", duration: "45 min" }, context());
    const single = await logTime(
      { project: "Website Relaunch", start: "2026-11-17T09:30", duration: "45 min" },
      context(),
    );
    expect(single.kind === "refused" && single.single).toBe(true);
    const batch = await logTime(
      {
        entries: [
          { project: "Markenrelaunch", start: "2026-11-04T09:00", duration: "1h" },
          { project: "Markenrelaunch", start: "2026-11-04T09:30", duration: "1h" },
        ],
      },
      context(),
    );
    expect(batch.kind).toBe("refused");
    if (batch.kind !== "refused") return;
    expect(batch.single).toBe(false);
    expect(batch.refusal.overlaps.map((o) => [o.index, o.problem.kind])).toEqual([[2, "overlaps-entry"]]);
  });

  it("logs a batch entry by entry and checks only the created ones against the invoices", async () => {
    // Kanzlei's October is billed by RE-2026-010: logged before, it is not this call's to report.
    const logged = {
      project: "Mandantenportal",
      start: "2026-10-09T09:00",
      duration: "1h",
      description: "C",
    };
    expect((await logTime(logged, context())).kind).toBe("created");
    const outcome = await logTime(
      {
        entries: [
          logged,
          { project: "Produktkatalog", start: "2026-11-19T09:00", duration: "1h", description: "D" },
        ],
      },
      context(),
    );
    expect(outcome.kind).toBe("batch");
    if (outcome.kind !== "batch") return;
    expect(outcome.logged.entries.map((e) => [e.status, e.entry.customerId])).toEqual([
      ["already_exists", KANZLEI],
      ["created", MUELLER],
    ]);
    expect(outcome.late).toEqual([]);
  });
});
