/**
 * What the suite needs on the machine besides Node: Chromium (the views' and the sign-in pages'
 * browser tests), redis-server and PostgreSQL (the hosted mode's tests start their own on loopback).
 * One place says where each is looked for, so the browser helpers, the engines and the global
 * setup's check before a whole run agree.
 */
import { accessSync, constants, existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The Chromium every browser test launches: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || "/usr/bin/chromium";
}

/** PostgreSQL's server binaries (initdb, postgres), from the Debian package's versioned folder. */
export function postgresBinDir(root = "/usr/lib/postgresql"): string | undefined {
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(root, version, "bin")).find((bin) => existsSync(join(bin, "initdb")));
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && executable(join(dir, command)));
}

export interface Requirement {
  name: string;
  /** Where it was looked for. */
  where: string;
  present: boolean;
}

export function requirements(
  env: NodeJS.ProcessEnv = process.env,
  postgresRoot = "/usr/lib/postgresql",
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
      where: `${postgresRoot}/*/bin/initdb`,
      present: postgresBinDir(postgresRoot) !== undefined,
    },
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
