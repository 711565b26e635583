import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { doctor, startFakeService } from "./support.js";

const KEY = "sk_live_0123456789abcdef0123456789abcdef";

/** Doctor against a one-answer server that is not (quite) the Invoicing Service. */
async function against(answer: (res: ServerResponse) => void, env: Record<string, string> = {}) {
  const fake = await startFakeService((_req, res) => answer(res));
  try {
    return await doctor({ INVOICING_BASE_URL: fake.url, INVOICING_API_KEY: KEY, ...env });
  } finally {
    await fake.close();
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

describe("doctor against something that is not the Invoicing Service API", () => {
  it("an HTML 404 (a wrong base URL): does not look like the API, check the base URL", async () => {
    const { code, out } = await against((res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>");
    });
    expect(out).toMatch(
      /FAIL\s+API\s+no: this does not look like the Invoicing Service API \(HTTP 404, an HTML page/,
    );
    expect(out).toMatch(/Check the base URL/);
    expect(out).toMatch(/doctor asked http:\/\/127\.0\.0\.1:\d+\/api\/v1\/projects/);
    expect(code).toBe(1);
  });

  it("JSON without the envelope: does not look like the API", async () => {
    const { code, out } = await against((res) => json(res, 200, { projects: [] }));
    expect(out).toMatch(
      /does not look like the Invoicing Service API \(HTTP 200, JSON without the \{data, meta, error\} envelope/,
    );
    expect(code).toBe(1);
  });

  it("a redirect: names where it points, and does not follow it", async () => {
    const { code, out } = await against((res) => {
      res.writeHead(301, { location: "https://invoicing.example.com/api/v1/projects" });
      res.end();
    });
    expect(out).toMatch(/redirects \(HTTP 301\) to https:\/\/invoicing\.example\.com\n/);
    expect(out).toMatch(/Set INVOICING_BASE_URL to https:\/\/invoicing\.example\.com/);
    expect(code).toBe(1);
  });

  it("a 403 that says only 'expired': names the expired key alone", async () => {
    const { out } = await against((res) =>
      json(res, 403, { data: null, meta: null, error: "API key expired." }),
    );
    expect(out).toMatch(/refused \(403\): the key has expired\./);
    expect(out).not.toMatch(/Pro plan/);
  });

  it("a 403 that says only 'Pro plan required': names the plan alone", async () => {
    const { out } = await against((res) =>
      json(res, 403, { data: null, meta: null, error: "Pro plan required." }),
    );
    expect(out).toMatch(/refused \(403\): the account has no Pro plan\./);
    expect(out).not.toMatch(/expired/);
  });

  it("a service that echoes the key: the report shows it redacted", async () => {
    const { out } = await against((res) =>
      json(res, 403, { data: null, meta: null, error: `Key ${KEY} expired` }),
    );
    expect(out).not.toContain(KEY);
    expect(out).toContain("Key [redacted] expired");
  });

  it.each([
    ["in the path", `https://invoicing.example.com/k/${KEY}/api/v1/projects`],
    ["lower-cased in the host", `https://${KEY.toLowerCase().replace(/_/g, "-")}.example.com/`],
    ["base64 in the path", `https://invoicing.example.com/${Buffer.from(KEY).toString("base64url")}`],
    ["with user-info", `https://user:${KEY}@invoicing.example.com/`],
  ])("a redirect with the key %s: the Location is shown redacted", async (_label, location) => {
    const { out } = await against((res) => {
      res.writeHead(302, { location });
      res.end();
    });
    expect(out).toMatch(/redirects \(HTTP 302\)/);
    expect(out.toLowerCase()).not.toContain(KEY.slice(8, 16));
    expect(out).not.toContain(Buffer.from(KEY).toString("base64url").slice(4, 16));
  });

  it("a service that echoes the key upper-cased or as a prefix: redacted too", async () => {
    const { out } = await against((res) =>
      json(res, 403, {
        data: null,
        meta: null,
        error: `Key ${KEY.toUpperCase()} or ${KEY.slice(0, 12)} expired`,
      }),
    );
    expect(out.toLowerCase()).not.toContain(KEY.slice(0, 8));
    expect(out).toContain("expired");
  });

  it("a 5xx envelope: the service failed, try later", async () => {
    const { code, out } = await against((res) =>
      json(res, 503, { data: null, meta: null, error: "Maintenance" }),
    );
    expect(out).toMatch(/FAIL\s+service\s+the service failed \(HTTP 503: Maintenance\)/);
    expect(code).toBe(1);
  });

  it("a host that never answers: no answer within the timeout", async () => {
    const { code, out } = await against(() => {}, { INVOICING_TIMEOUT_MS: "300" });
    expect(out).toMatch(/FAIL\s+reachable\s+no: 127\.0\.0\.1:\d+ did not answer within 300 ms/);
    expect(code).toBe(1);
  });

  it("a Date header a day old: the clock is a day ahead", async () => {
    const { out } = await against((res) =>
      json(
        res,
        200,
        { data: [], meta: { total: 0 }, error: null },
        { date: new Date(Date.now() - 86_400_000).toUTCString() },
      ),
    );
    expect(out).toMatch(/WARN\s+clock\s+this machine's clock is 24 hours ahead of the service's/);
  });
});
