/**
 * Noticing that the inbox changed, cheaply, in another process than the receiver. fs.watch on the
 * inbox's folder (not the file: retention replaces the file, and a watch on the old one would go
 * quiet) gives prompt notice where the platform supports it; a slow stat poll catches what it
 * misses (network drives, a folder that does not exist yet). Both only lead to a stat, and the
 * callback runs only when size, modification time or file identity really changed.
 */
import { type FSWatcher, type Stats, statSync, watch } from "node:fs";
import { basename, dirname } from "node:path";

export interface WatchOptions {
  /** Stat poll while fs.watch is active (a safety net); default 2000 ms. */
  pollMs?: number;
  /** Stat poll when fs.watch is unavailable; default 500 ms. */
  fallbackPollMs?: number;
  /** Bursts of file-system notices within this window become one check; default 25 ms. */
  debounceMs?: number;
}

/**
 * Calls `onChange` (without arguments) after the inbox at `path` changed: an event was appended,
 * the file was created, compacted or removed. Read the inbox again to see what changed. Returns a
 * function that stops watching; the watch never keeps the process alive on its own.
 */
export function watchInbox(path: string, onChange: () => void, options: WatchOptions = {}): () => void {
  const debounceMs = options.debounceMs ?? 25;
  let last = fingerprint(path);
  let watcher: FSWatcher | undefined;
  let debounce: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let closed = false;

  const check = () => {
    if (closed) return;
    const current = fingerprint(path);
    if (current === last) return;
    last = current;
    try {
      onChange();
    } catch (error) {
      // A failing listener must not stop the watch nor crash the process it runs in.
      process.stderr.write(`watchInbox: listener failed: ${String(error)}\n`);
    }
  };
  const soon = () => {
    clearTimeout(debounce);
    debounce = setTimeout(check, debounceMs);
    debounce.unref();
  };
  const startWatcher = () => {
    try {
      const name = basename(path);
      watcher = watch(dirname(path), { persistent: false }, (_type, filename) => {
        // Some platforms omit the name; then any change in the folder is worth a stat.
        if (filename === null || filename.toString() === name) soon();
      });
      watcher.on("error", () => {
        watcher?.close();
        watcher = undefined;
        schedulePoll();
      });
    } catch {
      watcher = undefined; // the folder does not exist (yet), or the platform cannot watch it
    }
  };
  const schedulePoll = () => {
    clearTimeout(poll);
    if (closed) return;
    const every = watcher ? (options.pollMs ?? 2000) : (options.fallbackPollMs ?? 500);
    poll = setTimeout(() => {
      if (!watcher) startWatcher();
      check();
      schedulePoll();
    }, every);
    poll.unref();
  };

  startWatcher();
  schedulePoll();
  return () => {
    closed = true;
    clearTimeout(debounce);
    clearTimeout(poll);
    watcher?.close();
  };
}

/** What changes when the file does; "missing" when there is none. */
function fingerprint(path: string): string {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return "missing";
  }
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.birthtimeMs}`;
}
