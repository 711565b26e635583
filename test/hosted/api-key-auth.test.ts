import { describe, expect, it } from "vitest";
import { httpClient, textOf, useServe } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

/** The service's own endpoint: the bearer token is the user's invoicing API key. */
describe("serve --api-key-auth", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const serve = useServe(["--api-key-auth"], () => ({ INVOICING_BASE_URL: sandbox().url }));

  it("serves a user with their own key, checked once against the API", async () => {
    const before = sandbox().requests.length;
    for (const era of ["legacy", "modern"] as const) {
      const client = await httpClient(serve().url, sandbox().keys.demo, era);
      const result = await client.callTool({ name: "list_customers", arguments: {} });
      expect(textOf(result)).toMatch(/Müller & Söhne GmbH/);
      await client.close();
    }
    const checks = sandbox()
      .requests.slice(before)
      .filter((r) => r.path.endsWith("/customers") && r.query === "limit=1");
    expect(checks).toHaveLength(1); // the verdict is cached by the key's hash
  });

  it("refuses a key the API refuses, with 401, and never logs it", async () => {
    const bad = "sk_test_this-key-does-not-exist";
    const answer = await fetch(`${serve().url}/mcp`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${bad}`,
      },
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toMatch(/invalid_token/);
    expect(serve().stderr()).not.toContain(bad);
    expect(serve().stderr()).not.toContain(sandbox().keys.demo);
  });
});
