/**
 * Telling whether a pid written in a lock file still names the process that wrote it. A pid alone
 * does not: after a reboot, or once pids wrap around, it may name any other program. On Linux the
 * boot id and a process's start time (in clock ticks since boot) pin a process exactly; elsewhere
 * the boot time (from the uptime) at least tells a lock from an earlier boot.
 */
import { readFileSync } from "node:fs";
import { uptime } from "node:os";
import { basename } from "node:path";

/** Clock noise allowed when comparing an instant with the boot time computed from the uptime. */
const BOOT_SLACK_MS = 60_000;
/** Programs a receiver can run in (its lock names the runtime's pid). */
const RUNTIMES = /^(node|nodejs|bun|deno|invoicing-mcp)(\.exe)?$|^node\d/i;

export interface ProcessMark {
  /** Linux: /proc/sys/kernel/random/boot_id. */
  bootId?: string;
  /** Linux: field 22 of /proc/<pid>/stat, the start time in clock ticks since boot. */
  processStart?: string;
}

/** This process's marks, written into its lock. */
export function ownMark(): ProcessMark {
  const bootId = readBootId();
  const processStart = startTimeOf(process.pid);
  return { ...(bootId ? { bootId } : {}), ...(processStart ? { processStart } : {}) };
}

export type Verdict = "alive" | "gone" | "other-boot" | "other-process" | "not-a-receiver";

/**
 * What became of the process that wrote a lock on this machine at `since` with these marks.
 * "alive" whenever it cannot be ruled out (no /proc, no permission): a wrong "alive" only asks the
 * user to delete a lock; a wrong "gone" would let two receivers write one inbox.
 */
export function judgeProcess(pid: number, since: string, mark: ProcessMark): Verdict {
  const bootId = readBootId();
  if (mark.bootId && bootId) {
    if (mark.bootId !== bootId) return "other-boot";
  } else if (Date.parse(since) < bootTimeMs() - BOOT_SLACK_MS) {
    return "other-boot";
  }
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return "gone"; // EPERM: exists, not ours
  }
  if (process.platform !== "linux") return "alive";
  const started = startTimeOf(pid);
  if (mark.processStart) return started && started !== mark.processStart ? "other-process" : "alive";
  // A lock without a start time (an older receiver): at least the program must be a JS runtime.
  const program = programOf(pid);
  return program === undefined || RUNTIMES.test(basename(program)) ? "alive" : "not-a-receiver";
}

function bootTimeMs(): number {
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    if (btime) return Number(btime[1]) * 1000;
  } catch {
    // not Linux: fall back to the uptime
  }
  return Date.now() - uptime() * 1000;
}

function readBootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name in parentheses may contain spaces and parentheses: count fields after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19]; // field 22 overall; fields[0] is field 3 (the state)
  } catch {
    return undefined;
  }
}

function programOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] || undefined;
  } catch {
    return undefined;
  }
}
