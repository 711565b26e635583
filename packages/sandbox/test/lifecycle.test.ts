/** Starting and stopping: close() never hangs, each sandbox is independent, the CLI entry works. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { startSandbox } from "../src/index.js";
import { parseSandboxArgs, runSandbox } from "../src/main.js";
import { get, post, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
};

describe("close()", () => {
  it("does not wait for a hung request or a stalled body", async () => {
    const sb = await startSandbox({ quiet: true, data: tinyData(), now: () => NOW });
    sb.faults.add({ action: { kind: "hang" } });
    sb.faults.add({ action: { kind: "stall-body" } });
    const hung = fetch(`${sb.url}/api/v1/invoices`).catch((e: unknown) => e);
    const stalled = fetch(`${sb.url}/api/v1/projects`)
      .then((r) => r.text())
      .catch((e: unknown) => e);
    await until(() => sb.requests.length === 2);
    const started = Date.now();
    await sb.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await hung).toBeInstanceOf(Error);
    expect(await stalled).toBeInstanceOf(Error);
    await sb.close(); // a second close is harmless
  });

  it("closes idle keep-alive connections too", async () => {
    const sb = await startSandbox({ quiet: true, data: tinyData(), now: () => NOW });
    expect((await get(sb, "/api/v1/projects")).status).toBe(200);
    const started = Date.now();
    await sb.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(fetch(`${sb.url}/api/v1/projects`)).rejects.toThrow();
  });
});

describe("startSandbox", () => {
  it("gives every sandbox its own store", async () => {
    const a = await sandbox({ data: tinyData(), now: () => NOW });
    const b = await sandbox({ data: tinyData(), now: () => NOW });
    expect((await post(a, "/api/v1/customers", { name: "Nur in A", hourlyRate: 1 })).status).toBe(201);
    expect((await get(a, "/api/v1/customers")).body.meta).toEqual({ total: 3 });
    expect((await get(b, "/api/v1/customers")).body.meta).toEqual({ total: 2 });
    expect(a.port).not.toBe(b.port);
    expect(a.url).toBe(`http://127.0.0.1:${a.port}`);
  });

  it("does not change the data it was given", async () => {
    const data = tinyData();
    const sb = await sandbox({ data, now: () => NOW });
    await post(sb, "/api/v1/customers", { name: "Neu", hourlyRate: 1 });
    expect(data).toEqual(tinyData());
  });

  it("refuses a paid invoice without paidAt in explicit data", async () => {
    const data = tinyData();
    const paid = data.demo.invoices.find((i) => i.status === "paid");
    if (paid) delete paid.paidAt;
    await expect(startSandbox({ quiet: true, data })).rejects.toThrow(/paidAt/);
  });
});

describe("command line", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("parses --port, --host and --seed, and names a bad flag", () => {
    expect(parseSandboxArgs([])).toEqual({ port: 4010, host: "127.0.0.1", seed: 1 });
    expect(parseSandboxArgs(["--port", "0", "--host=localhost", "--seed", "9"])).toEqual({
      port: 0,
      host: "localhost",
      seed: 9,
    });
    expect(() => parseSandboxArgs(["--port", "http"])).toThrow(/--port must be an integer/);
    expect(() => parseSandboxArgs(["--port"])).toThrow(/--port needs a value/);
    expect(() => parseSandboxArgs(["--verbose"])).toThrow(/unknown sandbox option "--verbose"/);
  });

  it("refuses a stray word, an empty value and a flag where a value belongs, with exit code 2", () => {
    expect(() => parseSandboxArgs(["4010"])).toThrow(/unknown sandbox option "4010"/);
    expect(() => parseSandboxArgs(["--port="])).toThrow(/--port needs a value/);
    expect(() => parseSandboxArgs(["--port", "--host", "x"])).toThrow(/--port needs a value/);
    expect(() => parseSandboxArgs(["--seed", "1.5"])).toThrow(/--seed must be an integer/);
    expect(() => parseSandboxArgs(["--host"])).toThrow(expect.objectContaining({ exitCode: 2 }));
  });

  it("serves until SIGINT and prints the address and keys to stderr", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((message: unknown) => {
      lines.push(String(message));
    });
    const stdout = vi.spyOn(process.stdout, "write");
    const running = runSandbox(["--port", "0"], {});
    await until(() => lines.length > 0);
    const text = lines.join("\n");
    const url = /listening on (http:\/\/\S+)/.exec(text)?.[1];
    const demoKey = /demo account.*?(sk_sandbox_demo_\w+)/.exec(text)?.[1];
    expect(text).toMatch(/expired key \(403\)\s+sk_sandbox_expired_/);
    expect(text).toMatch(/without Pro plan \(403\)\s+sk_sandbox_nopro_/);
    expect(text).toContain("curl -H 'Authorization: Bearer");
    const res = await fetch(`${url}/api/v1/customers`, { headers: { Authorization: `Bearer ${demoKey}` } });
    expect(res.status).toBe(200);
    process.emit("SIGINT", "SIGINT");
    await running;
    await expect(fetch(`${url}/api/v1/customers`)).rejects.toThrow();
    expect(stdout).not.toHaveBeenCalled();
  });
});
