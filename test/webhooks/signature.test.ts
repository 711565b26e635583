/** The signature check: known answers computed outside Node, flipped bits, header shapes, rotation. */
import { describe, expect, it } from "vitest";
import { parseSecrets, sign, verifySignature } from "../../src/webhooks/signature.js";

// Computed once with OpenSSL, independently of this code:
//   printf '%s' "$BODY" | openssl dgst -sha256 -hmac 'whsec_test_4f1c2a'
const BODY =
  '{"event":"invoice.paid","timestamp":"2026-03-18T09:30:00.000Z","data":{"invoiceId":"inv_1","paidAmount":119}}';
const SECRET = "whsec_test_4f1c2a";
const EXPECTED = "ec5bdbd784a3dfc657560d6a03865f0bf920a0995079756d28e8fad1ad984288";

const bytes = (text: string) => Buffer.from(text, "utf8");

describe("sign", () => {
  it("matches the OpenSSL vector", () => {
    expect(sign(BODY, SECRET)).toBe(EXPECTED);
    expect(sign(bytes(BODY), SECRET)).toBe(EXPECTED);
  });

  it("matches RFC 4231 test case 2", () => {
    expect(sign("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});

describe("verifySignature", () => {
  it("accepts the known answer, in either hex case", () => {
    expect(verifySignature(bytes(BODY), EXPECTED, [SECRET])).toBe(true);
    expect(verifySignature(bytes(BODY), EXPECTED.toUpperCase(), [SECRET])).toBe(true);
  });

  it("refuses a body with one bit flipped", () => {
    const body = bytes(BODY);
    for (const index of [0, 40, body.length - 1]) {
      const flipped = Buffer.from(body);
      flipped[index]! ^= 0x01;
      expect(verifySignature(flipped, EXPECTED, [SECRET])).toBe(false);
    }
  });

  it("refuses a signature with one bit flipped", () => {
    for (const index of [0, 31, 63]) {
      const digit = Number.parseInt(EXPECTED[index]!, 16) ^ 0x1;
      const flipped = EXPECTED.slice(0, index) + digit.toString(16) + EXPECTED.slice(index + 1);
      expect(verifySignature(bytes(BODY), flipped, [SECRET])).toBe(false);
    }
  });

  it("refuses the wrong secret", () => {
    expect(verifySignature(bytes(BODY), EXPECTED, ["whsec_other"])).toBe(false);
  });

  it("refuses anything that is not exactly 64 hex characters", () => {
    for (const header of [
      undefined,
      "",
      EXPECTED.slice(0, 63),
      `${EXPECTED}0`,
      ` ${EXPECTED}`,
      `sha256=${EXPECTED}`,
      `${EXPECTED.slice(0, 63)}g`,
      [EXPECTED, EXPECTED],
      `${EXPECTED}, ${EXPECTED}`,
    ]) {
      expect(verifySignature(bytes(BODY), header, [SECRET])).toBe(false);
    }
  });

  it("accepts either secret during a rotation", () => {
    const next = "whsec_next_9a8b7c";
    expect(verifySignature(bytes(BODY), EXPECTED, [next, SECRET])).toBe(true);
    expect(verifySignature(bytes(BODY), sign(BODY, next), [next, SECRET])).toBe(true);
    expect(verifySignature(bytes(BODY), sign(BODY, "whsec_third"), [next, SECRET])).toBe(false);
  });
});

describe("parseSecrets", () => {
  it("reads one or two comma-separated secrets, ignoring spaces", () => {
    expect(parseSecrets("abc")).toEqual(["abc"]);
    expect(parseSecrets(" new , old ")).toEqual(["new", "old"]);
  });

  it("says how to set it when missing, and never repeats a value", () => {
    expect(() => parseSecrets(undefined)).toThrow(/INVOICING_WEBHOOK_SECRET is not set/);
    expect(() => parseSecrets(" , ")).toThrow(/INVOICING_WEBHOOK_SECRET is not set/);
    expect(() => parseSecrets("sec1,sec2,sec3")).toThrow(/at most 2/);
    try {
      parseSecrets("sec1,sec2,sec3");
    } catch (error) {
      expect(String(error)).not.toMatch(/sec1|sec2|sec3/);
    }
  });
});
