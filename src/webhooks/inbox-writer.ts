/**
 * The receiver's side of the inbox: the only writer. Appends go through one queue; whatever has
 * arrived while the previous write was syncing goes down in a single write followed by one fsync
 * (group commit), and each caller learns its outcome only after that fsync. The set of known ids is
 * checked inside the queue, so identical deliveries arriving at the same moment are stored once.
 */
import { type FileHandle, mkdir, open, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { syncDirectory, writeAll } from "./durable.js";
import { formatLine, type InboxEvent } from "./inbox-format.js";
import { acquireInboxLock } from "./inbox-lock.js";
import { compactInbox, DEFAULT_RETENTION, type Retention } from "./inbox-retention.js";

export type AppendOutcome = "stored" | "duplicate";

/** About 8 MiB of lines per write at most (events are at most 1 MiB each). */
const MAX_BATCH_CHARS = 8 * 1024 * 1024;

export interface InboxWriterOptions {
  retention?: Retention;
  /** Clock for retention, Unix ms. */
  now?: () => number;
}

interface Pending {
  event: InboxEvent;
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

  private constructor(
    readonly path: string,
    private handle: FileHandle,
    private ids: Set<string>,
    private readonly release: () => Promise<void>,
    private readonly retention: Retention,
    private readonly now: () => number,
    /** Lines retention removed when the inbox was opened (expired, over the limit, torn). */
    readonly droppedAtOpen: number,
  ) {}

  /** Creates the folder if needed, takes the lock, applies retention, and opens for appending. */
  static async open(path: string, options: InboxWriterOptions = {}): Promise<InboxWriter> {
    const retention = options.retention ?? DEFAULT_RETENTION;
    const now = options.now ?? Date.now;
    // The inbox holds customer names and amounts: private to the user on POSIX systems.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const release = await acquireInboxLock(path);
    try {
      const { events, dropped } = await compactInbox(path, retention, now());
      const isNew = await stat(path).then(
        () => false,
        () => true,
      );
      const handle = await open(path, "a", 0o600);
      if (isNew) await syncDirectory(dirname(path));
      const ids = new Set(events.map((e) => e.id));
      return new InboxWriter(path, handle, ids, release, retention, now, dropped);
    } catch (error) {
      await release();
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

  /** Resolves once the event is on disk ("stored") or known already ("duplicate"). */
  append(event: InboxEvent): Promise<AppendOutcome> {
    if (this.closed) return Promise.reject(new Error("inbox is closed"));
    const outcome = new Promise<AppendOutcome>((resolve, reject) => {
      this.pending.push({ event, resolve, reject });
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
      await this.handle.close();
      try {
        const { events, dropped } = await compactInbox(this.path, this.retention, this.now());
        this.ids = new Set(events.map((e) => e.id));
        this.tailDirty = false;
        return dropped;
      } finally {
        this.handle = await open(this.path, "a", 0o600);
      }
    });
  }

  /** Waits for queued writes, closes the file and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.exclusive(() => this.handle.close());
    await this.release();
  }

  /** One thing at a time on the file: a batch of appends, a compaction, or the close. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => {});
    return result;
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const fresh = new Map<string, Pending[]>();
    let lines = "";
    // Everything waiting goes into one write, up to a bound so a burst of large events cannot
    // build one huge buffer; the rest gets the next write.
    while (this.pending.length > 0 && lines.length < MAX_BATCH_CHARS) {
      const item = this.pending.shift()!;
      const same = fresh.get(item.event.id);
      if (this.ids.has(item.event.id)) item.resolve("duplicate");
      else if (same) same.push(item);
      else {
        fresh.set(item.event.id, [item]);
        lines += formatLine(item.event);
      }
    }
    if (this.pending.length > 0) {
      this.flushQueued = true;
      void this.exclusive(() => this.flush());
    }
    if (fresh.size === 0) return;
    try {
      await writeAll(this.handle, Buffer.from(this.tailDirty ? `\n${lines}` : lines, "utf8"));
      await this.handle.sync();
    } catch (error) {
      this.tailDirty = true;
      for (const items of fresh.values()) for (const item of items) item.reject(error);
      return;
    }
    this.tailDirty = false;
    for (const [id, items] of fresh) {
      this.ids.add(id);
      for (const [i, item] of items.entries()) item.resolve(i === 0 ? "stored" : "duplicate");
    }
  }
}
