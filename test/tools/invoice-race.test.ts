/**
 * Identical create_invoice calls racing one another: all read the list before any is created, so
 * all pick the same next number, and the service refuses every POST after the first for that
 * number. The losers are the same request as the winner: they answer already_exists with its
 * invoice, never an advice to correct the input and send again (a model would pick a new number and
 * bill the work twice). Repeated over rounds, since who wins varies.
 */
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
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
