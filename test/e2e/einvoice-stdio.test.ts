/**
 * The built bin over stdio, as a client starts it: the person's business details land in their
 * configuration folder ($XDG_CONFIG_HOME/invoicing-mcp), never in the working directory, and the
 * documents in ~/Documents/Invoicing, with the answer naming the path; stdout stays JSON-RPC.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/stdio.js";

describe("e-invoices from the bin on stdio", () => {
  const root = mkdtempSync(join(tmpdir(), "invoicing-einvoice-stdio-"));
  const home = join(root, "home");
  const xdg = join(root, "xdg");
  const cwd = join(root, "cwd");
  const client = new Client({ name: "e2e-einvoice", version: "0" });

  beforeAll(async () => {
    // The client starts the server in a folder of its own: nothing may be written there.
    mkdirSync(cwd, { recursive: true });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "--sandbox"],
        env: { PATH: process.env.PATH ?? "", HOME: home, XDG_CONFIG_HOME: xdg },
        cwd,
        stderr: "ignore",
      }),
    );
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as {
      isError?: boolean;
      content: { type: string; text?: string }[];
      structuredContent?: Record<string, unknown>;
    };
    const text = result.content.map((c) => c.text ?? "").join("\n");
    expect(result.isError, text).not.toBe(true);
    return { text, data: (result.structuredContent ?? {}) as Record<string, unknown> };
  };

  it("keeps the details in the configuration folder and writes the XRechnung to ~/Documents/Invoicing", async () => {
    const listed = await call("list_invoices", { limit: 1 });
    const invoice = (listed.data.invoices as { invoiceNumber: string; customerId: string }[])[0]!;
    await call("business_details", {
      set: {
        name: "Anna Berger",
        street: "Lindenstraße 4",
        postcode: "10969",
        city: "Berlin",
        vatId: "DE123456789",
        contactName: "Anna Berger",
        phone: "+49 30 1234567",
        email: "anna@berger.example",
        iban: "DE02120300000000202051",
        paymentDays: 14,
      },
    });
    await call("business_details", {
      customer: invoice.customerId,
      set: { street: "Hauptstraße 1", postcode: "80331", city: "München", buyerReference: "PO-1" },
    });
    const file = join(xdg, "invoicing-mcp", "business-details.json");
    expect(JSON.parse(readFileSync(file, "utf8")).seller.name).toBe("Anna Berger");
    expect(readdirSync(cwd)).toEqual([]);
    const made = await call("invoice_documents", { invoice: invoice.invoiceNumber });
    const folder = join(home, "Documents", "Invoicing");
    const path = join(folder, `${invoice.invoiceNumber}_xrechnung.xml`);
    expect(made.text).toContain(`written to ${path}`);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, "utf8")).toContain("<ram:BuyerReference>PO-1</ram:BuyerReference>");
  });
});
