/** A real receiver on port 0 over a temporary inbox, and signed deliveries to it. */

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { InboxWriter, type InboxWriterOptions } from "../../src/webhooks/inbox-writer.js";
import { type Receiver, type ReceiverOptions, startReceiver } from "../../src/webhooks/receiver.js";
import { sign } from "../../src/webhooks/signature.js";
import { waitFor } from "../helpers/wait-for.js";

export const SECRET = "whsec_test_4f1c2a";

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh folder, removed after the test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "invoicing-webhooks-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestReceiver extends Receiver {
  inbox: InboxWriter;
  inboxPath: string;
  /** Every log line as written. */
  rawLogs: string[];
  /** The same lines, parsed. */
  logs(): Record<string, unknown>[];
}

export async function receiver(
  options: Partial<Omit<ReceiverOptions, "inbox">> & { inboxPath?: string; writer?: InboxWriterOptions } = {},
): Promise<TestReceiver> {
  const inboxPath = options.inboxPath ?? join(await tempDir(), "inbox.jsonl");
  const inbox = await InboxWriter.open(inboxPath, options.writer);
  const rawLogs: string[] = [];
  const started = await startReceiver({
    secrets: [SECRET],
    port: 0,
    log: (line) => rawLogs.push(line),
    ...options,
    inbox,
  });
  cleanups.push(async () => {
    await started.close();
    await inbox.close();
  });
  const logs = () => rawLogs.map((line) => JSON.parse(line) as Record<string, unknown>);
  return Object.assign(started, { inbox, inboxPath, logs, rawLogs });
}

export function envelope(
  event: string,
  data: Record<string, unknown>,
  timestamp = "2026-03-18T09:30:00.000Z",
) {
  return JSON.stringify({ event, timestamp, data });
}

export async function deliver(
  url: string,
  body: string | Uint8Array,
  signature: string | null = sign(body, SECRET),
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "X-Service-Signature": signature }),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
}

/** The inbox's complete lines, parsed; [] when the file does not exist. */
export async function inboxLines(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Polls until `condition` holds (the suite's one waitFor). */
export function until(condition: () => boolean | Promise<boolean>, withinMs = 5_000): Promise<void> {
  return waitFor(condition, { withinMs });
}
