/**
 * The JSON Schemas the bundle carries, made at build time (scripts/bundle.mjs, src/mcp/tool-schemas.ts),
 * are what the sources convert at run time: the bundle's tools/list equals the in-process server's,
 * so the two can never drift apart. And a schema given what the build made answers with it, without
 * converting anything.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { BUNDLE_DIR, BUNDLE_ENTRY_NAME } from "../../scripts/bundle.mjs";
import { leanSchema } from "../../src/mcp/lean-schema.js";
import { BUILT_SCHEMA_TARGET } from "../../src/mcp/tool-schemas.js";
import { connect } from "../helpers/mcp.js";

const ENV = { INVOICING_API_KEY: "schemas-test-key", INVOICING_BASE_URL: "http://127.0.0.1:9" };

describe("the tools' JSON Schemas made at build time", () => {
  it("are what the sources convert at run time: the bundle's tools/list equals the in-process server's", async () => {
    // The bundle of this test run (test/global-setup.ts builds it).
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [`${BUNDLE_DIR}/${BUNDLE_ENTRY_NAME}`],
      env: { PATH: process.env.PATH ?? "", ...ENV },
      stderr: "ignore",
    });
    const bundled = new Client({ name: "schemas-test", version: "0" });
    await bundled.connect(transport);
    const sources = await connect(undefined, { env: ENV });
    try {
      const fromBundle = (await bundled.listTools()).tools;
      const fromSources = (await sources.client.listTools()).tools;
      expect(fromBundle.length).toBeGreaterThan(10);
      expect(fromBundle).toEqual(fromSources);
    } finally {
      await bundled.close();
      await sources.close();
    }
  });

  it("answer for their target without converting; another target is converted", () => {
    const built = { type: "object", properties: { made: { const: "at build time" } } };
    const convert = () => {
      throw new Error("converted at run time");
    };
    // A schema whose conversion fails: only an answer that never converts can succeed.
    const schema = {
      "~standard": {
        version: 1,
        vendor: "zod",
        validate: () => ({ value: {} }),
        jsonSchema: { input: convert, output: convert },
      },
    } as unknown as z.ZodObject;
    const lean = leanSchema(schema, "input", { [BUILT_SCHEMA_TARGET]: built })["~standard"].jsonSchema;
    expect(lean.input({ target: BUILT_SCHEMA_TARGET })).toEqual(built);
    expect(() => lean.input({ target: "draft-07" })).toThrow("converted at run time");
  });
});
