/**
 * The person's business details: each value checked as it comes in, a bad one refused with what to
 * do while the others of the same change are kept; the file replaced atomically and kept in the
 * platform's configuration folder, never the working directory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyChange } from "../../src/profiles/change.js";
import { NO_DETAILS } from "../../src/profiles/details.js";
import { fileDetailsStore } from "../../src/profiles/file-store.js";
import { configFolder, localPlaces } from "../../src/profiles/place.js";

const folder = mkdtempSync(join(tmpdir(), "invoicing-details-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a change of the details", () => {
  it("stores the good values and refuses the bad ones, each with what is wrong and what to do", () => {
    const outcome = applyChange(NO_DETAILS, {
      seller: {
        name: "  Lena   Schröder Grafikdesign ",
        iban: "DE75 5121 0800 1245 1261 98", // one digit off
        vatId: "de 123 456 789",
        postcode: "0410",
        city: "Leipzig",
        paymentDays: 14,
        color: "blue",
      },
    });
    expect(outcome.stored.sort()).toEqual([
      "seller.city",
      "seller.name",
      "seller.paymentDays",
      "seller.vatId",
    ]);
    expect(outcome.details.seller).toEqual({
      name: "Lena Schröder Grafikdesign",
      vatId: "DE123456789",
      city: "Leipzig",
      paymentDays: "14",
    });
    const problems = Object.fromEntries(outcome.refused.map((r) => [r.field, r.problem]));
    expect(Object.keys(problems).sort()).toEqual(["seller.color", "seller.iban", "seller.postcode"]);
    expect(problems["seller.iban"]).toMatch(/not a valid IBAN.*copy it again/);
    expect(problems["seller.postcode"]).toMatch(/not a postcode of DE \(five digits\)/);
    expect(problems["seller.color"]).toMatch(/the fields are name, street/);
  });

  it("checks a postcode for the country given with it, and a Leitweg-ID's check digits", () => {
    const outcome = applyChange(NO_DETAILS, {
      customer: {
        id: "c1",
        name: "Stadt Wien",
        values: { postcode: "1010", country: "at", buyerReference: "991-33333TEST-34" },
      },
    });
    expect(outcome.details.customers.c1?.details).toEqual({ postcode: "1010", country: "AT" });
    expect(outcome.refused).toEqual([
      { field: "customer.buyerReference", problem: expect.stringMatching(/check digits .* are wrong/) },
    ]);
    const fixed = applyChange(outcome.details, {
      customer: { id: "c1", name: "Stadt Wien", values: { buyerReference: "991-33333test-33" } },
    });
    expect(fixed.details.customers.c1?.details.buyerReference).toBe("991-33333TEST-33");
    expect(fixed.details.customers.c1?.details.postcode).toBe("1010"); // kept from before
  });

  it("removes a value given as empty text", () => {
    const first = applyChange(NO_DETAILS, { seller: { bic: "cobadeffxxx" } });
    expect(first.details.seller.bic).toBe("COBADEFFXXX");
    const removed = applyChange(first.details, { seller: { bic: "" } });
    expect(removed.stored).toEqual(["seller.bic"]);
    expect(removed.details.seller).toEqual({});
  });
});

describe("the details file", () => {
  it("is written whole through a temporary file and read back; no temporary file stays", async () => {
    const path = join(folder, "nested", "business-details.json");
    const store = fileDetailsStore(path);
    expect(await store.read()).toEqual(NO_DETAILS);
    await Promise.all([
      store.update((d) => applyChange(d, { seller: { name: "A" } }).details),
      store.update((d) => applyChange(d, { seller: { city: "Köln" } }).details),
    ]);
    expect(await fileDetailsStore(path).read()).toEqual({
      seller: { name: "A", city: "Köln" },
      customers: {},
    });
    expect(readdirSync(join(folder, "nested"))).toEqual(["business-details.json"]);
    expect(store.place).toBe(`the file ${path}`);
  });

  it("leaves the old file whole when a change fails, and says how to recover a damaged one", async () => {
    const path = join(folder, "kept.json");
    const store = fileDetailsStore(path);
    await store.update((d) => applyChange(d, { seller: { name: "Kept" } }).details);
    const before = readFileSync(path, "utf8");
    await expect(
      store.update(() => {
        throw new Error("disk full");
      }),
    ).rejects.toThrow("disk full");
    // A change that does not fit the schema is never written.
    await expect(store.update((d) => ({ ...d, seller: { name: "x".repeat(500) } }))).rejects.toThrow();
    expect(readFileSync(path, "utf8")).toBe(before);
    writeFileSync(path, "{ not json");
    await expect(store.read()).rejects.toThrow(/cannot be read.*move it aside/);
  });
});

describe("where the details live", () => {
  const env = {};
  it("follows each platform's configuration folder, with XDG_CONFIG_HOME and APPDATA honoured", () => {
    expect(configFolder(env, "linux", "/home/anna")).toBe("/home/anna/.config/invoicing-mcp");
    expect(configFolder({ XDG_CONFIG_HOME: "/xdg" }, "linux", "/home/anna")).toBe("/xdg/invoicing-mcp");
    expect(configFolder({ XDG_CONFIG_HOME: "relative" }, "linux", "/home/anna")).toBe(
      "/home/anna/.config/invoicing-mcp",
    );
    expect(configFolder(env, "darwin", "/Users/anna")).toBe(
      "/Users/anna/Library/Application Support/invoicing-mcp",
    );
    expect(configFolder({ APPDATA: "C:\\Users\\anna\\AppData\\Roaming" }, "win32", "C:\\Users\\anna")).toBe(
      "C:\\Users\\anna\\AppData\\Roaming\\invoicing-mcp",
    );
    expect(localPlaces(env, "linux", "/home/anna")).toEqual({
      detailsFile: "/home/anna/.config/invoicing-mcp/business-details.json",
      documentsFolder: "/home/anna/Documents/Invoicing",
    });
  });
});
