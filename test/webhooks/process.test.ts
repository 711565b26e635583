/**
 * `invoicing-mcp webhooks serve` as its own process (the built bin): what it acknowledged survives
 * SIGKILL, it refuses to start without a secret, and it never prints the secret.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { deliver, envelope, SECRET, tempDir } from "./helpers.js";

const BIN = new URL("../../dist/index.js", import.meta.url).pathname;

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  started: Record<string, unknown>;
  stderr: () => string;
}

function serve(inbox: string, env: Record<string, string> = { INVOICING_WEBHOOK_SECRET: SECRET }) {
  const child = spawn(process.execPath, [BIN, "webhooks", "serve", "--port", "0", "--inbox", inbox], {
    env: { PATH: process.env.PATH, ...env },
  });
  let stderr = "";
  const lines = createInterface({ input: child.stderr });
  lines.on("line", (line) => {
    stderr += `${line}\n`;
  });
  return { child, stderr: () => stderr, lines };
}

async function started(inbox: string): Promise<Running> {
  const { child, stderr, lines } = serve(inbox);
  const started = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`receiver did not start:\n${stderr()}`)), 10_000);
    lines.on("line", (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (entry.msg === "listening") {
        clearTimeout(timer);
        resolve(entry);
      }
    });
    child.on("exit", () => reject(new Error(`receiver exited:\n${stderr()}`)));
  });
  return { child, url: String(started.url), started, stderr };
}

describe("webhooks serve", () => {
  it("still has an acknowledged event after SIGKILL right after the 200", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const first = await started(inbox);
    const body = envelope("invoice.paid", { invoiceId: "inv_9", paidAmount: 1190 });
    const exited = once(first.child, "exit");
    const answer = await deliver(first.url, body);
    first.child.kill("SIGKILL"); // no chance to flush anything more
    expect(answer.status).toBe(200);
    await exited;

    const events = await readInbox(inbox);
    expect(events.map((e) => e.data)).toEqual([{ invoiceId: "inv_9", paidAmount: 1190 }]);

    // The restart takes over the dead process's lock and still knows the event.
    const second = await started(inbox);
    expect(second.started).toMatchObject({ events: 1 });
    expect(await deliver(second.url, body)).toEqual({ status: 200, body: { ok: true } });
    second.child.kill("SIGTERM");
    const [code] = await once(second.child, "exit");
    expect(code).toBe(0);
    expect(second.stderr()).toMatch(/"outcome":"duplicate"/);
    expect(second.stderr()).toMatch(/"msg":"stopped"/);
    expect(existsSync(`${inbox}.lock`)).toBe(false);
    expect(first.stderr() + second.stderr()).not.toContain(SECRET);
    expect(await readInbox(inbox)).toHaveLength(1);
  });

  it("refuses to start without a secret, saying how to set it", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const { child, stderr } = serve(inbox, {});
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(stderr()).toMatch(/INVOICING_WEBHOOK_SECRET is not set/);
    expect(existsSync(inbox)).toBe(false);
  });

  it("refuses unknown options with the usage", async () => {
    const other = spawn(process.execPath, [BIN, "webhooks", "serve", "--nope"], {
      env: { PATH: process.env.PATH, INVOICING_WEBHOOK_SECRET: SECRET },
    });
    let text = "";
    other.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const [code] = await once(other, "exit");
    expect(code).toBe(2); // a usage error, like the server's own command line
    expect(text).toMatch(/unknown option --nope[\s\S]*Usage: invoicing-mcp webhooks serve/);
    expect(text).not.toContain(SECRET);
  });
});
