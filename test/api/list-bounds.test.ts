/**
 * listAll against any list that does not end (a claimed total far above what could be read, every
 * page new ids, any page size, any record size), with small bounds: it always stops, says why, and
 * never reads more than one page past its bound in records or in bytes. A list that ends within the
 * bounds is still read whole.
 */
import { createServer, type Server } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listAll } from "../../src/api/list.js";
import { ApiClient } from "../../src/http/client.js";
import { RateGovernor } from "../../src/http/governor.js";

const SEED = 20261125;
const item = z.object({ _id: z.string(), note: z.string() });

interface Shape {
  perPage: number;
  noteLength: number;
  /** What meta.total says; the pages never run out before it. */
  claimed: number;
}

describe("listAll bounds what one call reads", () => {
  let server: Server;
  let url = "";
  let shape: Shape = { perPage: 1, noteLength: 0, claimed: 1 };
  let served = { pages: 0, bytes: 0, largestPage: 0 };
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      served.pages += 1;
      const page = served.pages;
      const data = Array.from({ length: shape.perPage }, (_, i) => ({
        _id: `p${page}-${i}`,
        note: "n".repeat(shape.noteLength),
      }));
      const body = JSON.stringify({ data, meta: { total: shape.claimed }, error: null });
      served.bytes += Buffer.byteLength(body);
      served.largestPage = Math.max(served.largestPage, Buffer.byteLength(body));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = () =>
    new ApiClient({
      baseUrl: url,
      apiKey: "k_bounds_0123456789",
      governor: new RateGovernor({ limit: 10_000 }),
    });

  it("a list that never ends stops at a bound in records or bytes, and says so", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          perPage: fc.integer({ min: 1, max: 300 }),
          noteLength: fc.integer({ min: 0, max: 2_000 }),
          claimed: fc.integer({ min: 1_000_000, max: 1_000_000_000 }),
        }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1_000, max: 400_000 }),
        async (given, maxRecords, maxBytes) => {
          shape = given;
          served = { pages: 0, bytes: 0, largestPage: 0 };
          const api = client();
          try {
            const list = await listAll(api, "/api/v1/things", item, {}, { maxRecords, maxBytes });
            expect(list.complete).toBe(false);
            if (list.complete) return;
            expect(list.reason).toMatch(/more than one call reads/);
            expect(list.total).toBe(given.claimed);
            // At most one page past a bound: the page that crossed it.
            expect(list.itemsRead.length).toBeLessThan(maxRecords + given.perPage);
            expect(served.bytes).toBeLessThan(maxBytes + served.largestPage);
          } finally {
            await api.close();
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  }, 120_000);

  it("a list that ends within the bounds is read whole", async () => {
    shape = { perPage: 20, noteLength: 10, claimed: 200 };
    served = { pages: 0, bytes: 0, largestPage: 0 };
    const api = client();
    try {
      const list = await listAll(api, "/api/v1/things", item, {}, { maxRecords: 200, maxBytes: 1_000_000 });
      expect(list.complete).toBe(true);
      if (list.complete) expect(list.items).toHaveLength(200);
    } finally {
      await api.close();
    }
  });
});
