/**
 * The server card `serve` publishes at <mcp-url>/server-card (the experimental MCP Server Cards
 * extension): valid against the extension's schema (schemas/server-card.schema.json), saying what a
 * connected client then sees, and cacheable by its ETag.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { answerCard } from "../../src/hosted/server-card.js";
import { useServe } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const registryListing = read("server.json");

function cardSchema() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as { default: (ajv: Ajv2020) => void }).default(ajv);
  ajv.addSchema(read("schemas/server-card.schema.json"), "server-card");
  return ajv.getSchema("server-card#/$defs/ServerCard")!;
}

/** GET with a Host header of our choosing (fetch does not let one set it). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serve's server card", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const serve = useServe(["--api-key-auth"], () => ({ INVOICING_BASE_URL: sandbox().url }));
  const cardUrl = () => `${serve().url}/mcp/server-card`;

  it("is public, valid against the Server Card schema, and says what a connected client sees", async () => {
    const answer = await fetch(cardUrl(), { headers: { Accept: "application/mcp-server-card+json" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/mcp-server-card+json");
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    // biome-ignore lint/suspicious/noExplicitAny: the card is checked against its schema just below
    const card: any = await answer.json();
    const valid = cardSchema();
    expect(valid(card), JSON.stringify(valid.errors)).toBe(true);

    // The registry listing's identity, and the remote this very server is.
    expect(card).toMatchObject({
      name: registryListing.name,
      description: registryListing.description,
      title: registryListing.title,
      version: registryListing.version,
      websiteUrl: registryListing.websiteUrl,
      repository: registryListing.repository,
    });
    expect(card.remotes).toHaveLength(1);
    const remote = card.remotes[0];
    expect(remote).toMatchObject({ type: "streamable-http", url: `${serve().url}/mcp` });
    expect(remote.headers).toEqual([expect.objectContaining({ name: "Authorization", isSecret: true })]);

    // A client pinned to each version the card names connects with it, and is told what it says.
    expect(remote.supportedProtocolVersions).toEqual(expect.arrayContaining(["2026-07-28", "2025-11-25"]));
    for (const version of remote.supportedProtocolVersions as string[]) {
      // 2026-era revisions are chosen by server/discover, 2025-era ones offered at initialize.
      const client = new Client(
        { name: "card-reader", version: "0" },
        version >= "2026-07-28"
          ? { versionNegotiation: { mode: { pin: version } } }
          : { supportedProtocolVersions: [version] },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(remote.url), {
          requestInit: { headers: { Authorization: `Bearer ${sandbox().keys.demo}` } },
        }),
      );
      try {
        expect(client.getNegotiatedProtocolVersion(), version).toBe(version);
        const info = client.getServerVersion()!;
        expect([info.title, info.version, info.icons]).toEqual([card.title, card.version, card.icons]);
      } finally {
        await client.close();
      }
    }
  });

  it("has an ETag: a client that holds it gets 304 Not Modified, with nothing to read again", async () => {
    const first = await fetch(cardUrl());
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(first.headers.get("access-control-expose-headers")).toContain("ETag");
    const again = await fetch(cardUrl(), { headers: { "If-None-Match": `W/"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const stale = await fetch(cardUrl(), { headers: { "If-None-Match": '"not-the-card"' } });
    expect(stale.status).toBe(200);
    expect(stale.headers.get("etag")).toBe(etag);
    // HEAD answers the headers alone; a browser's preflight is allowed.
    const head = await fetch(cardUrl(), { method: "HEAD" });
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);
    const preflight = await fetch(cardUrl(), { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("If-None-Match");
    const post = await fetch(cardUrl(), { method: "POST", body: "{}" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
  });

  it("names the endpoint by the host the client asked for, and never by a Host header that is no host", async () => {
    const port = new URL(serve().url).port;
    const proxied = await getWithHost(cardUrl(), `invoicing.example.com:${port}`);
    expect(JSON.parse(proxied.body).remotes[0].url).toBe(`http://invoicing.example.com:${port}/mcp`);
    const odd = await getWithHost(cardUrl(), "evil.example/path?x=");
    expect(odd.status).toBe(200);
    expect(JSON.parse(odd.body).remotes[0].url).toBe(`${serve().url}/mcp`);
  });
});

describe("the server card's answer", () => {
  const listening = "http://127.0.0.1:8080";
  const urlOf = (answer: { body?: string }) => JSON.parse(answer.body!).remotes[0].url;

  it("names the public origin when one is configured (OAuth's issuer), whatever host was asked for", () => {
    const answer = answerCard(
      { method: "GET", headers: { host: "10.0.0.7:8080" } },
      { public: "https://invoicing.example.com", listening },
    );
    expect(urlOf(answer)).toBe("https://invoicing.example.com/mcp");
  });

  it("says https when the proxy in front says so, and nothing else it says", () => {
    const https = answerCard(
      { method: "GET", headers: { host: "mcp.example.com", "x-forwarded-proto": "https" } },
      { public: undefined, listening },
    );
    expect(urlOf(https)).toBe("https://mcp.example.com/mcp");
    const other = answerCard(
      { method: "GET", headers: { host: "mcp.example.com", "x-forwarded-proto": "gopher" } },
      { public: undefined, listening },
    );
    expect(urlOf(other)).toBe("http://mcp.example.com/mcp");
    // Another card, another tag.
    expect(https.headers.ETag).not.toBe(other.headers.ETag);
  });
});
