/**
 * What the suite needs on the machine besides Node: Chromium (the views' and the sign-in pages'
 * browser tests), redis-server and PostgreSQL (the hosted mode's tests start their own on loopback),
 * and openssl (a test's throwaway TLS certificate).
 * One place says where each is looked for, so the browser helpers, the engines and the global
 * setup's check before a whole run agree.
 */
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

/** How every browser test launches Chromium: headless in a container, talking to nothing of its own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The Chromium every browser test launches: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/**
 * Folders whose subfolders may hold PostgreSQL's server binaries in `bin/`: Debian's and Ubuntu's
 * versioned folders, Homebrew's (Apple silicon and Intel) and Postgres.app's.
 */
export const POSTGRES_ROOTS = [
  "/usr/lib/postgresql",
  "/opt/homebrew/opt",
  "/usr/local/opt",
  "/Applications/Postgres.app/Contents/Versions",
];

/**
 * PostgreSQL's server binaries (initdb, postgres): the folder of an `initdb` on the PATH, else the
 * newest version under one of `roots`.
 */
export function postgresBinDir(
  env: NodeJS.ProcessEnv = process.env,
  roots: readonly string[] = POSTGRES_ROOTS,
): string | undefined {
  const onPathDir = pathDirs(env).find((dir) => executable(join(dir, "initdb")));
  if (onPathDir !== undefined) return onPathDir;
  for (const root of roots) {
    const versions = existsSync(root)
      ? readdirSync(root).sort((a, b) => versionOf(b) - versionOf(a) || b.localeCompare(a))
      : [];
    const bin = versions
      .map((version) => join(root, version, "bin"))
      .find((dir) => executable(join(dir, "initdb")));
    if (bin !== undefined) return bin;
  }
  return undefined;
}

/** "16", "postgresql@16", "16.4" → 16; a folder without a number sorts last. */
function versionOf(folder: string): number {
  return Number(/(\d+(?:\.\d+)?)/.exec(folder)?.[1] ?? -1);
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? "").split(delimiter).filter((dir) => dir !== "");
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return pathDirs(env).some((dir) => executable(join(dir, command)));
}

export interface Requirement {
  name: string;
  /** Where it was looked for. */
  where: string;
  present: boolean;
}

export function requirements(
  env: NodeJS.ProcessEnv = process.env,
  postgresRoots: readonly string[] = POSTGRES_ROOTS,
): Requirement[] {
  const chromium = chromiumPath(env);
  return [
    {
      name: "chromium",
      where: env.CHROMIUM_PATH ? `${chromium}, from CHROMIUM_PATH` : `${chromium} (or set CHROMIUM_PATH)`,
      present: executable(chromium),
    },
    { name: "redis-server", where: "redis-server on the PATH", present: onPath("redis-server", env) },
    {
      name: "postgresql",
      where: `initdb on the PATH or in ${postgresRoots.map((root) => `${root}/*/bin`).join(", ")}`,
      present: postgresBinDir(env, postgresRoots) !== undefined,
    },
    // The OAuth test behind the documented TLS proxy makes a throwaway certificate with it.
    { name: "openssl", where: "openssl on the PATH", present: onPath("openssl", env) },
  ];
}

/** One line naming what is missing and how to get it, or undefined when nothing is. */
export function missingRequirements(list: readonly Requirement[]): string | undefined {
  const missing = list.filter((requirement) => !requirement.present);
  if (missing.length === 0) return undefined;
  return (
    `npm test needs ${missing.map((r) => `${r.name} (looked for ${r.where})`).join(", ")}: ` +
    `install with \`sudo apt-get install ${missing.map((r) => r.name).join(" ")}\` (Debian/Ubuntu), ` +
    'or see CONTRIBUTING.md, "What you need".'
  );
}
