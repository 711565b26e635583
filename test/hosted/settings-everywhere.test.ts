/**
 * One settings schema, whatever the source: the same values give the same result in stdio (the
 * bin's environment), for a tenants-file tenant (its entry, or the server's environment as its
 * default) and for an OAuth person (the server's environment). Read-only written as 1, yes or true
 * hides every write; a bad zone or tax rate stops the start naming where it came from. And a
 * read-only caller is the same person, not a second id: a tenant that happens to be named
 * `bravo-read` hears nothing meant for `bravo`.
 */
import { execFileSync, spawn } from "node:child_process";
import type { Client } from "@modelcontextprotocol/client";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import { type Engine, startPostgres } from "../helpers/engines.js";
import {
  createTokenCli,
  httpClient,
  type ServeProcess,
  startServe,
  writeTenantsFile,
} from "../helpers/hosted.js";
import {
  authorizeInBrowser,
  authorizeUrl,
  type Balancer,
  freePort,
  launchBrowser,
  oauthKeys,
  pkce,
  type RedirectTarget,
  registerClient,
  startBalancer,
  startOAuthServe,
  startRedirectTarget,
  tokenRequest,
} from "../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { BIN, StdioSession } from "../helpers/stdio.js";
import { deliver, envelope, until } from "../webhooks/helpers.js";

const READ_ONLY_SPELLINGS = ["1", "yes", "true"];
const WRITES = ["create_invoice", "log_time", "create_customer"];

/** Runs the bin to its end (or kills it after 10 s: a start that hangs fails the test). */
async function runToExit(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

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
  let postgres: Engine;

  beforeAll(async () => {
    postgres = await startPostgres();
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  });

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
      const tenantsPath = writeTenantsFile([
        { id: "entry", apiKeyEnv: "KEY", baseUrl: sandbox().url, readOnly: spelling },
        { id: "default", apiKeyEnv: "KEY", baseUrl: sandbox().url },
      ]);
      const env = { KEY: sandbox().keys.demo };
      const tokens = {
        entry: createTokenCli(tenantsPath, "entry", env),
        default: createTokenCli(tenantsPath, "default", env),
      };
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
    let balancer: Balancer;
    let serve: ServeProcess;
    let redirect: RedirectTarget;
    let browser: Browser;
    let closeBrowser: () => Promise<void>;

    beforeAll(async () => {
      balancer = await startBalancer(await freePort());
      serve = await startOAuthServe(balancer.url, {
        INVOICING_DATABASE_URL: postgres.url,
        INVOICING_BASE_URL: sandbox().url,
        INVOICING_OAUTH_KEYS: oauthKeys(),
        INVOICING_READ_ONLY: "1",
      });
      balancer.backends.push(serve.url);
      redirect = await startRedirectTarget();
      ({ browser, close: closeBrowser } = await launchBrowser());
    }, 60_000);
    afterAll(async () => {
      await closeBrowser?.();
      await redirect?.close();
      await serve?.stop();
      await balancer?.close();
    });

    it("INVOICING_READ_ONLY=1 on the server hides every write, even from a grant with write", async () => {
      const clientId = await registerClient(balancer.url, redirect.url);
      const { verifier, challenge } = pkce();
      const params = await authorizeInBrowser(
        browser,
        authorizeUrl(balancer.url, { clientId, redirectUri: redirect.url, challenge }),
        sandbox().keys.demo,
        "write",
        redirect,
      );
      const tokens = await tokenRequest(balancer.url, {
        grant_type: "authorization_code",
        code: params.get("code")!,
        redirect_uri: redirect.url,
        client_id: clientId,
        code_verifier: verifier,
      });
      expect(tokens.status).toBe(200);
      const client = await httpClient(balancer.url, String(tokens.body.access_token), "legacy");
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
        INVOICING_DATABASE_URL: postgres.url,
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
    const env = { KEY: sandbox().keys.demo, INVOICING_DATABASE_URL: postgres.url };
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
