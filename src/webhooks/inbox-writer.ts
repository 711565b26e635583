/**
 * The receiver's side of the inbox: the only writer. Appends go through one queue; whatever has
 * arrived while the previous write was syncing goes down in a single write followed by one fsync
 * (group commit), and each caller learns its outcome only after that fsync. The set of known ids is
 * checked inside the queue, so identical deliveries arriving at the same moment are stored once.
 *
 * Each event is serialised when it is queued, so one that cannot be (it nests too deep, say) fails
 * alone. Before each write, and again after its fsync, the writer checks that the file it holds is
 * still the one at the inbox path: if the file or its folder was deleted or replaced, it reopens
 * (recreating folder, file and lock) and writes the batch there, so a 200 always means "in the file
 * at the inbox path".
 */
import { type FileHandle, mkdir, open, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { syncDirectory, writeAll } from "./durable.js";
import { formatLine, type InboxEvent } from "./inbox-format.js";
import { acquireInboxLock, type InboxLock } from "./inbox-lock.js";
import { compactInbox, DEFAULT_RETENTION, type Retention } from "./inbox-retention.js";

export type AppendOutcome = "stored" | "duplicate";

/** About 8 MiB of lines per write at most (events are at most 1 MiB each). */
const MAX_BATCH_CHARS = 8 * 1024 * 1024;
/** Retention runs early once the file passes its byte budget by this factor. */
const OVER_BUDGET = 1.5;

export interface InboxWriterOptions {
  retention?: Retention;
  /** Clock for retention, Unix ms. */
  now?: () => number;
  /** Notable moments (the inbox reopened), one object each; default: nowhere. */
  log?: (entry: Record<string, unknown>) => void;
}

/** An event that cannot become an inbox line; the delivery is answered 400. */
export class UnstorableEventError extends Error {
  override name = "UnstorableEventError";
}

export interface InboxHealth {
  ok: boolean;
  events: number;
  /** Times the file or its folder was found deleted or replaced and was opened again. */
  reopened: number;
  /** Why the inbox cannot be written right now. */
  problem?: string;
}

interface Pending {
  id: string;
  line: string;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

export class InboxWriter {
  private pending: Pending[] = [];
  private flushQueued = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** Set when a write failed part-way: the next one starts with "\n" so no record shares a line. */
  private tailDirty = false;
  private closed = false;
  private reopened = 0;
  private problem: string | undefined;

  private constructor(
    readonly path: string,
    private handle: FileHandle,
    private ids: Set<string>,
    private fileBytes: number,
    private readonly lock: InboxLock,
    private readonly retention: Retention,
    private readonly now: () => number,
    private readonly log: (entry: Record<string, unknown>) => void,
    /** Lines retention removed when the inbox was opened (expired, over the limit, torn). */
    readonly droppedAtOpen: number,
  ) {}

  /** Creates the folder if needed, takes the lock, applies retention, and opens for appending. */
  static async open(path: string, options: InboxWriterOptions = {}): Promise<InboxWriter> {
    const retention = options.retention ?? DEFAULT_RETENTION;
    const now = options.now ?? Date.now;
    // The inbox holds customer names and amounts: private to the user on POSIX systems.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const lock = await acquireInboxLock(path);
    try {
      const { ids, dropped, bytes } = await compactInbox(path, retention, now());
      const handle = await openForAppend(path);
      const log = options.log ?? (() => {});
      return new InboxWriter(path, handle, new Set(ids), bytes, lock, retention, now, log, dropped);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** Events in the inbox (after retention at start, plus those stored since). */
  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /**
   * Resolves once the event is on disk ("stored") or known already ("duplicate"). Rejects with
   * UnstorableEventError when the event cannot be written as a line, else with the file error.
   */
  append(event: InboxEvent): Promise<AppendOutcome> {
    if (this.closed) return Promise.reject(new Error("inbox is closed"));
    let line: string;
    try {
      line = formatLine(event);
    } catch (error) {
      const why = error instanceof RangeError ? "it nests too deep" : String(error);
      return Promise.reject(new UnstorableEventError(`event cannot be stored: ${why}`));
    }
    const outcome = new Promise<AppendOutcome>((resolve, reject) => {
      this.pending.push({ id: event.id, line, resolve, reject });
    });
    if (!this.flushQueued) {
      this.flushQueued = true;
      void this.exclusive(() => this.flush());
    }
    return outcome;
  }

  /** Applies retention now (the receiver calls it daily), between two writes. */
  compact(): Promise<number> {
    return this.exclusive(async () => {
      // Queued behind a close (a write that passed the budget as the writer was closing): the file
      // is no longer ours to rewrite, and reopening it would leave a handle nobody closes.
      if (this.closed) return 0;
      await this.handle.close();
      try {
        const { ids, dropped, bytes } = await compactInbox(this.path, this.retention, this.now());
        this.ids = new Set(ids);
        this.fileBytes = bytes;
        this.tailDirty = false;
        return dropped;
      } finally {
        this.handle = await openForAppend(this.path);
      }
    });
  }

  /**
   * Whether the inbox can be written: checks (between two writes) that the file is still the one
   * at the inbox path and the lock still ours, reopening what was deleted or replaced.
   */
  health(): Promise<InboxHealth> {
    const report = (): InboxHealth => ({
      ok: this.problem === undefined,
      events: this.ids.size,
      reopened: this.reopened,
      ...(this.problem === undefined ? {} : { problem: this.problem }),
    });
    if (this.closed) return Promise.resolve(report());
    return this.exclusive(() => this.ensureCurrent()).then(report, report);
  }

  /** Waits for queued writes, closes the file and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.exclusive(() => this.handle.close());
    await this.lock.release();
  }

  /** One thing at a time on the file: a batch of appends, a compaction, a check, or the close. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => {});
    return result;
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const batch: Pending[] = [];
    let chars = 0;
    // Everything waiting goes into one write, up to a bound so a burst of large events cannot
    // build one huge buffer; the rest gets the next write.
    while (this.pending.length > 0 && chars < MAX_BATCH_CHARS) {
      const item = this.pending.shift()!;
      batch.push(item);
      chars += item.line.length;
    }
    if (this.pending.length > 0) {
      this.flushQueued = true;
      void this.exclusive(() => this.flush());
    }
    // Twice at most: if the file was replaced while this batch was being written, once more into
    // the file now at the path (with the ids that file holds).
    let open = batch;
    for (let attempt = 0; attempt < 2 && open.length > 0; attempt++) {
      try {
        await this.ensureCurrent();
        open = await this.writeBatch(open);
      } catch (error) {
        for (const item of open) item.reject(error);
        return;
      }
    }
    for (const item of open) item.reject(new Error("the inbox file keeps being replaced"));
    if ((this.retention.maxBytes ?? 0) > 0 && this.fileBytes > this.retention.maxBytes! * OVER_BUDGET) {
      void this.compact().catch((error: unknown) =>
        this.log({ msg: "retention failed", error: String(error) }),
      );
    }
  }

  /** Writes the new ones among `batch`; returns those to write again because the file was replaced. */
  private async writeBatch(batch: Pending[]): Promise<Pending[]> {
    const fresh = new Map<string, Pending[]>();
    let lines = "";
    for (const item of batch) {
      const same = fresh.get(item.id);
      if (this.ids.has(item.id)) item.resolve("duplicate");
      else if (same) same.push(item);
      else {
        fresh.set(item.id, [item]);
        lines += item.line;
      }
    }
    if (fresh.size === 0) return [];
    const bytes = Buffer.from(this.tailDirty ? `\n${lines}` : lines, "utf8");
    try {
      await writeAll(this.handle, bytes);
      await this.handle.sync();
    } catch (error) {
      this.tailDirty = true;
      throw error;
    }
    this.tailDirty = false;
    this.fileBytes += bytes.length;
    const written = [...fresh.values()].flat();
    if (!(await this.isCurrent())) return written; // synced into a file no one can see any more
    for (const [id, items] of fresh) {
      this.ids.add(id);
      for (const [i, item] of items.entries()) item.resolve(i === 0 ? "stored" : "duplicate");
    }
    return [];
  }

  /** True when the open file is the one at the inbox path, still linked. */
  private async isCurrent(): Promise<boolean> {
    const [held, atPath] = await Promise.all([
      this.handle.stat().catch(() => undefined), // closed by a reopen that failed half-way
      stat(this.path).catch(() => undefined),
    ]);
    return (
      held !== undefined &&
      held.nlink > 0 &&
      atPath !== undefined &&
      atPath.dev === held.dev &&
      atPath.ino === held.ino
    );
  }

  /** Reopens the inbox if its file or folder was deleted or replaced; checks the lock is ours. */
  private async ensureCurrent(): Promise<void> {
    try {
      if (await this.isCurrent()) {
        await this.lock.verify();
      } else {
        await this.reopen();
      }
      this.problem = undefined;
    } catch (error) {
      this.problem = `the inbox cannot be written: ${(error as Error).message}`;
      throw error;
    }
  }

  private async reopen(): Promise<void> {
    await this.handle.close().catch(() => {});
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await this.lock.verify(); // a deleted folder took the lock with it: write it again
    // Whatever is at the path now is the inbox: learn its ids (retention also drops a torn tail).
    const { ids, bytes } = await compactInbox(this.path, this.retention, this.now());
    this.handle = await openForAppend(this.path);
    this.ids = new Set(ids);
    this.fileBytes = bytes;
    this.tailDirty = false;
    this.reopened++;
    this.log({ msg: "inbox reopened", inbox: this.path, events: this.ids.size, reopened: this.reopened });
  }
}

/** Opens for appending, creating the file (mode 600) and syncing its folder entry when new. */
async function openForAppend(path: string): Promise<FileHandle> {
  const isNew = await stat(path).then(
    () => false,
    () => true,
  );
  const handle = await open(path, "a", 0o600);
  if (isNew) await syncDirectory(dirname(path));
  return handle;
}
