/**
 * Properties over the receiver's only trust boundary: whatever arrives in X-Service-Signature and
 * in the body, the answer is 401 unless the header is the body's signature; a correctly signed event
 * is 200 and stored, a correctly signed body that is not an event is 400 and not stored, and
 * nothing unsigned is ever stored.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import { deliver, inboxLines, receiver, SECRET } from "./helpers.js";

/** What HTTP lets a header value be (fetch refuses the rest before sending). */
const headerValue = fc
  .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 })
  .map((s) => s.trim());

const event = fc.record({
  event: fc.constantFrom("invoice.created", "invoice.paid", "customer.created", "expense.created"),
  timestamp: fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  data: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
});

/** A valid signature, or something near it, or anything at all. */
const signatureFor = (body: string) =>
  fc.oneof(
    fc.constant(sign(body, SECRET)),
    fc.constant(sign(body, SECRET).toUpperCase()),
    fc.constant(sign(body, "whsec_someone_else")),
    fc.integer({ min: 0, max: 63 }).map((i) => flipDigit(sign(body, SECRET), i)),
    fc.stringMatching(/^[0-9a-f]{63,65}$/),
    headerValue,
  );

describe("random signatures and bodies", () => {
  it("only ever get 200 or 401, and 200 exactly for the right signature", async () => {
    const rx = await receiver();
    const bodyAndHeader = event
      .map((e) => JSON.stringify(e))
      .chain((body) => fc.tuple(fc.constant(body), signatureFor(body)));
    await fc.assert(
      fc.asyncProperty(bodyAndHeader, async ([body, header]) => {
        const { status } = await deliver(rx.url, body, header === "" ? null : header);
        const valid = header.toLowerCase() === sign(body, SECRET);
        expect(status).toBe(valid ? 200 : 401);
      }),
      { numRuns: 100 },
    );
    const stored = await inboxLines(rx.inboxPath);
    expect(stored.length).toBe(rx.stats.stored);
    expect(rx.stats.rejected).toBe(rx.logs().filter((l) => l.status === 401).length);
  });

  it("store nothing when the signature is wrong, whatever the bytes", async () => {
    const rx = await receiver();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), headerValue, async (body, header) => {
        fc.pre(header.toLowerCase() !== sign(body, SECRET));
        const { status } = await deliver(rx.url, body, header === "" ? null : header);
        expect(status).toBe(401);
      }),
      { numRuns: 150 },
    );
    expect(await inboxLines(rx.inboxPath)).toEqual([]);
  });

  it("answer a correctly signed event with 200 and store it, and a signed non-event with 400", async () => {
    const rx = await receiver();
    /** What the API document calls an event: an object with an event name, an ISO timestamp and a data object. */
    const looksLikeEvent = (bytes: Uint8Array) => {
      try {
        const v = JSON.parse(Buffer.from(bytes).toString("utf8"));
        return (
          typeof v === "object" &&
          v !== null &&
          typeof v.event === "string" &&
          /^\d{4}-\d{2}-\d{2}T/.test(String(v.timestamp)) &&
          typeof v.data === "object" &&
          v.data !== null &&
          !Array.isArray(v.data)
        );
      } catch {
        return false;
      }
    };
    const notAnEvent = fc
      .oneof(
        fc.uint8Array({ maxLength: 500 }).map((b) => Buffer.from(b)),
        fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
        event.map((e) => Buffer.from(JSON.stringify({ ...e, data: [e.data] }))),
        event.map((e) => Buffer.from(JSON.stringify({ ...e, timestamp: "yesterday" }))),
      )
      .filter((body) => !looksLikeEvent(body))
      .map((body) => ({ body, expected: 400 }));
    const anEvent = event.map((e) => ({ body: Buffer.from(JSON.stringify(e)), expected: 200 }));
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(anEvent, notAnEvent), async ({ body, expected }) => {
        const before = (await inboxLines(rx.inboxPath)).length;
        const { status } = await deliver(rx.url, body);
        expect(status).toBe(expected);
        const after = (await inboxLines(rx.inboxPath)).length;
        // An event is stored (once: a repeat of the same bytes is a duplicate); a non-event never.
        if (expected === 400) expect(after).toBe(before);
        else expect(after - before).toBeLessThanOrEqual(1);
        stored += after - before;
      }),
      { numRuns: 150 },
    );
    expect(stored).toBeGreaterThan(0);
  });
});

function flipDigit(hex: string, index: number): string {
  const digit = (Number.parseInt(hex[index]!, 16) ^ 0x8).toString(16);
  return hex.slice(0, index) + digit + hex.slice(index + 1);
}
