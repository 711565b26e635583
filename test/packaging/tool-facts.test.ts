/**
 * The tools' facts the bundle carries, made at build time (scripts/bundle.mjs, src/mcp/tool-facts.ts),
 * are what the sources say at run time: the bundle's tools/list equals the in-process server's for
 * each of the four kinds of caller a description may depend on (tool-facts.ts), so the two can never
 * drift apart. The bundle reads a tool's code only when
 * it is called, and a call from it is checked and answered as from the sources.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, describe, expect, it } from "vitest";
import { BUNDLE_DIR, BUNDLE_ENTRY_NAME } from "../../scripts/bundle.mjs";
import { connect } from "../helpers/mcp.js";

const inboxDir = mkdtempSync(join(tmpdir(), "invoicing-tool-facts-"));
afterAll(() => rmSync(inboxDir, { recursive: true, force: true }));

const BASE = { INVOICING_API_KEY: "facts-test-key", INVOICING_BASE_URL: "http://127.0.0.1:9" };
const CALLERS = {
  "a configured user": BASE,
  "a read-only server": { ...BASE, INVOICING_READ_ONLY: "true" },
  "a server with stored webhook events": { ...BASE, INVOICING_INBOX: join(inboxDir, "inbox.jsonl") },
  "a read-only server with stored webhook events": {
    ...BASE,
    INVOICING_READ_ONLY: "true",
    INVOICING_INBOX: join(inboxDir, "inbox.jsonl"),
  },
};

async function bundled(env: Record<string, string>): Promise<Client> {
  // The bundle of this test run (test/global-setup.ts builds it).
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [`${BUNDLE_DIR}/${BUNDLE_ENTRY_NAME}`],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "facts-test", version: "0" });
  await client.connect(transport);
  return client;
}

describe("the tools' facts made at build time", () => {
  it.each(Object.entries(CALLERS))("are what the sources say: tools/list for %s", async (_caller, env) => {
    const fromBundle = await bundled(env);
    const sources = await connect(undefined, { env });
    try {
      const listed = (await fromBundle.listTools()).tools;
      expect(listed.length).toBeGreaterThan(5);
      expect(listed).toEqual((await sources.client.listTools()).tools);
    } finally {
      await fromBundle.close();
      await sources.close();
    }
  });

  it("carry the resources the tools declare: the bundle registers the sources' resources without their code", async () => {
    const fromBundle = await bundled(BASE);
    const sources = await connect(undefined, { env: BASE });
    try {
      const templates = (await fromBundle.listResourceTemplates()).resourceTemplates;
      expect(templates.map((t) => t.uriTemplate)).toContain("invoicing://reports/eur/{year}");
      expect(templates).toEqual((await sources.client.listResourceTemplates()).resourceTemplates);
      expect((await fromBundle.listResources()).resources).toEqual(
        (await sources.client.listResources()).resources,
      );
    } finally {
      await fromBundle.close();
      await sources.close();
    }
  });

  it("leave a call's checks to the tool's own schema, read at the first call: the answer is the sources'", async () => {
    const fromBundle = await bundled(BASE);
    const sources = await connect(undefined, { env: BASE });
    try {
      const wrong = { name: "eur_report", arguments: { year: { not: "a year" } } };
      const answer = await fromBundle.callTool(wrong);
      expect(answer.isError).toBe(true);
      expect(JSON.stringify(answer.content)).toMatch(/Invalid arguments for tool eur_report: year/);
      expect(answer).toEqual(await sources.client.callTool(wrong));
    } finally {
      await fromBundle.close();
      await sources.close();
    }
  });
});
