import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { tenantAuthenticator } from "../../src/hosted/tenant-auth.js";
import { createToken, revokeToken } from "../../src/hosted/tokens.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("tenantAuthenticator", () => {
  let dir: string;
  let tenantsPath: string;
  let tokensPath: string;
  const env = { ACME_KEY: "sk_test_acme_0123456789" };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tenant-auth-"));
    tenantsPath = join(dir, "tenants.json");
    tokensPath = join(dir, "tokens.json");
    writeFileSync(
      tenantsPath,
      JSON.stringify({ tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: "http://localhost:1" }] }),
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("accepts a token again and again, and refuses it from the next turn after its revocation", async () => {
    const { token, stored } = createToken(tokensPath, "acme");
    const other = createToken(tokensPath, "acme");
    const auth = tenantAuthenticator(tenantsPath, tokensPath, env, loadConfig({}));
    for (let i = 0; i < 3; i++) {
      const outcome = await auth.authenticate(token);
      expect(outcome.ok && outcome.principal.id).toBe("acme");
      await nextTurn();
    }
    expect(revokeToken(tokensPath, stored.id)).toBe(true);
    await nextTurn();
    expect(await auth.authenticate(token)).toMatchObject({ ok: false, status: 401, error: "invalid_token" });
    expect((await auth.authenticate(other.token)).ok).toBe(true);
    expect((await auth.authenticate(`${token}x`)).ok).toBe(false);
  });
});
