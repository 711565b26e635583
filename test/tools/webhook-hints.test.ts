/**
 * How to get payment events is said in words that fit how the caller signed in: a stdio user runs
 * `invoicing-mcp webhooks serve`; a hosted tenant of a tenants file asks the server's operator; an
 * OAuth person registers the /webhooks/… address the consent page showed them. Checked where a
 * person meets it: the server's instructions, the answer to a tool the server does not offer
 * (recent_events without events), and vat_report's Ist answer without an inbox. Data: the demo
 * account, a read-only caller (so vat_report cannot offer note_payments instead).
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { ReadOnlyBy, SignIn } from "../../src/config/principal.js";
import { serverBlueprint } from "../../src/mcp/server.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const CALLERS: { signIn: SignIn; readOnlyBy: ReadOnlyBy; says: RegExp[] }[] = [
  {
    signIn: { kind: "local" },
    readOnlyBy: "settings",
    says: [/`invoicing-mcp webhooks serve`/, /INVOICING_INBOX/],
  },
  {
    signIn: { kind: "tenant" },
    readOnlyBy: "operator",
    says: [/asks the server's operator to set it up/, /nothing to run on their own computer/],
  },
  {
    signIn: { kind: "oauth", webhookUrl: "https://invoicing.example/webhooks/oa-0123456789abcdef0123" },
    readOnlyBy: "grant",
    says: [/registers the \/webhooks\/… address shown on this server's consent page/, /nothing to run/],
  },
];

describe("webhook set-up hints fit the caller's sign-in", () => {
  const sandbox = useSandbox();

  for (const { signIn, readOnlyBy, says } of CALLERS) {
    it(`${signIn.kind}: instructions, a missing recent_events and vat_report's Ist answer say the same`, async () => {
      const config = loadConfig({
        INVOICING_BASE_URL: sandbox().url,
        INVOICING_API_KEY: sandbox().keys.demo,
      });
      const server = serverBlueprint({
        config,
        client: clientFor(sandbox(), { maxAttempts: 1 }),
        now: () => new Date(REFERENCE_DATE),
        log: () => {},
      }).create({ caller: { scopes: ["read"], readOnlyBy, signIn } });
      const client = new Client({ name: "test", version: "0" });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      await client.connect(clientSide);
      try {
        const text = async (name: string, args: Record<string, unknown>) => {
          const result = (await client.callTool({ name, arguments: args })) as {
            content: { text?: string }[];
          };
          return result.content.map((c) => c.text ?? "").join("\n");
        };
        const instructions = client.getInstructions() ?? "";
        const webhookLine = instructions
          .split("\n")
          .find((line) => line.includes("REST API has no payment dates"));
        const missing = await text("recent_events", {});
        const vat = await text("vat_report", { period: "October 2026", basis: "ist" });
        expect(missing).toMatch(/^recent_events is not available/);
        expect(vat).toContain("Payment dates come only from webhook events");
        for (const answer of [webhookLine ?? "", missing, vat]) {
          for (const said of says) expect(answer).toMatch(said);
          if (signIn.kind !== "local") {
            expect(answer).not.toContain("webhooks serve");
            expect(answer).not.toContain("INVOICING_INBOX");
          }
        }
      } finally {
        await client.close();
        await server.close();
      }
    });
  }
});
