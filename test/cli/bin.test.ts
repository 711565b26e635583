/** The built bin's command line: a mistake stops it with exit code 2 and a sentence, before any server starts. */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeService } from "../doctor/support.js";
import { BIN } from "../helpers/stdio.js";

const home = mkdtempSync(join(tmpdir(), "invoicing-bin-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [BIN, ...args], {
    input: "",
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: process.env.PATH, HOME: home, ...env },
    cwd: home,
  });

/** A Node stack frame or a raw error code: what a person must never be shown for a known mistake. */
const RAW = /\n\s+at |EADDRINUSE|EPIPE|node:internal/;

describe("invoicing-mcp's command line", () => {
  it.each([
    [["--timezon", "Europe/Paris"], /^unknown option --timezon$/],
    [["--read-only", "false"], /^unexpected argument "false" \(--read-only is a switch.*--no-read-only/],
    [["--timezone"], /^--timezone needs a value$/],
    [["frob"], /^unknown command "frob"$/],
    [["sandbox", "--verbose"], /^unknown sandbox option "--verbose"$/],
    [["sandbox", "--port", "99999"], /^--port must be an integer from 0 to 65535/],
    [["doctor", "--base-urll", "https://x.example"], /^unknown option --base-urll$/],
    [["webhooks"], /^missing webhooks command$/],
    [["webhooks", "serve", "--port"], /^--port needs a value$/],
    [["serve", "--tenant", "x"], /^unknown option --tenant$/],
    [["tokens"], /^missing tokens command$/],
    [["tokens", "mint"], /^unknown tokens command "mint"$/],
    [["tokens", "create"], /^tokens create needs --tenant ID$/],
    [["tokens", "revoke"], /^tokens revoke needs the token's id/],
    [["db"], /^missing db command$/],
    [["db", "migrate", "now"], /^unknown db command "migrate now"$/],
  ])("%j stops with exit code 2, one line saying why and the usage, nothing on stdout", (args, why) => {
    const result = run(args);
    expect(result.status).toBe(2);
    const [first, blank, ...usage] = result.stderr.split("\n");
    expect(first!.replace(/^invoicing-mcp: /, "")).toMatch(why);
    expect(blank).toBe("");
    expect(usage.join("\n")).toMatch(/Usage:\s+invoicing-mcp/);
    expect(result.stderr).not.toMatch(RAW);
    expect(result.stdout).toBe("");
  });

  it("doctor --sandbox diagnoses the embedded sandbox, with no key or base URL set", () => {
    for (const [args, env] of [
      [["doctor", "--sandbox"], {}],
      [["doctor"], { INVOICING_SANDBOX: "true" }],
    ] as const) {
      const result = run([...args], env);
      expect(result.stdout).toMatch(/ok\s+sandbox\s+embedded, with demo data, at http:\/\/127\.0\.0\.1:\d+/);
      expect(result.stdout).toMatch(/ok\s+account\s+\d+ active customers/);
      expect(result.status).toBe(0);
    }
  });

  it("doctor | head -1: a reader that leaves ends doctor quietly, exit 0", async () => {
    // The service holds its answers until the reader is gone, so doctor writes again to a closed pipe.
    let readerGone = false;
    const held: (() => void)[] = [];
    const service = await startFakeService((_req, res) => {
      const answer = () => res.writeHead(200, { "content-type": "application/json" }).end("{}");
      if (readerGone) answer();
      else held.push(answer);
    });
    try {
      const child = spawn(process.execPath, [BIN, "doctor"], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          INVOICING_BASE_URL: service.url,
          INVOICING_API_KEY: "sk_test_pipe",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = once(child, "exit");
      const [first] = (await once(child.stdout, "data")) as [Buffer];
      expect(first.toString()).toMatch(/^invoicing-mcp doctor/);
      child.stdout.destroy(); // what `head -1` does after its line
      // Doctor cannot have finished (it waits for the service), so it writes again after this.
      readerGone = true;
      for (const answer of held.splice(0)) answer();
      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect(stderr).toBe("");
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      await service.close();
    }
  });

  it.each([
    [["sandbox"], {}],
    [
      ["webhooks", "serve", "--inbox", "inbox.jsonl"],
      { INVOICING_WEBHOOK_SECRET: "whsec_portportportportportportportport" },
    ],
    [["serve", "--api-key-auth"], { INVOICING_BASE_URL: "https://invoicing.example.com" }],
  ])("%j on a port in use says so in one line, exit 1", async (args, env) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const result = run([...args, "--port", String(port)], env);
      expect(result.stderr).toBe(
        `invoicing-mcp: 127.0.0.1 port ${port} is already in use (another instance, or another program): stop that, or choose another port with --port N (0 picks a free one)\n`,
      );
      expect(result.status).toBe(1);
    } finally {
      taken.close();
    }
  });
});
