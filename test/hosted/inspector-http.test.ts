import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { useHosted } from "../helpers/hosted.js";
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
  const hosted = useHosted(() => ({
    tenants: [{ id: "demo", apiKeyEnv: "DEMO_KEY", baseUrl: sandbox().url }],
    env: { DEMO_KEY: sandbox().keys.demo },
  }));

  it("calls a tool over HTTP", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        inspector,
        "--cli",
        `${hosted().url}/mcp`,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${hosted().token}`,
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
