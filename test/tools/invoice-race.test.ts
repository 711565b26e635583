/**
 * Identical create_invoice calls racing one another: all read the list before any is created, so
 * all pick the same next number, and the service refuses every POST after the first for that
 * number. The losers are the same request as the winner: they answer already_exists with its
 * invoice, never an advice to correct the input and send again (a model would pick a new number and
 * bill the work twice). Repeated over rounds, since who wins varies.
 */

import { startSandbox } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { connect } from "../helpers/mcp.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { billingData, MUELLER, NORDLICHT } from "./billing-data.js";
import { api, whole } from "./support.js";

const RACERS = 6;
const ROUNDS = 4;

describe("six identical create_invoice calls at once", () => {
  const sandbox = useSandbox();

  it("one draft is created; the five others answer already_exists with it, round after round", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const args = {
        customer: "Kanzlei Weiß",
        netAmount: 700 + round,
        period: `2024-0${round + 1}`,
        notes: `Beratung, Runde ${round}`,
      };
      // Each racer its own session, as six clients (or six retries of a client) would be.
      const racers = await Promise.all(Array.from({ length: RACERS }, () => connect(sandbox())));
      const answers = await Promise.all(racers.map((mcp) => mcp.call("create_invoice", args)));
      await Promise.all(racers.map((mcp) => mcp.close()));

      for (const answer of answers) {
        expect(answer.text).not.toMatch(/correct the input|try again/i);
        expect(answer.isError, answer.text).toBe(false);
      }
      const outcomes = answers.map((a) => a.data.outcome).sort();
      expect(outcomes).toEqual([
        "already_exists",
        "already_exists",
        "already_exists",
        "already_exists",
        "already_exists",
        "created",
      ]);
      const ids = new Set(answers.map((a) => a.data.invoice.id));
      expect(ids.size).toBe(1);
      const stored = whole(await listInvoices(api(sandbox()))).filter((i) => i.notes === args.notes);
      expect(stored).toHaveLength(1);
    }
  });
});

describe("six identical create_invoice calls for all customers at once", () => {
  it("each customer's draft is created once; the others say it exists, round after round", async () => {
    for (let round = 0; round < 3; round++) {
      const sandbox = await startSandbox({
        quiet: true,
        data: billingData(),
        referenceDate: REFERENCE_DATE,
        now: () => REFERENCE_DATE,
        rateLimit: { limit: 1_000_000, windowMs: 60_000 },
      });
      try {
        const before = whole(await listInvoices(api(sandbox))).length;
        const racers = await Promise.all(Array.from({ length: RACERS }, () => connect(sandbox)));
        const answers = await Promise.all(
          racers.map((mcp) =>
            mcp.call("create_invoice", { customers: "all", fromTime: true, period: "Oktober 2026" }),
          ),
        );
        await Promise.all(racers.map((mcp) => mcp.close()));
        for (const answer of answers) {
          expect(answer.text).not.toMatch(/correct the input|failed/i);
          expect(answer.isError, answer.text).toBe(false);
        }
        const stored = whole(await listInvoices(api(sandbox)));
        expect(stored.length - before).toBe(2); // Müller and Nordlicht, once each
        expect(stored.filter((i) => i.customerId === MUELLER && i.status === "draft")).toHaveLength(1);
        expect(stored.filter((i) => i.customerId === NORDLICHT && i.status === "draft")).toHaveLength(1);
      } finally {
        await sandbox.close();
      }
    }
  });
});
