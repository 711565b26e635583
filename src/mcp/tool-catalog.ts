/**
 * The tools a server registers, each as its facts (what tools/list shows and the inventory asks)
 * and a way to load its code. From the bundle, the facts are the build's (tool-facts.ts) and a
 * tool's module is imported on its first call, so a start reads no tool's code; from the sources or
 * dist/, every definition is loaded at once and the facts are its own.
 */
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";
import { descriptionFor, type Offer, type ToolDefinition } from "./define-tool.js";
import { deepFreeze, type Json, leanSchema } from "./lean-schema.js";
import {
  BUILT_SCHEMA_TARGET,
  builtFacts,
  offerKey,
  type ToolFacts,
  type ToolTraits,
  traitsOf,
} from "./tool-facts.js";
import { appToolModules, type ToolModule, toolModules } from "./tool-list.js";

type Schema = StandardSchemaWithJSON<unknown, unknown>;

export interface ToolEntry extends ToolTraits {
  /** The words a caller with this offer reads in tools/list. */
  description(offer: Offer): string;
  /** Its input schema as the SDK takes it: JSON Schema for tools/list, zod's checks for a call. */
  input: Schema;
  /** Its definition, with the handler: imported the first time it is asked for. */
  load(): Promise<ToolDefinition>;
}

export const catalog: readonly ToolEntry[] = await catalogEntries();

const byName = new Map(catalog.map((entry) => [entry.name, entry]));

export function toolNamed(name: string): ToolEntry | undefined {
  return byName.get(name);
}

/** A tool's definition by name (resources read through the tools' handlers). */
export function loadTool(name: string): Promise<ToolDefinition> {
  const entry = byName.get(name);
  if (!entry) throw new Error(`no tool named ${name}`);
  return entry.load();
}

async function catalogEntries(): Promise<ToolEntry[]> {
  const built = builtFacts();
  if (built) return fromBuild(built, [...toolModules, ...appToolModules]);
  const { everyTool } = await import("./tool-definitions.js");
  return everyTool.map(fromDefinition);
}

function fromDefinition(tool: ToolDefinition): ToolEntry {
  return {
    ...traitsOf(tool),
    description: (offer) => descriptionFor(tool, offer),
    input: leanSchema(tool.input) as Schema,
    load: async () => tool,
  };
}

function fromBuild(facts: readonly ToolFacts[], modules: readonly ToolModule[]): ToolEntry[] {
  if (facts.length !== modules.length)
    throw new Error(`the build carries ${facts.length} tools' facts for ${modules.length} tools: rebuild`);
  return facts.map((fact, index) => {
    let loading: Promise<ToolDefinition> | undefined;
    const load = () => {
      loading ??= (modules[index]!() as Promise<ToolDefinition>).then((tool) => {
        if (tool.name !== fact.name)
          throw new Error(`the build's facts of ${fact.name} belong to ${tool.name}: rebuild`);
        return tool;
      });
      return loading;
    };
    return {
      ...traitsOf(fact),
      // The build wrote one for every offer (tool-facts.ts).
      description: (offer) => fact.descriptions[offerKey(offer)]!,
      input: builtSchema(fact.input, async () => (await load()).input),
      load,
    };
  });
}

/**
 * A schema whose JSON Schema the build made and whose checks are zod's, loaded with the tool: the
 * SDK awaits a Standard Schema's `validate`, so the first call's check imports the tool's module.
 */
function builtSchema(json: Json, schema: () => Promise<z.ZodType>): Schema {
  const frozen = deepFreeze(json);
  const jsonSchema = (which: "input" | "output") => (options: { target: string }) => {
    if (which !== "input" || options.target !== BUILT_SCHEMA_TARGET)
      throw new Error(`the bundle carries this schema's input JSON Schema for ${BUILT_SCHEMA_TARGET} only`);
    return frozen;
  };
  return {
    "~standard": {
      version: 1,
      vendor: "zod",
      validate: async (value) => (await schema())["~standard"].validate(value),
      jsonSchema: { input: jsonSchema("input"), output: jsonSchema("output") },
    },
  } as Schema;
}
