/**
 * The bin with its sandbox switched on serves demo data: the instructions a model reads say so, so
 * "Invoices 1–3 of 174" is never read as the person's own; where an API key is also set, they say
 * the person's account is not being used and how to switch the sandbox off. Without the sandbox
 * they say nothing of it. Through the built bin, as the bundle's setting starts it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { StdioSession } from "../helpers/stdio.js";

const KEY = "k_live_personal_0123456789";

describe("instructions when the sandbox is switched on", () => {
  let session: StdioSession | undefined;
  afterEach(async () => {
    await session?.endInput();
    session = undefined;
  });

  const instructionsOf = async (args: string[], env: Record<string, string>) => {
    session = new StdioSession(args, env);
    const answer = await session.initialize();
    return String(answer.result?.instructions ?? "");
  };

  it("the bundle's switch and no key: demo data, not an account", async () => {
    const text = await instructionsOf([], { INVOICING_SANDBOX: "true" });
    expect(text).toMatch(/SANDBOX: .*demo data/);
    expect(text).not.toMatch(/account is not being used/);
  });

  it("the switch and a real key: the person's account is not being used, and how to change that", async () => {
    const text = await instructionsOf([], {
      INVOICING_SANDBOX: "true",
      INVOICING_API_KEY: KEY,
      INVOICING_BASE_URL: "https://invoicing.example.com",
    });
    expect(text).toMatch(/SANDBOX: .*demo data/);
    expect(text).toMatch(/their own account is not being used/);
    expect(text).toMatch(/Try it on the built-in sandbox/);
    expect(text).not.toContain(KEY);
    // Said before the rest, like a missing setting: it changes how every answer must be read.
    expect(text.split("\n")[1]).toMatch(/^- SANDBOX/);
  });

  it("--sandbox on the command line says the same", async () => {
    expect(await instructionsOf(["--sandbox"], { INVOICING_API_KEY: KEY })).toMatch(
      /their own account is not being used/,
    );
  });

  it("without the sandbox, nothing of it", async () => {
    const text = await instructionsOf([], {
      INVOICING_API_KEY: KEY,
      INVOICING_BASE_URL: "https://invoicing.example.com",
    });
    expect(text).not.toMatch(/SANDBOX|demo data/);
  });
});
