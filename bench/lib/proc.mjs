/** What Linux tells about another process: its resident memory and the CPU time it has used. */
import { readFileSync } from "node:fs";

/** VmRSS from /proc/<pid>/status, in MiB. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** User + system CPU time from /proc/<pid>/stat, in ms (10 ms resolution: measure many calls); NaN off Linux. */
export function cpuMs(pid) {
  if (process.platform !== "linux") return Number.NaN;
  // Fields after the command name, which may contain spaces, hence the split at ") ".
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
