import { request } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selfSignedCertificate, type TlsFiles } from "../../helpers/docs-proxy.js";
import { useOAuthServers } from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";

/** A raw GET with exactly the headers given (fetch would set Host itself). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path, method: "GET", headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("serve --oauth at the front door", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const publicUrl = "https://mcp.example.com";
  let tls: TlsFiles;
  /** Client metadata documents over https on loopback, with a certificate the server trusts. */
  let metadata: HttpsServer;
  let metadataPort: number;
  const metadataRequests: string[] = [];

  beforeAll(async () => {
    tls = selfSignedCertificate();
    metadata = createHttpsServer({ key: tls.key, cert: tls.cert }, (req, res) => {
      metadataRequests.push(req.url ?? "");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          client_id: `https://${req.headers.host}${req.url}`,
          client_name: "Inside Job",
          redirect_uris: ["http://127.0.0.1:9/callback"],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "none",
        }),
      );
    });
    metadata.on("connection", () => metadataRequests.push("a connection"));
    await new Promise<void>((resolve) => metadata.listen(0, "127.0.0.1", resolve));
    metadataPort = (metadata.address() as AddressInfo).port;
  });
  afterAll(() => {
    metadata?.closeAllConnections();
    metadata?.close();
    tls?.remove();
  });
  const oauth = useOAuthServers(sandbox, {
    instances: 1,
    front: publicUrl,
    browser: false,
    // The metadata server's certificate is trusted, so only the address check can refuse it.
    env: () => ({ NODE_EXTRA_CA_CERTS: tls.certPath }),
  });
  const serve = () => oauth().instances[0]!;

  /** Every string in the discovery documents that is a URL. */
  const urlsIn = (document: Record<string, unknown>): string[] =>
    Object.values(document)
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value): value is string => typeof value === "string" && /^[a-z]+:\/\//.test(value));

  it("publishes only URLs of the public URL, whatever Host and X-Forwarded-* say", async () => {
    const disguises: Record<string, string>[] = [
      { host: "invoicing_mcp" }, // nginx's default Host: the upstream's name
      { host: "127.0.0.1" },
      { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      { host: "mcp.example.com", "x-forwarded-host": "evil.example:8443" },
    ];
    for (const headers of disguises) {
      for (const path of [
        "/.well-known/oauth-authorization-server",
        "/.well-known/openid-configuration",
        "/.well-known/oauth-protected-resource/mcp",
      ]) {
        const answer = await rawGet(serve().url, path, headers);
        expect(answer.status, path).toBe(200);
        const urls = urlsIn(JSON.parse(answer.body) as Record<string, unknown>);
        expect(urls.length, path).toBeGreaterThan(0);
        for (const url of urls) expect(url.startsWith(`${publicUrl}/`) || url === publicUrl, url).toBe(true);
      }
    }
  });

  it("sends the browser on to the public URL, never to the Host it was reached by", async () => {
    const registered = await fetch(`${serve().url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-host": "evil.example" },
      body: JSON.stringify({
        client_name: "Front Door",
        redirect_uris: ["http://127.0.0.1:9/callback"],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(201);
    const client = (await registered.json()) as { client_id: string; registration_client_uri?: string };
    if (client.registration_client_uri)
      expect(client.registration_client_uri.startsWith(publicUrl)).toBe(true);
    const query = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: "http://127.0.0.1:9/callback",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      scope: "read write",
      resource: `${publicUrl}/mcp`,
    });
    const answer = await rawGet(serve().url, `/oauth/authorize?${query}`, {
      host: "invoicing_mcp",
      "x-forwarded-host": "evil.example",
    });
    expect(answer.status).toBe(303);
    const location = String(answer.headers.location);
    expect(location.startsWith("/") || location.startsWith(`${publicUrl}/`), location).toBe(true);
    // The public URL is https: the sign-in cookies are Secure, even though this hop was plain http.
    const cookies = [answer.headers["set-cookie"] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase(), cookie).toContain("; secure");
  });

  it("answers a malformed address with 400 on every route, and logs nothing for it", async () => {
    const before = serve().stderr().length;
    for (const path of [
      "/oauth/interaction/%E0%A4%A",
      "/oauth/authorize?client_id=%E0%A4%A",
      "/oauth/%E0%A4%A",
      "/.well-known/oauth-authorization-server%E0%A4%A",
      "/mcp?x=%E0%A4%A",
      "/webhooks/%E0%A4%A",
      "/%FF",
    ]) {
      const answer = await rawGet(serve().url, path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).not.toMatch(/at [\w.]+ \(|node:internal/);
    }
    expect(serve().stderr().slice(before)).toBe("");
  });

  it("never fetches a client metadata document from a special-use address, whatever the name", async () => {
    for (const host of [
      `localhost:${metadataPort}`,
      `127.0.0.1:${metadataPort}`,
      `[::ffff:127.0.0.1]:${metadataPort}`,
    ]) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: `https://${host}/client.json`,
        redirect_uri: "http://127.0.0.1:9/callback",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        scope: "read",
        resource: `${publicUrl}/mcp`,
      });
      const answer = await rawGet(serve().url, `/oauth/authorize?${query}`);
      expect(answer.status, host).toBe(400);
      expect(answer.headers.location, host).toBeUndefined();
    }
    // Not even a connection: the address is checked before connecting, not after.
    expect(metadataRequests).toEqual([]);
  });
});
