import { describe, expect, it } from "vitest";
import { EngineOutageError, safeAddress } from "../../src/engine-outage.js";
import { isConnectionError, OutageLog } from "../../src/hosted/outage.js";

describe("OutageLog", () => {
  it("logs an outage once however many calls it refuses, and once when it ends, with the count", () => {
    const lines: string[] = [];
    let now = 1_000;
    const outage = new OutageLog(
      "Redis",
      "the shared rate budget",
      "redis://op:pw@10.0.0.5:6379",
      (l) => lines.push(l),
      () => now,
    );
    const refusal = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:6379"), { code: "ECONNREFUSED" });
    for (let i = 0; i < 350; i++) expect(outage.failed(refusal)).toBeInstanceOf(EngineOutageError);
    expect(lines).toEqual([
      expect.stringMatching(
        /^invoicing-mcp: Redis at redis:\/\/10\.0\.0\.5:6379 is unreachable \(ECONNREFUSED\)/,
      ),
    ]);
    now += 12_345;
    outage.succeeded();
    outage.succeeded(); // no outage any more: nothing to say
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      "invoicing-mcp: Redis at redis://10.0.0.5:6379 is back after 12.3 s; 350 calls were refused meanwhile",
    );
    expect(lines.join("\n")).not.toContain("pw");
  });
});

describe("isConnectionError", () => {
  it("tells an engine being away from an error of the request itself", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    expect(isConnectionError("PostgreSQL", withCode("ECONNREFUSED"))).toBe(true);
    expect(isConnectionError("PostgreSQL", withCode("08006"))).toBe(true); // connection failure
    expect(isConnectionError("PostgreSQL", withCode("57P01"))).toBe(true); // admin shutdown
    expect(isConnectionError("PostgreSQL", withCode("42P01"))).toBe(false); // no such table: ours
    expect(isConnectionError("PostgreSQL", new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError("Redis", new Error("Connection is closed."))).toBe(true);
    expect(isConnectionError("Redis", Object.assign(new Error("ERR script"), { name: "ReplyError" }))).toBe(
      false,
    );
  });
});

describe("safeAddress", () => {
  it("keeps scheme, host, port and path, never user, password or query", () => {
    expect(safeAddress("postgres://app:secret@pg.internal:5433/invoicing?sslmode=require")).toBe(
      "postgres://pg.internal:5433/invoicing",
    );
    expect(safeAddress("not a url")).not.toContain("not a url");
  });
});
