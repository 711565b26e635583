/**
 * The inbox lock: a stale lock is taken over by exactly one of many
 * receivers starting at once, and a lock is stale when its pid now belongs to another program or to
 * a process of an earlier boot.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { acquireInboxLock, InboxLockedError } from "../../src/webhooks/inbox-lock.js";
import { tempDir } from "./helpers.js";

const LOCK_MODULE = new URL("../../dist/webhooks/inbox-lock.js", import.meta.url).href;
const LINUX = process.platform === "linux";

/** A process that is certainly not a receiver, alive until killed. */
function bystander(): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"]);
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await once(child, "exit");
  return child.pid!;
}

describe("taking over a stale lock", () => {
  it("lets exactly one of 30 simultaneous starts take it", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    await writeFile(
      `${inbox}.lock`,
      JSON.stringify({ pid: await deadPid(), host: hostname(), since: "earlier" }),
    );
    // Each racer loads the real lock code, says "ready", and tries only on "go": a true race.
    const script = `
      const { acquireInboxLock } = await import(${JSON.stringify(LOCK_MODULE)});
      const lines = (await import("node:readline")).createInterface({ input: process.stdin });
      console.log("ready");
      lines.once("line", async () => {
        try { await acquireInboxLock(${JSON.stringify(inbox)}); console.log("acquired"); }
        catch (error) { console.log(error.name); }
      });
      lines.once("close", () => process.exit(0));`;
    const racers = Array.from({ length: 30 }, () =>
      spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] }),
    );
    const lines = racers.map((racer) => createInterface({ input: racer.stdout }));
    const next = lines.map((rl) => {
      const queue: string[] = [];
      const waiting: ((line: string) => void)[] = [];
      rl.on("line", (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
      return () =>
        new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiting.push(resolve)));
    });
    try {
      expect(await Promise.all(next.map((n) => n()))).toEqual(racers.map(() => "ready"));
      for (const racer of racers) racer.stdin.write("go\n");
      const outcomes = await Promise.all(next.map((n) => n()));
      expect(outcomes.filter((o) => o === "acquired")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "acquired").every((o) => o === "InboxLockedError")).toBe(true);
    } finally {
      for (const racer of racers) racer.stdin.end();
      await Promise.all(racers.map((racer) => (racer.exitCode === null ? once(racer, "exit") : undefined)));
    }
  }, 60_000);

  it("still refuses while the owner runs in another process", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { acquireInboxLock } = await import(${JSON.stringify(LOCK_MODULE)});
         await acquireInboxLock(${JSON.stringify(inbox)}); console.log("acquired");
         process.stdin.resume(); process.stdin.on("end", () => process.exit(0));`,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    try {
      await once(createInterface({ input: holder.stdout }), "line");
      await expect(acquireInboxLock(inbox)).rejects.toThrow(InboxLockedError);
    } finally {
      holder.stdin.end();
      await once(holder, "exit");
    }
  });
});

describe("a lock whose pid is alive", () => {
  it("is stale when it was written before this machine booted", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const other = bystander();
    try {
      const since = "2001-01-01T00:00:00.000Z";
      await writeFile(`${inbox}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), since }));
      const lock = await acquireInboxLock(inbox);
      await lock.release();
    } finally {
      other.kill();
    }
  });

  it("is stale when that pid now belongs to a process started after the lock's owner", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const other = bystander();
    try {
      // A lock in today's format from a receiver that had this pid before: its start time differs.
      const since = new Date().toISOString();
      const lock = { pid: other.pid, host: hostname(), since, processStart: "1", nonce: "x".repeat(16) };
      await writeFile(`${inbox}.lock`, JSON.stringify(lock));
      if (LINUX) {
        const lock = await acquireInboxLock(inbox);
        await lock.release();
      } else {
        await expect(acquireInboxLock(inbox)).rejects.toThrow(InboxLockedError);
      }
    } finally {
      other.kill();
    }
  });

  it("is stale when that pid runs a program that is not a receiver (a lock without a start time)", async () => {
    const inbox = join(await tempDir(), "inbox.jsonl");
    const other = spawn("sleep", ["30"]);
    try {
      await writeFile(
        `${inbox}.lock`,
        JSON.stringify({ pid: other.pid, host: hostname(), since: new Date().toISOString() }),
      );
      if (LINUX) {
        const lock = await acquireInboxLock(inbox);
        await lock.release();
      } else {
        await expect(acquireInboxLock(inbox)).rejects.toThrow(InboxLockedError);
      }
    } finally {
      other.kill();
    }
  });
});
