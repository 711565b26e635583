/**
 * Properties over the receiver's only trust boundary: whatever arrives in X-Service-Signature and
 * in the body, the answer is 200 or 401 (400 only for a correctly signed body that is not an event),
 * 200 exactly when the header is the body's signature, and nothing unsigned is ever stored.
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

  it("answer a correctly signed body with 200 or 400, never anything else", async () => {
    const rx = await receiver();
    const anyBody = fc.oneof(
      fc.uint8Array({ maxLength: 500 }).map((b) => Buffer.from(b)),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
      event.map((e) => Buffer.from(JSON.stringify(e))),
    );
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const { status } = await deliver(rx.url, body);
        expect([200, 400]).toContain(status);
      }),
      { numRuns: 150 },
    );
  });
});

function flipDigit(hex: string, index: number): string {
  const digit = (Number.parseInt(hex[index]!, 16) ^ 0x8).toString(16);
  return hex.slice(0, index) + digit + hex.slice(index + 1);
}
