import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/engines.js";
import { runToExit, writeTenantsFile } from "../helpers/hosted.js";

/** `serve` (and `db migrate`) with an engine nobody answers at: exit 1 at once, saying where and what to check. */
describe("an engine that cannot be reached at start", () => {
  const tenantsPath = writeTenantsFile([
    { id: "acme", apiKey: "sk_test_unused", baseUrl: "http://127.0.0.1:9" },
  ]);

  const cases = [
    { engine: "Redis", variable: "INVOICING_REDIS_URL", scheme: "redis", args: ["serve", "--port", "0"] },
    {
      engine: "PostgreSQL",
      variable: "INVOICING_DATABASE_URL",
      scheme: "postgres",
      args: ["serve", "--port", "0"],
    },
    { engine: "PostgreSQL", variable: "INVOICING_DATABASE_URL", scheme: "postgres", args: ["db", "migrate"] },
  ];
  for (const { engine, variable, scheme, args } of cases) {
    it(`${args.join(" ")} with ${engine} unreachable: exit 1, naming ${engine}, its address and what to check`, async () => {
      const port = await freePort(); // nothing listens there
      const url = `${scheme}://operator:s3cret-pass@127.0.0.1:${port}/db`;
      const fullArgs = args[0] === "serve" ? [...args, "--tenants", tenantsPath] : args;
      const { code, stderr } = await runToExit(fullArgs, { [variable]: url });
      expect(code).toBe(1);
      expect(stderr).toContain(`${engine} at ${scheme}://127.0.0.1:${port}`);
      expect(stderr).toContain("ECONNREFUSED");
      expect(stderr).toContain(variable);
      expect(stderr).not.toContain("s3cret-pass");
      expect(stderr).not.toContain("serving MCP");
    }, 15_000);
  }
});
