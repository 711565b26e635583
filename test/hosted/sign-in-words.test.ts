import type { FaultAction } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { httpClient, textOf, useHosted } from "../helpers/hosted.js";
import { codeThroughBrowser, exchangeCode, useOAuthServers } from "../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { StdioSession } from "../helpers/stdio.js";

/**
 * A key the service refuses is worded for the way the caller signed in: only the local user has an
 * "env" block; a tenant's key is its operator's to change; an OAuth person signs in again.
 */
describe("a refused key, by the way the caller signed in", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const REFUSED: FaultAction = { kind: "status", status: 401 };
  const DENIED: FaultAction = { kind: "status", status: 403 };

  /** The service refuses the next EÜR report with this answer (a report is never cached). */
  function refuseNextReport(action: FaultAction): void {
    sandbox().faults.add({ method: "GET", path: "/api/v1/reports/eur", action });
  }
  const REPORT = { name: "eur_report", arguments: { year: 2025 } };

  it("the local user of stdio with a wrong key: where to set it, in either kind of client", async () => {
    const key = "sk_live_wrong_0123456789abcdef0123456789";
    const stdio = new StdioSession([], { INVOICING_API_KEY: key, INVOICING_BASE_URL: sandbox().url });
    try {
      await stdio.initialize();
      const answer = await stdio.callTool(REPORT.name, REPORT.arguments);
      expect(answer.result?.isError).toBe(true);
      const text = ((answer.result?.content ?? []) as { text: string }[])[0]?.text ?? "";
      expect(text).toMatch(/did not accept the API key \(401\)/);
      expect(text).toMatch(/Claude Desktop: the extension's settings/);
      expect(text).toMatch(/INVOICING_API_KEY in the "env" block/);
      expect(text).not.toContain(key);
      expect((await stdio.endInput()).code).toBe(0);
    } finally {
      if (stdio.child.exitCode === null) stdio.child.kill("SIGKILL");
    }
  }, 30_000);

  describe("a tenants-file tenant", () => {
    const hosted = useHosted(() => ({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: { ACME_KEY: sandbox().keys.demo },
    }));

    it.each([
      ["refused (401)", REFUSED, /did not accept the API key this server uses for your account \(401\)/],
      ["expired or without Pro (403)", DENIED, /Access denied \(403\): the API key this server uses/],
    ] as const)(
      "whose key is %s is sent to the operator, not to an env block",
      async (_label, action, says) => {
        const client = await httpClient(hosted().url, hosted().token, "modern");
        try {
          refuseNextReport(action);
          const answer = await client.callTool(REPORT);
          expect(answer.isError).toBe(true);
          const text = textOf(answer);
          expect(text).toMatch(says);
          expect(text).toMatch(/operator.*tenants file/);
          expect(text).not.toMatch(/INVOICING_API_KEY|env" block|sign in/);
        } finally {
          await client.close();
        }
      },
    );
  });

  describe("a tenants-file tenant logging a batch", () => {
    const hosted = useHosted(() => ({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: { ACME_KEY: sandbox().keys.demo },
    }));

    it("whose key is refused mid-batch reads the row's problem worded for the operator", async () => {
      const client = await httpClient(hosted().url, hosted().token, "modern");
      try {
        sandbox().faults.add({ method: "POST", path: "/api/v1/time-entries", action: REFUSED });
        const answer = await client.callTool({
          name: "log_time",
          arguments: {
            entries: [
              {
                project: "Website Relaunch",
                start: "2026-11-02T09:00",
                duration: "1h",
                description: "row one",
                allowOverlap: true,
              },
              {
                project: "Website Relaunch",
                start: "2026-11-02T11:00",
                duration: "1h",
                description: "row two",
                allowOverlap: true,
              },
            ],
          },
        });
        const rows = (answer.structuredContent as { batch: { entries: { problem: string | null }[] } }).batch
          .entries;
        const problems = rows.map((row) => row.problem).filter((p): p is string => p !== null);
        expect(problems.length).toBeGreaterThan(0);
        for (const problem of problems) {
          expect(problem).toMatch(/this server uses for your account \(401\)/);
          expect(problem).not.toMatch(/INVOICING_API_KEY|env" block/);
        }
      } finally {
        await client.close();
      }
    });
  });

  describe("a tenants-file tenant reading a resource", () => {
    const hosted = useHosted(() => ({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: { ACME_KEY: sandbox().keys.demo },
    }));

    it("whose key is refused (401) is sent to the operator, as a tool call is", async () => {
      const client = await httpClient(hosted().url, hosted().token, "modern");
      try {
        refuseNextReport(REFUSED);
        const failed = await client.readResource({ uri: "invoicing://reports/eur/2025" }).then(
          () => "read",
          (error: Error) => error.message,
        );
        expect(failed).toMatch(/did not accept the API key this server uses for your account \(401\)/);
        expect(failed).toMatch(/operator.*tenants file/);
        expect(failed).not.toMatch(/INVOICING_API_KEY|env" block|sign in/);
      } finally {
        await client.close();
      }
    });
  });

  describe("a tenants-file tenant whose service cannot be reached", () => {
    const hosted = useHosted(() => ({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: { ACME_KEY: sandbox().keys.demo },
    }));

    it.each([
      ["a broken connection", { kind: "reset" }, /Could not reach the Invoicing Service \(ECONNRESET\)/],
      ["an answer that is no API answer", { kind: "html", status: 502 }, /not a valid Invoicing Service API/],
    ] as const)(
      "after %s is told to tell the operator, not to check a server variable",
      async (_label, action, says) => {
        const client = await httpClient(hosted().url, hosted().token, "modern");
        try {
          sandbox().faults.add({ method: "GET", path: "/api/v1/reports/eur", action, times: 10 });
          const answer = await client.callTool(REPORT);
          expect(answer.isError).toBe(true);
          const text = textOf(answer);
          expect(text).toMatch(says);
          expect(text).toMatch(/tell this server's operator/);
          expect(text).not.toMatch(/INVOICING_/);
        } finally {
          sandbox().faults.clear();
          await client.close();
        }
      },
    );
  });

  describe("an OAuth person", () => {
    const oauth = useOAuthServers(sandbox, { instances: 1 });

    it("whose key stops working is told to sign in again with a new key", async () => {
      const tokens = await exchangeCode(oauth(), await codeThroughBrowser(oauth(), sandbox().keys.demo));
      expect(tokens.status).toBe(200);
      const client = await httpClient(oauth().url, String(tokens.body.access_token), "legacy");
      try {
        const works = await client.callTool(REPORT);
        expect(works.isError).toBeFalsy();
        for (const [action, says] of [
          [REFUSED, /did not accept the API key you signed in with \(401\)/],
          [DENIED, /Access denied \(403\): the API key you signed in with has expired/],
        ] as const) {
          refuseNextReport(action);
          const answer = await client.callTool(REPORT);
          expect(answer.isError).toBe(true);
          const text = textOf(answer);
          expect(text).toMatch(says);
          expect(text).toMatch(/create a new key.*sign in to this server again with it/i);
          expect(text).not.toMatch(/INVOICING_API_KEY|env" block|operator/);
        }
      } finally {
        await client.close();
      }
    }, 60_000);
  });
});
