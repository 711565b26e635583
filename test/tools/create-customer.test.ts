/** create_customer: creates, warns on similar names, and never makes a second customer of the same name. */
import { beforeAll, describe, expect, it } from "vitest";
import { listCustomers } from "../../src/api/customers.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, countRequests, demoDirectory, whole } from "./support.js";

const CUSTOMERS = "/api/v1/customers";

describe("create_customer", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  const posts = () => countRequests(sandbox(), "POST", CUSTOMERS);
  let demo: Awaited<ReturnType<typeof demoDirectory>>;
  beforeAll(async () => {
    demo = await demoDirectory(sandbox());
  });

  it("creates a customer with its contact and tax fields, then lists it", async () => {
    const before = posts();
    const { isError, data, text } = await mcp().call("create_customer", {
      name: "Hafenmeisterei Lübeck",
      hourlyRate: 92.5,
      email: "buero@hafen-luebeck.de",
      address: "Am Hafen 1, 23552 Lübeck",
      ustId: "DE111222333",
      activityType: "gewerblich",
    });
    expect(isError).toBe(false);
    expect(posts()).toBe(before + 1);
    expect(data).toEqual({
      outcome: "created",
      customer: { id: expect.stringMatching(/^cus_/), name: "Hafenmeisterei Lübeck", hourlyRate: 92.5 },
      warning: null,
    });
    expect(text).toBe(`Created customer Hafenmeisterei Lübeck (id ${data.customer.id}) at 92.50 EUR/h.`);

    const stored = whole(await listCustomers(api(sandbox()))).find((c) => c._id === data.customer.id);
    expect(stored).toMatchObject({
      name: "Hafenmeisterei Lübeck",
      hourlyRate: 92.5,
      email: "buero@hafen-luebeck.de",
      activityType: "gewerblich",
    });
    // The cached directory was refreshed: the new customer resolves by name at once.
    const summary = await mcp().call("customer_summary", { customer: "hafenmeisterei luebeck" });
    expect(summary.data.customer.id).toBe(data.customer.id);
  });

  it("a similar name creates nothing and lists the candidates; allowSimilar creates it anyway", async () => {
    const before = posts();
    const refused = await mcp().call("create_customer", { name: "Nordlicht", hourlyRate: 70 });
    expect(refused.isError).toBe(false);
    expect(refused.data).toMatchObject({
      outcome: "refused",
      customer: null,
      refusal: { override: "allowSimilar" },
      candidates: [{ id: demo.customer("Studio Nordlicht")._id, likeness: "similar name" }],
    });
    expect(refused.text).toContain(`"Studio Nordlicht" (id ${demo.customer("Studio Nordlicht")._id})`);
    expect(refused.text).toContain("allowSimilar: true");
    expect(posts()).toBe(before);

    const created = await mcp().call("create_customer", {
      name: "Nordlicht",
      hourlyRate: 70,
      allowSimilar: true,
    });
    expect(created.isError).toBe(false);
    expect(created.data.outcome).toBe("created");
    expect(created.data.warning).toContain(
      `"Studio Nordlicht" (id ${demo.customer("Studio Nordlicht")._id})`,
    );
    expect(posts()).toBe(before + 1);
  });

  it.each([
    ["without its legal form", "Mueller & Soehne", "Müller & Söhne GmbH"],
    ["with another legal form", "Bäckerei Schröder e.K.", "Bäckerei Schröder"],
    ["as the start of the name", "Dr. Öztürk", "Dr. Öztürk Architektur"],
    ["with another spelling", "Gruenwald-Verlag GmbH", "Grünwald Verlag"],
  ])("a name %s (%j) is similar to %j: nothing created", async (_label, name, existing) => {
    const before = posts();
    const { data, text } = await mcp().call("create_customer", { name, hourlyRate: 80 });
    expect(data.outcome).toBe("refused");
    expect(text).toContain(`"${existing}" (id ${demo.customer(existing)._id})`);
    expect(posts()).toBe(before);
  });

  it("a different business that only shares a word is created", async () => {
    const { isError, data } = await mcp().call("create_customer", { name: "Studio Neun", hourlyRate: 70 });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ outcome: "created", warning: null });
  });

  it("the same name (folded) at the same rate is not created again", async () => {
    const before = posts();
    const mueller = demo.customer("Müller & Söhne GmbH");
    const { isError, data, text } = await mcp().call("create_customer", {
      name: "MUELLER & SOEHNE GMBH",
      hourlyRate: 95,
    });
    expect(isError).toBe(false);
    expect(data).toEqual({
      outcome: "already_exists",
      customer: { id: mueller._id, name: "Müller & Söhne GmbH", hourlyRate: 95 },
      warning: null,
    });
    expect(text).toContain(`Müller & Söhne GmbH (id ${mueller._id}) already exists at 95.00 EUR/h`);
    expect(posts()).toBe(before);
  });

  it("the same name with other details is refused, saying what differs", async () => {
    const before = posts();
    const weiss = demo.customer("Kanzlei Weiß & Partner");
    const { data, text } = await mcp().call("create_customer", {
      name: "Kanzlei Weiss & Partner",
      hourlyRate: 120,
      email: "neu@weiss-partner.de",
    });
    expect(data.outcome).toBe("refused");
    expect(data.candidates[0]).toMatchObject({ id: weiss._id, likeness: "same name" });
    expect(text).toContain(`"Kanzlei Weiß & Partner" already exists (id ${weiss._id})`);
    expect(text).toContain("hourly rate 110.00 EUR stored, 120.00 EUR asked");
    expect(text).toContain('e-mail "kanzlei@weiss-partner.de" stored, "neu@weiss-partner.de" asked');
    expect(text).toMatch(/cannot change a customer.*allowSimilar: true/);
    expect(posts()).toBe(before);
  });

  it("a replay that adds an optional field is not silently dropped", async () => {
    const args = { name: "Kaffeerösterei Hamm", hourlyRate: 65 };
    const first = await mcp().call("create_customer", args);
    expect(first.data.outcome).toBe("created");
    const before = posts();
    const replay = await mcp().call("create_customer", { ...args, address: "Marktplatz 1, 59065 Hamm" });
    expect(replay.data.outcome).toBe("refused");
    expect(replay.text).toContain('address none stored, "Marktplatz 1, 59065 Hamm" asked');
    expect(posts()).toBe(before);
  });

  it("repeating the very same call returns the customer created first", async () => {
    const before = posts();
    const args = { name: "Weinhandlung Ahr", hourlyRate: 60 };
    const first = await mcp().call("create_customer", args);
    const second = await mcp().call("create_customer", args);
    expect(first.data.outcome).toBe("created");
    expect(second.data).toMatchObject({ outcome: "already_exists", customer: first.data.customer });
    expect(posts()).toBe(before + 1);
  });

  it.each([
    [{ name: "Neu", hourlyRate: 90.555 }, /hourlyRate.*two decimals/],
    [{ name: "Neu", hourlyRate: -1 }, /hourlyRate/],
    [{ name: "  ", hourlyRate: 90 }, /name/],
    [{ name: "Neu", hourlyRate: 90, activityType: "selbstständig" }, /activityType/],
  ])("invalid input %j is refused by name, nothing sent", async (args, message) => {
    const before = posts();
    const result = await mcp().call("create_customer", args);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(message);
    expect(posts()).toBe(before);
  });
});
