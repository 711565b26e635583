/**
 * What a client of the 2026-07-28 protocol sees beyond tools and resources: the product's icon and
 * each tool family's, cache hints on the lists and the shipped documents, and the german-invoicing
 * skill (the Skills extension). Seen by the SDK's own client, over both transports a person uses:
 * the bin over stdio, and `serve` over Streamable HTTP.
 */
import { inflateSync } from "node:zlib";
import { Client, type Icon } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listedTools } from "../../src/mcp/inventory.js";
import { httpClient, useServe } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";

const MODERN = "2026-07-28";
const HOUR = 3_600_000;

/** The width and height a data: URI's PNG says it has, after checking it is one. */
function pngSize(icon: Icon): number {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(icon.src);
  expect(match, icon.src.slice(0, 40)).not.toBeNull();
  const bytes = Buffer.from(match![1]!, "base64");
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  const width = bytes.readUInt32BE(16);
  expect(bytes.readUInt32BE(20)).toBe(width);
  // The picture decodes: one IDAT with a row per pixel line.
  const idat = bytes.subarray(41, 41 + bytes.readUInt32BE(33));
  expect(inflateSync(idat).length).toBe(width * (1 + width * 4));
  return width;
}

const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
const serve = useServe(["--api-key-auth"], () => ({ INVOICING_BASE_URL: sandbox().url }));

const TRANSPORTS: Record<string, (era: "legacy" | "modern") => Promise<Client>> = {
  "stdio (the bin)": async (era) => {
    const client = new Client(
      { name: "protocol-features", version: "0" },
      era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
    );
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN, "--sandbox"], stderr: "ignore" }),
    );
    return client;
  },
  "Streamable HTTP (serve)": (era) => httpClient(serve().url, sandbox().keys.demo, era),
};

describe.each(Object.keys(TRANSPORTS))("a 2026-era client over %s", (transport) => {
  let client: Client;
  beforeAll(async () => {
    client = await TRANSPORTS[transport]!("modern");
  });
  afterAll(async () => {
    await client?.close();
  });

  it("sees the product's icon on the server and a small icon of its family on every tool", async () => {
    const icons = client.getServerVersion()?.icons ?? [];
    expect(icons).toHaveLength(1);
    expect(pngSize(icons[0]!)).toBe(32);
    expect(icons[0]).toMatchObject({ mimeType: "image/png", sizes: ["32x32"] });

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(listedTools({ readOnly: false }).map((t) => t.name));
    const bySource = new Map<string, string[]>();
    for (const tool of tools) {
      expect(tool.icons, tool.name).toHaveLength(1);
      const icon = tool.icons![0]!;
      expect(pngSize(icon), tool.name).toBe(16);
      expect(icon.sizes).toEqual(["16x16"]);
      // A few hundred characters: every tools/list carries one per tool.
      expect(icon.src.length, tool.name).toBeLessThanOrEqual(400);
      bySource.set(icon.src, [...(bySource.get(icon.src) ?? []), tool.name]);
    }
    // One picture per family: invoices, time, customers and reports (events need an inbox).
    const families = [...bySource.values()].map((names) => names.sort());
    expect(families).toHaveLength(4);
    expect(families).toContainEqual(["create_invoice", "invoice_documents", "list_invoices"]);
    expect(families).toContainEqual(["list_time_entries", "log_time", "time_summary"]);
  });

  it("gets cache hints: private for what depends on the caller, lifetimes as often as each changes", async () => {
    const tools = await client.listTools();
    expect([tools.ttlMs, tools.cacheScope]).toEqual([HOUR, "private"]);
    const prompts = await client.listPrompts();
    expect([prompts.ttlMs, prompts.cacheScope]).toEqual([HOUR, "private"]);
    // The customers are listed, and a new one should show within a minute.
    const resources = await client.listResources();
    expect([resources.ttlMs, resources.cacheScope]).toEqual([60_000, "private"]);
    const templates = await client.listResourceTemplates();
    expect([templates.ttlMs, templates.cacheScope]).toEqual([HOUR, "public"]);
    // A document that ships with the package: the same for everyone, a day.
    const skill = await client.readResource({ uri: "skill://german-invoicing/SKILL.md" });
    expect([skill.ttlMs, skill.cacheScope]).toEqual([24 * HOUR, "public"]);
    // Live figures are never kept.
    const report = await client.readResource({ uri: "invoicing://reports/outstanding" });
    expect([report.ttlMs, report.cacheScope]).toEqual([0, "private"]);
  });

  it("lists and reads the german-invoicing skill, each file checked against its digest, in English and German", async () => {
    const skills = new SkillsClient(client);
    expect(skills.supported).toBe(true);
    const listing = await skills.list();
    expect(listing.skills.map((s) => s.frontmatter.name)).toEqual(["german-invoicing"]);
    expect([listing.ttlMs, listing.cacheScope]).toEqual([24 * HOUR, "public"]);
    const skill = listing.skills[0]!;
    const english = await skills.read(skill);
    expect(english.verified).toBe(true);
    for (const topic of [
      /§ 14 Abs\. 4 UStG/,
      /§ 19 UStG/,
      /First year/,
      /25,000 EUR/,
      /Dauerfristverlängerung/,
    ])
      expect(english.body).toMatch(topic);
    expect(english.body).toMatch(/Zahlungserinnerung[\s\S]*1\. Mahnung[\s\S]*letzte Mahnung/);
    expect(english.body).toMatch(/from 1 January 2028 e-invoices are required/);
    const german = await skills.read(skill, "references/de.md");
    expect(german.verified).toBe(true);
    expect(german.text).toMatch(
      /Pflichtangaben[\s\S]*Gründungsjahr[\s\S]*Voranmeldung[\s\S]*Mahnung[\s\S]*E-Rechnung/,
    );
  });
});

describe.each(Object.keys(TRANSPORTS))("a 2025-era client over %s", (transport) => {
  it("sees the same icons and skill; cache hints are the 2026 revision's and stay off its answers", async () => {
    const client = await TRANSPORTS[transport]!("legacy");
    try {
      expect(pngSize(client.getServerVersion()!.icons![0]!)).toBe(32);
      const tools = await client.listTools();
      expect(tools.tools.every((t) => t.icons?.length === 1)).toBe(true);
      expect(tools).not.toHaveProperty("ttlMs");
      const listing = await new SkillsClient(client).list();
      expect(listing.skills.map((s) => s.frontmatter.name)).toEqual(["german-invoicing"]);
    } finally {
      await client.close();
    }
  });
});
