/**
 * Only one receiver may write an inbox: two would each keep their own set of known ids (so both
 * would store a retried delivery) and could interleave their compactions. A lock file next to the
 * inbox says who writes it: pid, host, start, a random nonce, and (on Linux) the boot id and the
 * process's start time, so a pid that now names another program is not mistaken for the owner.
 *
 * Taking the lock is atomic: the file is written whole under a temporary name and hard-linked into
 * place (link fails if the lock exists). A stale lock (its process gone, of an earlier boot, or its
 * pid reused) is removed only under a takeover guard created with O_EXCL and named after that
 * lock's exact content, and only after re-reading that the lock is still that one; so of many
 * receivers starting at once, exactly one removes it, and the race to create the new lock has one
 * winner.
 */
import { createHash, randomBytes } from "node:crypto";
import { link, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { judgeProcess, ownMark, type ProcessMark } from "./process-identity.js";

/** Nonces of the locks this process holds, by lock path. */
const held = new Map<string, string>();

/** An unreadable lock younger than this may be one another receiver is writing this instant. */
const HALF_WRITTEN_GRACE_MS = 10_000;
/** A takeover takes milliseconds; a guard this old belongs to a receiver that died mid-takeover. */
const GUARD_ABANDONED_MS = 10_000;
const ATTEMPTS = 25;

export class InboxLockedError extends Error {
  override name = "InboxLockedError";
}

interface LockOwner extends ProcessMark {
  pid: number;
  host: string;
  since: string;
  nonce?: string;
}

export interface InboxLock {
  readonly path: string;
  /**
   * Throws InboxLockedError unless this process still holds the lock; a lock file that vanished
   * (its folder deleted, say) is written again.
   */
  verify(): Promise<void>;
  release(): Promise<void>;
}

/** Takes the lock of `inboxPath` or throws InboxLockedError. */
export async function acquireInboxLock(inboxPath: string): Promise<InboxLock> {
  const lockPath = `${inboxPath}.lock`;
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString("hex"),
    ...ownMark(),
  };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createExclusive(lockPath, content)) {
      held.set(lockPath, me.nonce!);
      await removeAbandonedGuards(lockPath);
      return lockHandle(lockPath, content, me.nonce!);
    }
    const seen = await readLock(lockPath);
    if (seen === undefined) continue; // removed in between: try again
    const { owner } = seen;
    if (!owner && Date.now() - seen.mtimeMs < HALF_WRITTEN_GRACE_MS) break; // being written right now
    if (owner && isAlive(owner, lockPath)) {
      throw new InboxLockedError(
        `another receiver (pid ${owner.pid} on ${owner.host}, since ${owner.since}) writes ${inboxPath}. ` +
          `Stop it, or give this one another inbox. If no receiver runs, delete ${lockPath}.`,
      );
    }
    if (!(await takeOver(lockPath, seen))) await pause(5 + Math.random() * 20);
  }
  throw new InboxLockedError(`could not take the lock ${lockPath}; another receiver is starting`);
}

function lockHandle(lockPath: string, content: string, nonce: string): InboxLock {
  return {
    path: lockPath,
    async verify() {
      if (held.get(lockPath) !== nonce) throw new InboxLockedError(`${lockPath} was released`);
      let seen = await readLock(lockPath);
      if (seen === undefined && (await createExclusive(lockPath, content))) return;
      seen ??= await readLock(lockPath);
      if (seen?.owner?.nonce === nonce) return;
      const who = seen?.owner ? `pid ${seen.owner.pid} on ${seen.owner.host}` : "an unreadable lock";
      throw new InboxLockedError(`the lock ${lockPath} now names ${who}; not writing the inbox`);
    },
    async release() {
      if (held.get(lockPath) !== nonce) return;
      held.delete(lockPath);
      // Only our own lock: after a takeover the file may belong to someone else.
      const seen = await readLock(lockPath);
      if (seen?.owner?.nonce === nonce) await unlink(lockPath).catch(() => {});
    },
  };
}

/** Creates `lockPath` with `content`, whole, unless it exists. */
async function createExclusive(lockPath: string, content: string): Promise<boolean> {
  const temporary = `${lockPath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, content, { flag: "wx" });
  try {
    await link(temporary, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A file system without hard links: O_EXCL on the lock itself (readers allow for a half-written one).
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw error;
    try {
      await writeFile(lockPath, content, { flag: "wx" });
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw fallbackError;
    }
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

interface SeenLock {
  raw: Buffer;
  owner: LockOwner | undefined;
  mtimeMs: number;
  ino: number;
}

async function readLock(lockPath: string): Promise<SeenLock | undefined> {
  try {
    const [raw, info] = await Promise.all([readFile(lockPath), stat(lockPath)]);
    return { raw, owner: parseOwner(raw), mtimeMs: info.mtimeMs, ino: info.ino };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function parseOwner(raw: Buffer): LockOwner | undefined {
  try {
    const owner = JSON.parse(raw.toString("utf8")) as Partial<Record<keyof LockOwner, unknown>>;
    if (typeof owner.pid !== "number" || typeof owner.host !== "string") return undefined;
    const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
    const nonce = text(owner.nonce);
    const bootId = text(owner.bootId);
    const processStart = text(owner.processStart);
    return {
      pid: owner.pid,
      host: owner.host,
      since: text(owner.since) ?? "an unknown time",
      ...(nonce ? { nonce } : {}),
      ...(bootId ? { bootId } : {}),
      ...(processStart ? { processStart } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Removes the stale lock `seen`, if it is still in place, under a guard only one process can hold
 * for that exact lock. True when this call removed it.
 */
async function takeOver(lockPath: string, seen: SeenLock): Promise<boolean> {
  const key = createHash("sha256").update(seen.raw).update(String(seen.mtimeMs)).digest("hex").slice(0, 16);
  for (let generation = 0; generation < 3; generation++) {
    const guard = `${lockPath}.takeover-${key}-${generation}`;
    try {
      await writeFile(guard, String(process.pid), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const guardAge = await stat(guard).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (guardAge > GUARD_ABANDONED_MS) continue; // its taker died: the next generation may try
      return false;
    }
    try {
      const now = await readLock(lockPath);
      const same = now?.raw.equals(seen.raw) && now.mtimeMs === seen.mtimeMs && now.ino === seen.ino;
      if (!same) return false; // already taken over (or gone): start over and look again
      await unlink(lockPath);
      return true;
    } finally {
      await unlink(guard).catch(() => {});
    }
  }
  return false;
}

/** Guards left by receivers that died mid-takeover. */
async function removeAbandonedGuards(lockPath: string): Promise<void> {
  const prefix = `${basename(lockPath)}.takeover-`;
  const names = await readdir(dirname(lockPath)).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(prefix))) {
    const path = join(dirname(lockPath), name);
    const age = await stat(path).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > GUARD_ABANDONED_MS) await unlink(path).catch(() => {});
  }
}

function isAlive(owner: LockOwner, lockPath: string): boolean {
  // A pid on another machine (an inbox on a shared drive) cannot be checked: assume it runs.
  if (owner.host !== hostname()) return true;
  // Our own pid: either we hold this very lock, or it is an earlier process's (pid 1 in a container).
  if (owner.pid === process.pid) {
    const nonce = held.get(lockPath);
    return nonce !== undefined && (owner.nonce === undefined || owner.nonce === nonce);
  }
  return judgeProcess(owner.pid, owner.since, owner) === "alive";
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
