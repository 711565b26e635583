import { describe, expect, it } from "vitest";
import { excerptOf, parseEnvelope } from "../../src/http/envelope.js";

describe("parseEnvelope", () => {
  it("accepts the documented envelope", () => {
    const result = parseEnvelope('{"data":[1],"meta":{"total":1},"error":null}', "application/json");
    expect(result).toEqual({ ok: true, envelope: { data: [1], meta: { total: 1 }, error: null } });
  });
  it("accepts an error envelope", () => {
    const result = parseEnvelope('{"data":null,"meta":null,"error":"Invalid"}', "application/json");
    expect(result.ok && result.envelope.error).toBe("Invalid");
  });
  it.each([
    ["", "the body is empty"],
    ["<html><body><h1>502 Bad Gateway</h1></body></html>", "an HTML page instead of JSON"],
    ['{"data":[1,2', "the body is not valid JSON (cut off or malformed)"],
    ['{"ok":true}', "JSON without the {data, meta, error} envelope"],
    ["[1,2,3]", "JSON without the {data, meta, error} envelope"],
    ['{"data":1,"error":42}', "JSON without the {data, meta, error} envelope"],
  ])("refuses %j", (body, problem) => {
    const result = parseEnvelope(body, "application/json");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toBe(problem);
  });
});

describe("excerptOf", () => {
  it("removes markup, scripts, entities and control characters, and caps the length", () => {
    const html = `<html><head><style>h1{}</style><script>alert("x")</script></head><body><h1>502&nbsp;Bad Gateway</h1>\u202Enginx\u0000</body></html>`;
    expect(excerptOf(html)).toBe("502 Bad Gateway nginx");
    const long = excerptOf("x".repeat(500));
    expect(long.length).toBe(120);
    expect(long.endsWith("…")).toBe(true);
  });
});
