/**
 * A list that never ends: a service that claims a billion invoices and answers every page with
 * 40,000 new ones. The built server (the bin, over stdio, in its own process) reads it up to its
 * bound in records and bytes, then answers that the list is incomplete and sums nothing, and its
 * peak resident set (VmHWM, Linux) stays under the 600 MiB the issue sets for any single call.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LIST_BYTES, MAX_LIST_RECORDS } from "../../src/api/list.js";
import { StdioSession } from "../helpers/stdio.js";

const KEY = "k_endless_0123456789";
const CLAIMED = 1_000_000_000;
const GOAL_MIB = 600;

/**
 * What the peer hands out on every page: many small invoices (the record bound ends it), or fewer
 * with long notes, just under the 8 MiB an answer may have (the byte bound ends it).
 */
let shape = { perPage: 40_000, notes: "" };

/** One page of invoices never seen before, built as text (the peer's own memory is not measured). */
function pageBody(page: number): string {
  const rows: string[] = [];
  const notes = shape.notes === "" ? "" : `,"notes":"${shape.notes}"`;
  for (let i = 0; i < shape.perPage; i++) {
    rows.push(
      `{"_id":"p${page}x${i}","invoiceNumber":"RE-${page}-${i}","customerId":"c1","invoiceDate":1780000000000,"netAmount":100,"status":"sent","taxRate":19,"taxAmount":19,"grossAmount":119${notes}}`,
    );
  }
  return `{"data":[${rows.join(",")}],"meta":{"total":${CLAIMED}},"error":null}`;
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]);
  return Math.round(kib / 1024);
}

describe("a service whose invoice list never ends", () => {
  let server: Server;
  let url = "";
  let pages = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      const path = new URL(req.url ?? "/", "http://peer").pathname;
      res.writeHead(200, { "content-type": "application/json" });
      if (path === "/api/v1/invoices") {
        pages += 1;
        res.end(pageBody(pages));
      } else if (path === "/api/v1/customers") {
        res.end(
          JSON.stringify({ data: [{ _id: "c1", name: "Müller GmbH" }], meta: { total: 1 }, error: null }),
        );
      } else {
        res.end(JSON.stringify({ data: [], meta: { total: 0 }, error: null }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each([
    ["40,000 small invoices a page", { perPage: 40_000, notes: "" }],
    [
      "1,800 invoices with 4,400 characters of notes a page",
      { perPage: 1_800, notes: "Leistung ".repeat(490) },
    ],
  ])(
    "%s: list_invoices stops at its bound, says the list is incomplete, sums nothing, and stays under 600 MiB",
    async (_, given) => {
      shape = given;
      pages = 0;
      const session = new StdioSession([], { INVOICING_API_KEY: KEY, INVOICING_BASE_URL: url });
      try {
        await session.initialize();
        // The call's own budget is 45 s; the answer arrives within it.
        const answer = await session.request(
          "tools/call",
          { name: "list_invoices", arguments: { limit: 5 } },
          90_000,
        );
        const peak = peakRssMiB(session.child.pid ?? 0);
        const result = answer.result as {
          isError?: boolean;
          structuredContent: { complete: boolean; sums: unknown; invoices: unknown[] };
          content: { text: string }[];
        };
        const text = result.content.map((c) => c.text).join("\n");
        process.stderr.write(`endless list: ${pages} pages read, peak RSS of the server ${peak} MiB\n`);
        expect(result.isError, text).toBeFalsy();
        expect(result.structuredContent.complete).toBe(false);
        expect(result.structuredContent.sums).toBeNull();
        expect(result.structuredContent.invoices).toHaveLength(5);
        expect(text).toMatch(/Only \d+ of 1000000000 invoices could be read \(.*more than one call reads/);
        expect(text).not.toMatch(/All \d+ together/);
        // Stopped at a bound: no page fetched once the records or bytes read reached it.
        const pageBytes = Buffer.byteLength(pageBody(1));
        expect(pages).toBeLessThanOrEqual(
          Math.min(Math.ceil(MAX_LIST_RECORDS / given.perPage), Math.ceil(MAX_LIST_BYTES / pageBytes)),
        );
        expect(peak).toBeLessThan(GOAL_MIB);
      } finally {
        session.child.kill("SIGKILL");
        await session.exited;
      }
    },
    120_000,
  );
});
