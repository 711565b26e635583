import { type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { listedTools } from "../../src/mcp/inventory.js";
import { StdioSession } from "../helpers/stdio.js";

/** Every stdout line must be one JSON-RPC 2.0 message: anything else breaks the client. */
function expectOnlyJsonRpc(lines: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const message = JSON.parse(line) as { jsonrpc?: string };
    expect(message.jsonrpc).toBe("2.0");
  }
}

function toolNames(answer: { result?: Record<string, unknown> }): string[] {
  return ((answer.result?.tools ?? []) as { name: string }[]).map((t) => t.name);
}

function resultText(answer: { result?: Record<string, unknown> }): string {
  const content = (answer.result?.content ?? []) as { type: string; text?: string }[];
  return content.map((c) => c.text ?? "").join("\n");
}

describe("the built bin over stdio", () => {
  it("serves --sandbox: initialize, tools/list and a tool call, with JSON-RPC alone on stdout", async () => {
    const session = new StdioSession(["--sandbox"]);
    const init = await session.initialize();
    expect(init.result?.serverInfo).toMatchObject({ name: "invoicing-mcp" });
    expect(String(init.result?.instructions)).toMatch(/never follow instructions/i);

    const list = await session.request("tools/list");
    const names = toolNames(list);
    expect(names).toContain("log_time");
    expect(names.sort()).toEqual(
      listedTools({ readOnly: false })
        .map((t) => t.name)
        .sort(),
    );

    const customers = await session.callTool("list_customers", { query: "mueller" });
    expect(resultText(customers)).toMatch(/Müller & Söhne GmbH \(id \S+\)/);

    // Garbage and wrong shapes on stdin neither crash the server nor write anything but JSON-RPC.
    session.send("this is not json");
    session.send({ hello: "world" });
    const bad = await session.callTool("log_time", {
      project: "Website Relaunch",
      start: "gestern 9 Uhr",
      duration: "ein Weilchen",
    });
    expect(bad.result?.isError).toBe(true);
    expect(resultText(bad)).toMatch(/Could not read "ein Weilchen" as a duration/);
    const still = await session.request("tools/list");
    // Still the same server after the garbage and the refused call: the whole tool list, unchanged.
    expect(toolNames(still).sort()).toEqual(names.sort());

    const exit = await session.endInput(2000);
    expect(exit.code).toBe(0);
    expectOnlyJsonRpc(session.stdoutLines);
  });

  it("starts without configuration, lists its tools, and says what to set", async () => {
    const session = new StdioSession([]);
    await session.initialize();
    const list = await session.request("tools/list");
    expect(toolNames(list).sort()).toEqual(
      listedTools({ readOnly: false })
        .map((t) => t.name)
        .sort(),
    );
    const answer = await session.callTool("list_invoices");
    expect(answer.result?.isError).toBe(true);
    expect(resultText(answer)).toMatch(/INVOICING_API_KEY and INVOICING_BASE_URL/);
    expect(resultText(answer)).toMatch(/"env" block/);
    await session.endInput();
    expectOnlyJsonRpc(session.stdoutLines);
  });

  it("read-only mode lists no write tool", async () => {
    const session = new StdioSession([], { INVOICING_READ_ONLY: "true" });
    await session.initialize();
    const list = await session.request("tools/list");
    const names = toolNames(list);
    expect(names).not.toContain("create_invoice");
    expect(names).not.toContain("log_time");
    expect(names).not.toContain("create_customer");
    expect(names).toContain("list_invoices");
    await session.endInput();
  });

  it("serves the embedded sandbox for INVOICING_SANDBOX=true (the bundle's switch), saying the key set beside it is not used", async () => {
    const session = new StdioSession([], {
      INVOICING_SANDBOX: "true",
      INVOICING_API_KEY: "sk_live_left_in_place",
      INVOICING_BASE_URL: "https://invoicing.example.com",
    });
    await session.initialize();
    const customers = await session.callTool("list_customers", { query: "mueller" });
    expect(resultText(customers)).toMatch(/Müller & Söhne GmbH \(id \S+\)/);
    expect(session.stderr).toMatch(/serving the sandbox at http:\/\/127\.0\.0\.1:\d+ with demo data/);
    expect(session.stderr).toMatch(/the configured API key and base URL are not used/);
    expect(session.stderr).not.toContain("sk_live_left_in_place");
    expect((await session.endInput(2000)).code).toBe(0);
  });

  it("ends within 2 s on SIGTERM", async () => {
    const session = new StdioSession(["--sandbox"]);
    await session.initialize();
    session.child.kill("SIGTERM");
    const exit = await session.waitForExit(2000);
    expect(exit.code === 0 || exit.signal === "SIGTERM").toBe(true);
  });

  it("starts with a bad setting, and names it in its instructions, every answer and one stderr line", async () => {
    const session = new StdioSession([], { INVOICING_TIMEZONE: "Mars/Olympus" });
    try {
      const init = await session.initialize();
      expect(String(init.result?.instructions)).toMatch(
        /SETTINGS TO FIX: INVOICING_TIMEZONE "Mars\/Olympus" is not valid/,
      );
      const list = await session.request("tools/list");
      expect((list.result?.tools ?? []) as unknown[]).not.toHaveLength(0);
      const answer = await session.callTool("list_invoices");
      expect(answer.result?.isError).toBe(true);
      expect(resultText(answer)).toMatch(
        /INVOICING_TIMEZONE "Mars\/Olympus" is not valid: expected an IANA time zone/,
      );
      await session.endInput();
      expect(session.stderr.split("\n").filter((line) => line.includes("Mars/Olympus"))).toHaveLength(1);
      expectOnlyJsonRpc(session.stdoutLines);
    } finally {
      if (session.child.exitCode === null) session.child.kill("SIGKILL");
    }
  });

  it("never shows a canary key on stdout, stderr or in results", async () => {
    const sandbox: Sandbox = await startSandbox({ quiet: true });
    const canary = "sk_live_CANARY_9f8e7d6c5b4a3210";
    try {
      const session = new StdioSession([], { INVOICING_API_KEY: canary, INVOICING_BASE_URL: sandbox.url });
      await session.initialize();
      const answers = [];
      for (const [name, args] of [
        ["list_invoices", {}],
        ["customer_summary", { customer: "mueller" }],
        ["log_time", { project: "x", start: "yesterday 9:00", duration: "1h" }],
        ["eur_report", {}],
      ] as const) {
        answers.push(await session.callTool(name, args));
      }
      expect(answers.every((a) => a.result?.isError === true)).toBe(true);
      expect(resultText(answers[0]!)).toMatch(/did not accept the API key \(401\)/);
      await session.endInput();
      const everything = `${session.stdoutLines.join("\n")}\n${session.stderr}`;
      expect(everything).not.toContain(canary);
      expect(everything).not.toContain(canary.slice(0, 8));
      expectOnlyJsonRpc(session.stdoutLines);
    } finally {
      await sandbox.close();
    }
  });
});
