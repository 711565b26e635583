import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";
import { closedPort, doctor } from "./support.js";

const run = promisify(execFile);

describe("doctor against the sandbox", () => {
  const sandbox = useSandbox();
  const env = (apiKey?: string) => ({
    INVOICING_BASE_URL: sandbox().url,
    ...(apiKey === undefined ? {} : { INVOICING_API_KEY: apiKey }),
  });

  it("all well: names account facts and exits 0", async () => {
    const { code, out } = await doctor(env(sandbox().keys.demo));
    expect(out).toMatch(/access\s+accepted/);
    expect(out).toMatch(/account\s+\d+ active customers and \d+ active projects/);
    expect(out).toMatch(/All is well/);
    expect(out).not.toMatch(/FAIL|WARN/);
    expect(out).not.toContain(sandbox().keys.demo);
    expect(code).toBe(0);
  });

  it("no key: says to set INVOICING_API_KEY, and still checks that the address is the API", async () => {
    const { code, out } = await doctor(env());
    expect(out).toMatch(/FAIL\s+API key\s+not set/);
    expect(out).toMatch(/Set INVOICING_API_KEY/);
    expect(out).toMatch(/ok\s+API\s+answers like the Invoicing Service API/);
    expect(code).toBe(1);
  });

  it("invalid key (401): says the key is not known and how to get a new one", async () => {
    const key = "sk_sandbox_demo_thisisnotthekeyatall00000000000";
    const { code, out } = await doctor(env(key));
    expect(out).toMatch(/FAIL\s+access\s+not accepted \(401\)/);
    expect(out).toMatch(/Settings → API access/);
    expect(out).not.toContain(key);
    expect(code).toBe(1);
  });

  it("a key pasted with quote marks: says so", async () => {
    const { out } = await doctor(env(`"${sandbox().keys.demo}"`));
    expect(out).toMatch(/not accepted \(401\)/);
    expect(out).toMatch(/starts or ends with a space or a quote mark/);
  });

  it.each([
    ["expired key", "expired"],
    ["no Pro plan", "noPro"],
  ] as const)("%s (403): names both causes, since the service does not say which", async (_, which) => {
    const key = sandbox().keys[which];
    const { code, out } = await doctor(env(key));
    expect(out).toMatch(
      /FAIL\s+access\s+refused \(403\): the key has expired, or the account has no Pro plan/,
    );
    expect(out).toMatch(/create a new one under Settings → API access/);
    expect(out).toMatch(/upgrade it: API access needs Pro/);
    expect(out).not.toContain(key);
    expect(code).toBe(1);
  });

  it("unreachable host (a closed port): connection refused, check host and port", async () => {
    const { code, out } = await doctor({
      INVOICING_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      INVOICING_API_KEY: sandbox().keys.demo,
    });
    expect(out).toMatch(/FAIL\s+reachable\s+no: connection refused/);
    expect(out).toMatch(/Check the host and port in INVOICING_BASE_URL/);
    expect(code).toBe(1);
  });

  it("clock skew: warns when this machine's clock is minutes off the service's", async () => {
    const tenMinutesAhead = () => Date.now() + 10 * 60_000;
    const { code, out } = await doctor(env(sandbox().keys.demo), { now: tenMinutesAhead });
    expect(out).toMatch(/WARN\s+clock\s+this machine's clock is 10 minutes ahead of the service's/);
    expect(out).toMatch(/access\s+accepted/);
    expect(code).toBe(1);
  });

  it("an invalid setting: names the variable, and checks nothing else", async () => {
    const { code, out } = await doctor({ ...env(sandbox().keys.demo), INVOICING_TIMEOUT_MS: "soon" });
    expect(out).toMatch(/FAIL\s+configuration\s+invalid/);
    expect(out).toMatch(/INVOICING_TIMEOUT_MS "soon" is not valid/);
    expect(out).not.toMatch(/reachable/);
    expect(code).toBe(1);
  });

  it("a key with a line break: refused at the configuration step, naming the variable", async () => {
    const key = `${sandbox().keys.demo}\n`;
    const { code, out } = await doctor(env(key));
    expect(out).toMatch(/FAIL\s+configuration\s+invalid/);
    expect(out).toMatch(/INVOICING_API_KEY is not valid.*line break/);
    expect(out).not.toMatch(/reachable/);
    expect(out).not.toContain(sandbox().keys.demo);
    expect(code).toBe(1);
  });

  it("a base URL with a password: refused without printing it", async () => {
    const url = sandbox().url.replace("http://", "http://user:hunter2pass@");
    const { code, out } = await doctor({ ...env(sandbox().keys.demo), INVOICING_BASE_URL: url });
    expect(out).toMatch(/INVOICING_BASE_URL.*user name or password/);
    expect(out).not.toContain("hunter2pass");
    expect(code).toBe(1);
  });

  it("no base URL: says to set it, or to try the sandbox", async () => {
    const { code, out } = await doctor({ INVOICING_API_KEY: sandbox().keys.demo });
    expect(out).toMatch(/FAIL\s+base URL\s+not set/);
    expect(out).toMatch(/invoicing-mcp --sandbox/);
    expect(out).not.toContain(sandbox().keys.demo);
    expect(code).toBe(1);
  });

  it("the built bin: `doctor` exits 0 when all is well and 1 otherwise", async () => {
    const base = { PATH: process.env.PATH ?? "", INVOICING_BASE_URL: sandbox().url };
    const good = await run(process.execPath, [BIN, "doctor"], {
      env: { ...base, INVOICING_API_KEY: sandbox().keys.demo },
    });
    expect(good.stdout).toMatch(/All is well/);

    const bad = await run(process.execPath, [BIN, "doctor"], {
      env: { ...base, INVOICING_API_KEY: sandbox().keys.expired },
    }).then(
      () => ({ code: 0, stdout: "" }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/refused \(403\)/);
  });
});
