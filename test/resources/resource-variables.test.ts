/**
 * A resource address whose variable the tool cannot take (a year that is no year, a period of 5,000
 * characters, a period outside the years read) is invalid params (-32602) with the tool's own
 * reason, never "Unexpected internal error". Input quoted back is cleaned; an error that is a bug
 * is logged with its cause, since its answer only points to the log.
 */
import { ProtocolError } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { RateGovernor } from "../../src/http/governor.js";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

async function refusal(read: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  const { code, message } = error as ProtocolError;
  return { code, message };
}

describe("resource variables the tool cannot take", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  const read = (uri: string) => mcp().client.readResource({ uri });

  it.each([
    ["a year that is no year", "invoicing://reports/eur/abc", /Could not read "abc" as a year/],
    ["a year out of range", "invoicing://reports/eur/1850", /years from 2000 to 2100 are supported/],
    [
      "a period of 5,000 characters",
      `invoicing://reports/vat/${"x".repeat(5000)}`,
      /period: too long \(at most 100 characters\)/,
    ],
    ["Q1 0050", "invoicing://reports/vat/Q1%200050", /periods from 2000 to 2100 are supported/],
    ["a period that is no period", "invoicing://reports/vat/banana", /Could not read "banana" as a period/],
  ])("%s: invalid params with the tool's reason", async (_, uri, reason) => {
    const { code, message } = await refusal(read(uri));
    expect(code).toBe(INVALID_PARAMS);
    expect(message).toMatch(reason);
    expect(message).not.toMatch(/Unexpected internal error/);
    expect(message.length).toBeLessThan(600);
  });

  it("a year in words is read as eur_report reads it", async () => {
    const result = await read("invoicing://reports/eur/last%20year");
    expect(JSON.parse((result.contents[0] as { text: string }).text)).toMatchObject({ year: 2025 });
  });

  it("an unknown customer id is invalid params too", async () => {
    const { code, message } = await refusal(read("invoicing://customers/cus_nobody/summary"));
    expect(code).toBe(INVALID_PARAMS);
    expect(message).toMatch(/No customer has the id "cus_nobody"/);
  });

  it("quotes a period with a bidi override cleaned, as a resource and as a tool", async () => {
    const { message } = await refusal(read("invoicing://reports/vat/Q3%E2%80%AE2026x"));
    expect(message).toContain('"Q32026x"');
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    const tool = await mcp().call("vat_report", { period: "Q3\u202E2026x" });
    expect(tool.isError).toBe(true);
    expect(tool.text).toContain('"Q32026x"');
    expect(tool.text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    const like = await mcp().call("create_invoice", {
      like: "RE-2026-030\u202E\u0000",
      netAmount: 10,
      period: "2024-01",
    });
    expect(like.isError).toBe(true);
    expect(like.text).toContain("like repeats RE-2026-030's net amount");
    expect(like.text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});

describe("an internal error while reading a resource", () => {
  const sandbox = useSandbox();

  it("answers that the details are in the log, and the log has them, with the cause", async () => {
    // A governor that fails as a bug would: not an error of the service, not bad input.
    const broken = new RateGovernor();
    broken.acquire = () => {
      throw new TypeError("governor state is broken");
    };
    const mcp = await connect(sandbox(), { clientOptions: { governor: broken } });
    try {
      const { code, message } = await refusal(
        mcp.client.readResource({ uri: "invoicing://reports/outstanding" }),
      );
      expect(code).toBe(INTERNAL_ERROR);
      expect(message).toMatch(/details are in the server's log/);
      expect(mcp.logs.join("\n")).toMatch(
        /reading invoicing:\/\/reports\/outstanding failed: TypeError: governor state is broken/,
      );
    } finally {
      await mcp.close();
    }
  });
});
