import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenCli, type ServeProcess, startServe, writeTenantsFile } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const run = promisify(execFile);
const inspector = join(
  dirname(createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json")),
  "clients",
  "launcher",
  "build",
  "index.js",
);

/** A client we did not write: the MCP Inspector's CLI over Streamable HTTP, with a tenant's token. */
describe("the MCP Inspector CLI against serve", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let serve: ServeProcess;
  let token: string;

  beforeAll(async () => {
    const tenantsPath = writeTenantsFile([{ id: "demo", apiKeyEnv: "DEMO_KEY", baseUrl: sandbox().url }]);
    const env = { DEMO_KEY: sandbox().keys.demo };
    token = createTokenCli(tenantsPath, "demo", env);
    serve = await startServe(["--tenants", tenantsPath], env);
  });
  afterAll(async () => {
    await serve?.stop();
  });

  it("calls a tool over HTTP", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        inspector,
        "--cli",
        `${serve.url}/mcp`,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${token}`,
        "--method",
        "tools/call",
        "--tool-name",
        "list_customers",
        "--tool-arg",
        "query=mueller",
      ],
      { timeout: 30_000 },
    );
    const answer = JSON.parse(stdout) as { isError?: boolean; content: { text: string }[] };
    expect(answer.isError).not.toBe(true);
    expect(answer.content[0]?.text).toContain("Müller & Söhne GmbH");
  }, 40_000);
});
