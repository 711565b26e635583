/**
 * The tool contract, as a client sees it in tools/list, in one reviewed snapshot: a changed name,
 * description, annotation or schema shows up as a diff of test/tools/__snapshots__/tool-contract.json.
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/**
 * JSON as biome formats it (objects expanded, arrays of plain values on one line when they fit in
 * 110 columns), so `biome check` and the snapshot agree on the committed file.
 */
function formatJson(value: unknown, indent = "", prefixLength = 0, suffix = ""): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((v) => v === null || typeof v !== "object")) {
      const flat = `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
      if (prefixLength + flat.length + suffix.length <= 110) return flat;
    }
    const items = value.map((v, i) => {
      const comma = i < value.length - 1 ? "," : "";
      return `${inner}${formatJson(v, inner, inner.length, comma)}${comma}`;
    });
    return `[\n${items.join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const lines = entries.map(([key, v], i) => {
    const comma = i < entries.length - 1 ? "," : "";
    const head = `${inner}${JSON.stringify(key)}: `;
    return `${head}${formatJson(v, inner, head.length, comma)}${comma}`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/** Every property below `schema`, with its path, for description checks. */
function properties(schema: JsonSchema, path = ""): [string, JsonSchema][] {
  const own = Object.entries(schema.properties ?? {}).map(
    ([name, child]) => [`${path}${name}`, child] as [string, JsonSchema],
  );
  return own.flatMap(([name, child]) => [
    [name, child] as [string, JsonSchema],
    ...properties(child, `${name}.`),
    ...(child.items ? properties(child.items, `${name}[].`) : []),
  ]);
}

describe("tool contract", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("matches the reviewed snapshot", async () => {
    const { tools } = await mcp().client.listTools();
    const contract = tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      annotations: t.annotations,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
    }));
    await expect(`${formatJson(contract)}\n`).toMatchFileSnapshot("./__snapshots__/tool-contract.json");
  });

  it("every input property has a description of its own", async () => {
    const { tools } = await mcp().client.listTools();
    const missing: string[] = [];
    let checked = 0;
    for (const tool of tools) {
      for (const [name, schema] of properties(tool.inputSchema as JsonSchema)) {
        checked++;
        if (!schema.description?.trim()) missing.push(`${tool.name}.${name}`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });

  it("every tool has a title, a description of a full sentence or more, and an object outputSchema", async () => {
    const { tools } = await mcp().client.listTools();
    expect(tools).toHaveLength(11);
    for (const tool of tools) {
      expect(tool.title?.length, tool.name).toBeGreaterThan(5);
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
  });
});
