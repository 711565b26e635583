/**
 * Only one receiver may write an inbox: two would each keep their own set of known ids (so both
 * would store a retried delivery) and could interleave their compactions. A lock file next to the
 * inbox says who writes it. A process killed without cleaning up leaves its lock behind; the next
 * receiver on the same machine sees that the pid is gone and takes the lock over.
 */
import { readFile, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";

/** Locks this process holds, so it can tell its own live lock from one left by an earlier process with the same pid. */
const held = new Set<string>();

/** An unreadable lock younger than this may be one another receiver is writing this instant. */
const HALF_WRITTEN_GRACE_MS = 10_000;

export class InboxLockedError extends Error {
  override name = "InboxLockedError";
}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** Takes the lock of `inboxPath` or throws InboxLockedError; resolves to the release function. */
export async function acquireInboxLock(inboxPath: string): Promise<() => Promise<void>> {
  const lockPath = `${inboxPath}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, JSON.stringify(me), { flag: "wx" });
      held.add(lockPath);
      return () => release(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = await readOwner(lockPath);
    if (!owner && (await ageMs(lockPath)) < HALF_WRITTEN_GRACE_MS) break; // being written right now
    if (owner && isAlive(owner, lockPath)) {
      throw new InboxLockedError(
        `another receiver (pid ${owner.pid} on ${owner.host}, since ${owner.since}) writes ${inboxPath}. ` +
          `Stop it, or give this one another inbox. If no receiver runs, delete ${lockPath}.`,
      );
    }
    await unlink(lockPath).catch(() => {});
  }
  throw new InboxLockedError(`could not take the lock ${lockPath}; another receiver is starting`);
}

async function release(lockPath: string): Promise<void> {
  if (!held.delete(lockPath)) return;
  // Only our own lock: after a takeover the file may belong to someone else.
  const owner = await readOwner(lockPath);
  if (owner?.pid === process.pid && owner.host === hostname()) await unlink(lockPath).catch(() => {});
}

async function readOwner(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const owner = JSON.parse(await readFile(lockPath, "utf8")) as Partial<LockOwner>;
    if (typeof owner.pid !== "number" || typeof owner.host !== "string") return undefined;
    return { pid: owner.pid, host: owner.host, since: String(owner.since ?? "an unknown time") };
  } catch {
    return undefined;
  }
}

async function ageMs(path: string): Promise<number> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function isAlive(owner: LockOwner, lockPath: string): boolean {
  // A pid on another machine (an inbox on a shared drive) cannot be checked: assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid: either we hold it, or it is an earlier process's (pid 1 in a container, say).
  if (owner.pid === process.pid) return held.has(lockPath);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, but not ours to signal
  }
}
