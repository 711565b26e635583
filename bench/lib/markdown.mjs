/**
 * docs/benchmarks.md is written section by section: each benchmark replaces its own "## " section
 * and leaves the others as they are, so one benchmark can be rerun alone. Sections keep the order
 * below; a section not listed goes to the end.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, platform, release, totalmem } from "node:os";
import { DOC, ROOT } from "./paths.mjs";

const ORDER = [
  "Summary",
  "Cold start",
  "Per-call overhead",
  "Rate governor",
  "Memory",
  "Text size",
  "Webhook receiver",
];

const HEADER = "# Benchmarks\n";

/** Replaces (or inserts) `## {title}` in docs/benchmarks.md with `body` (which omits the heading). */
export function writeSection(title, body) {
  const current = existsSync(DOC) ? readFileSync(DOC, "utf8") : HEADER;
  const sections = parseSections(current);
  sections.set(title, `## ${title}\n\n${body.trim()}\n`);
  const ordered = [...sections.keys()].sort((a, b) => rank(a) - rank(b));
  const intro = current.slice(0, firstSection(current)).trim() || HEADER.trim();
  writeFileSync(DOC, `${intro}\n\n${ordered.map((t) => sections.get(t).trimEnd()).join("\n\n")}\n`);
}

function rank(title) {
  const i = ORDER.findIndex((t) => title.startsWith(t));
  return i === -1 ? ORDER.length : i;
}

function firstSection(text) {
  const m = /^## /m.exec(text);
  return m ? m.index : text.length;
}

function parseSections(text) {
  const sections = new Map();
  const starts = [...text.matchAll(/^## (.+)$/gm)];
  starts.forEach((m, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].index : text.length;
    sections.set(m[1].trim(), text.slice(m.index, end));
  });
  return sections;
}

/** A Markdown table from a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export const ms = (value, digits = 1) => (Number.isNaN(value) ? "n/a" : `${value.toFixed(digits)} ms`);
export const times = (ratio) => `${ratio.toFixed(2)}×`;
export const int = (n) => Math.round(n).toLocaleString("en");

/** Captured when a benchmark starts: the machine and how busy it was. */
export function machineLine(node = process.version) {
  const cpu = cpus();
  const load = loadavg()[0];
  return (
    `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM ` +
    `(${(freemem() / 2 ** 30).toFixed(1)} free), ${platform()} ${release()}, Node ${node}; ` +
    `load average (1 min) ${load.toFixed(2)} at the start; ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC` +
    (commit() ? `, commit ${commit()}` : "")
  );
}

/** The checked-out commit, with "+ changes" when the work tree differs from it. */
export function commit() {
  try {
    const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src"], { cwd: ROOT })
      .toString()
      .trim();
    return dirty ? `${head} + uncommitted changes in src/` : head;
  } catch {
    return undefined;
  }
}

/** "met" / "missed" for a goal, as shown in every table. */
export const verdict = (met) => (met ? "met" : "**missed**");
