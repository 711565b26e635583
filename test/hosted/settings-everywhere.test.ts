import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import {
  createTokenCli,
  httpClient,
  runToExit,
  startMigratedPostgres,
  startServe,
  useStarted,
  writeTenantsFile,
  writeTenantsWithTokens,
} from "../helpers/hosted.js";
import { codeThroughBrowser, exchangeCode, oauthKeys, useOAuthServers } from "../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { StdioSession } from "../helpers/stdio.js";
import { deliver, envelope, until } from "../webhooks/helpers.js";

const READ_ONLY_SPELLINGS = ["1", "yes", "true"];
const WRITES = ["create_invoice", "log_time", "create_customer"];

/** The names of the tools a stdio server started with this environment lists. */
async function stdioTools(env: Record<string, string>): Promise<string[]> {
  const session = new StdioSession([], env);
  try {
    await session.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "settings", version: "0" },
    });
    session.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const listed = await session.request("tools/list");
    const tools = (listed.result?.tools ?? []) as { name: string }[];
    return tools.map((tool) => tool.name);
  } finally {
    session.child.kill();
  }
}

const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

describe("the same settings, whatever their source", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const postgres = useStarted("PostgreSQL", startMigratedPostgres);

  it.each(READ_ONLY_SPELLINGS)("INVOICING_READ_ONLY=%s hides every write on stdio", async (spelling) => {
    const listed = await stdioTools({
      INVOICING_API_KEY: sandbox().keys.demo,
      INVOICING_BASE_URL: sandbox().url,
      INVOICING_READ_ONLY: spelling,
    });
    expect(listed).toContain("list_invoices");
    for (const write of WRITES) expect(listed).not.toContain(write);
  });

  it.each(READ_ONLY_SPELLINGS)(
    "readOnly %s hides every write for a tenant, in its entry or from the server's environment",
    async (spelling) => {
      const env = { KEY: sandbox().keys.demo };
      const { tenantsPath, tokens } = writeTenantsWithTokens(
        [
          { id: "entry", apiKeyEnv: "KEY", baseUrl: sandbox().url, readOnly: spelling },
          { id: "default", apiKeyEnv: "KEY", baseUrl: sandbox().url },
        ],
        env,
      );
      for (const [serverEnv, tenant] of [
        [env, "entry"],
        [{ ...env, INVOICING_READ_ONLY: spelling }, "default"],
      ] as const) {
        const serve = await startServe(["--tenants", tenantsPath], serverEnv);
        try {
          const client = await httpClient(serve.url, tokens[tenant], "legacy");
          const listed = await names(client);
          await client.close();
          expect(listed).toContain("list_invoices");
          for (const write of WRITES) expect(listed, `${tenant} ${spelling}`).not.toContain(write);
        } finally {
          await serve.stop();
        }
      }
    },
    60_000,
  );

  describe("for an OAuth person", () => {
    const oauth = useOAuthServers(sandbox, {
      instances: 1,
      postgres,
      env: () => ({ INVOICING_READ_ONLY: "1" }),
    });

    it("INVOICING_READ_ONLY=1 on the server hides every write, even from a grant with write", async () => {
      const tokens = await exchangeCode(oauth(), await codeThroughBrowser(oauth(), sandbox().keys.demo));
      expect(tokens.status).toBe(200);
      const client = await httpClient(oauth().url, String(tokens.body.access_token), "legacy");
      const listed = await names(client);
      const refused = await client.callTool({
        name: "create_customer",
        arguments: { name: "X", hourlyRate: 1 },
      });
      await client.close();
      expect(listed).toContain("list_invoices");
      for (const write of WRITES) expect(listed).not.toContain(write);
      expect(JSON.stringify(refused.content)).toMatch(/this server is read-only.*operator/);
    }, 60_000);
  });

  const bad = [
    {
      setting: "timeZone",
      variable: "INVOICING_TIMEZONE",
      value: "Mars/Olympus_Mons",
      says: /IANA time zone/,
    },
    {
      setting: "defaultTaxRate",
      variable: "INVOICING_DEFAULT_TAX_RATE",
      value: "19.555",
      says: /two decimals/,
    },
  ];
  for (const { setting, variable, value, says } of bad) {
    it(`a bad ${setting} is named by every mode, naming where it came from: stdio starts and says it, serve stops`, async () => {
      // A client shows a stdio server that exits as dead: it starts, and says what to fix.
      const stdio = new StdioSession([], {
        [variable]: value,
        INVOICING_API_KEY: "sk_x",
        INVOICING_BASE_URL: sandbox().url,
      });
      try {
        const instructions = String((await stdio.initialize()).result?.instructions);
        const named = new RegExp(`${variable} "${value.replace(".", "\\.")}" is not valid`);
        expect(instructions).toMatch(named);
        expect(instructions).toMatch(says);
        const answer = await stdio.callTool("list_invoices");
        expect(answer.result?.isError).toBe(true);
        const [said] = (answer.result?.content ?? []) as { text: string }[];
        expect(said?.text).toMatch(named);
        expect((await stdio.endInput()).code).toBe(0);
        expect(stdio.stderr).toMatch(named);
      } finally {
        if (stdio.child.exitCode === null) stdio.child.kill("SIGKILL");
      }

      const tenantsPath = writeTenantsFile([
        {
          id: "acme",
          apiKey: "sk_x",
          baseUrl: sandbox().url,
          [setting]: setting === "defaultTaxRate" ? 19.555 : value,
        },
      ]);
      const tenant = await runToExit(["serve", "--port", "0", "--tenants", tenantsPath], {});
      expect(tenant.code).toBe(1);
      expect(tenant.stderr).toMatch(new RegExp(`tenant "acme": ${setting} .* is not valid`));
      expect(tenant.stderr).toMatch(says);

      const oauth = await runToExit(["serve", "--port", "0", "--oauth"], {
        INVOICING_DATABASE_URL: postgres().url,
        INVOICING_PUBLIC_URL: "https://mcp.example.com",
        INVOICING_BASE_URL: sandbox().url,
        INVOICING_OAUTH_KEYS: oauthKeys(),
        [variable]: value,
      });
      expect(oauth.code).toBe(1);
      expect(oauth.stderr).toMatch(new RegExp(`${variable} "${value.replace(".", "\\.")}" is not valid`));
      expect(oauth.stderr).toMatch(says);
      expect(oauth.stderr).not.toContain("serving MCP");
    }, 30_000);
  }

  it("a tenant named bravo-read hears nothing meant for bravo", async () => {
    const secret = "whsec_bravo_4f1e";
    const tenantsPath = writeTenantsFile([
      { id: "bravo", apiKeyEnv: "KEY", baseUrl: sandbox().url, webhookSecret: secret },
      {
        id: "bravo-read",
        apiKeyEnv: "KEY",
        baseUrl: sandbox().url,
        readOnly: true,
        webhookSecret: "whsec_other",
      },
    ]);
    const env = { KEY: sandbox().keys.demo, INVOICING_DATABASE_URL: postgres().url };
    const bravo = await startServe(["--tenants", tenantsPath], env);
    try {
      const heard: Record<string, string[]> = { bravo: [], "bravo-read": [] };
      const clients: Client[] = [];
      for (const id of ["bravo", "bravo-read"] as const) {
        const client = await httpClient(bravo.url, createTokenCli(tenantsPath, id, env), "modern");
        client.setNotificationHandler("notifications/resources/updated", (n) => {
          heard[id]!.push(n.params.uri);
        });
        await client.listen({ resourceSubscriptions: ["invoicing://events/recent"] });
        clients.push(client);
      }
      const body = envelope(
        "invoice.paid",
        { _id: "inv_b1", invoiceNumber: "RE-B-1", grossAmount: 10 },
        "2026-11-20T10:00:00.000Z",
      );
      expect((await deliver(`${bravo.url}/webhooks/bravo`, body, sign(body, secret))).status).toBe(200);
      await until(() => heard.bravo!.length > 0);
      // Give a wrong announcement every chance to arrive: a second delivery, heard by bravo too.
      const second = envelope(
        "invoice.paid",
        { _id: "inv_b2", invoiceNumber: "RE-B-2", grossAmount: 11 },
        "2026-11-20T11:00:00.000Z",
      );
      await deliver(`${bravo.url}/webhooks/bravo`, second, sign(second, secret));
      await until(() => heard.bravo!.length > 1);
      expect(heard["bravo-read"]).toEqual([]);
      for (const client of clients) await client.close();
    } finally {
      await bravo.stop();
    }
  }, 60_000);
});
