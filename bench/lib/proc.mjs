/** What Linux tells about another process: its resident memory and the CPU time it has used. */
import { readdirSync, readFileSync } from "node:fs";

/** VmRSS from /proc/<pid>/status, in MiB. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** User + system CPU time from /proc/<pid>/stat, in ms (10 ms resolution: measure many calls); NaN off Linux. */
export function cpuMs(pid) {
  const { user, system } = cpuSplitMs(pid);
  return user + system;
}

/** User and system CPU time apart, from /proc/<pid>/stat, in ms (10 ms resolution); NaN off Linux. */
export function cpuSplitMs(pid) {
  if (process.platform !== "linux") return { user: Number.NaN, system: Number.NaN };
  // Fields after the command name, which may contain spaces, hence the split at ") ".
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/**
 * CPU time of every thread of a process so far, from /proc/<pid>/task/<tid>/schedstat (nanoseconds
 * on the CPU), in ms; NaN off Linux. Finer than cpuMs, and on a loaded machine far steadier than
 * wall time, which also counts the time the process waited for a core.
 */
export function threadsCpuMs(pid) {
  if (process.platform !== "linux") return Number.NaN;
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return ns / 1e6;
}
