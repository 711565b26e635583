import { describe, expect, it } from "vitest";
import { createTokenCli, httpClient, startServe, textOf, writeTenantsFile } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

/** SIGTERM while a call is running: the call is answered, then the process ends. */
describe("serve drains on SIGTERM", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });

  it("answers the running call, refuses new connections, and exits 0", async () => {
    const tenantsPath = writeTenantsFile([{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }]);
    const env = { ACME_KEY: sandbox().keys.demo, INVOICING_TIMEOUT_MS: "1500" };
    const token = createTokenCli(tenantsPath, "acme", env);
    const serve = await startServe(["--tenants", tenantsPath], env);
    const client = await httpClient(serve.url, token, "modern");
    // The first attempt hangs until the per-attempt timeout; the read is retried and answered.
    sandbox().faults.add({ action: { kind: "hang" }, path: "/api/v1/invoices" });
    const before = sandbox().requests.length;
    const running = client.callTool({ name: "list_invoices", arguments: {} });
    while (
      !sandbox()
        .requests.slice(before)
        .some((r) => r.path === "/api/v1/invoices")
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exited = serve.stop(); // SIGTERM now, with the call in flight
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(fetch(`${serve.url}/healthz`)).rejects.toThrow(); // no longer accepting
    const result = await running;
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toMatch(/invoices?/i);
    expect(await exited).toBe(0);
  }, 30_000);
});
