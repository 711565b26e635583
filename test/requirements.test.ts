/**
 * `npm test` on a machine without Chromium, redis-server or PostgreSQL stops at once with one line
 * naming what is missing and how to get it (test/global-setup.ts), instead of failing the browser
 * and hosted tests one by one.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chromiumPath, missingRequirements, postgresBinDir, requirements } from "./helpers/requirements.js";

const nowhere = mkdtempSync(join(tmpdir(), "invoicing-nothing-"));

describe("what the suite needs on the machine", () => {
  it("names each missing engine, where it was looked for, and the apt-get line that installs it", () => {
    const line = missingRequirements(
      requirements({ PATH: nowhere, CHROMIUM_PATH: join(nowhere, "chromium") }, [nowhere]),
    );
    expect(line).toBe(
      `npm test needs chromium (looked for ${nowhere}/chromium, from CHROMIUM_PATH), ` +
        `redis-server (looked for redis-server on the PATH), postgresql (looked for initdb on the PATH or in ${nowhere}/*/bin), ` +
        "openssl (looked for openssl on the PATH): " +
        "install with `sudo apt-get install chromium redis-server postgresql openssl` (Debian/Ubuntu), " +
        'or see CONTRIBUTING.md, "What you need".',
    );
  });

  it("finds PostgreSQL's initdb on the PATH first, else the newest version in a Debian, Homebrew or Postgres.app folder", () => {
    const place = mkdtempSync(join(tmpdir(), "invoicing-pg-places-"));
    const initdbIn = (dir: string) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "initdb"), "#!/bin/sh\n");
      chmodSync(join(dir, "initdb"), 0o755);
      return dir;
    };
    const homebrew = join(place, "opt");
    initdbIn(join(homebrew, "postgresql@15", "bin"));
    const newest = initdbIn(join(homebrew, "postgresql@17", "bin"));
    mkdirSync(join(homebrew, "redis", "bin"), { recursive: true });
    expect(postgresBinDir({ PATH: nowhere }, [join(place, "none"), homebrew])).toBe(newest);
    const onPath = initdbIn(join(place, "path-bin"));
    expect(postgresBinDir({ PATH: `${nowhere}:${onPath}` }, [homebrew])).toBe(onPath);
    expect(postgresBinDir({ PATH: nowhere }, [nowhere])).toBeUndefined();
  });

  it("finds what this machine has (CI installs all three), and every browser test uses CHROMIUM_PATH", () => {
    expect(missingRequirements(requirements())).toBeUndefined();
    expect(chromiumPath({ CHROMIUM_PATH: "/opt/chromium/chrome" })).toBe("/opt/chromium/chrome");
    expect(chromiumPath({})).toBe("/usr/bin/chromium");
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("the OAuth and the views' browser helpers both launch the Chromium CHROMIUM_PATH names", async () => {
    vi.stubEnv("CHROMIUM_PATH", "/opt/chromium/chrome");
    vi.resetModules();
    const [oauth, apps] = await Promise.all([import("./helpers/oauth.js"), import("./helpers/apps.js")]);
    expect(oauth.CHROMIUM).toBe("/opt/chromium/chrome");
    expect(apps.CHROMIUM).toBe("/opt/chromium/chrome");
  });

  it("a whole run without Chromium stops at once with that one line and exit code 1", () => {
    const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run"], {
      encoding: "utf8",
      timeout: 60_000,
      env: {
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        CHROMIUM_PATH: join(nowhere, "chromium"),
      },
    });
    expect(run.status).toBe(1);
    const lines = `${run.stdout}${run.stderr}`
      .split("\n")
      .filter((line) => line.startsWith("npm test needs"));
    expect(lines).toEqual([
      expect.stringMatching(
        /^npm test needs chromium \(looked for .*\): install with `sudo apt-get install chromium`/,
      ),
    ]);
    expect(run.stdout).not.toMatch(/Test Files/);
  }, 70_000);
});
