#!/usr/bin/env node
/**
 * What grows in the live heap: the built bin over stdio against the sandbox, the memory benchmark's
 * mix of calls, and two heap snapshots (through the V8 inspector, after full collections) some
 * calls apart, compared by constructor: count and self size. A bounded cache shows as a plateau,
 * a leak as a constructor that grows with the calls.
 *
 *   node bench/heap-diff.mjs [--from 500] [--calls 1500] [--top 25]
 */
import { numberOption } from "./lib/args.mjs";
import { connectInspector } from "./lib/inspector.mjs";
import { memoryMix } from "./lib/memory-mix.mjs";
import { requireBuild } from "./lib/paths.mjs";
import { startSandbox, startServer } from "./lib/sandbox.mjs";

requireBuild();
const FROM = numberOption("--from", 500);
const CALLS = numberOption("--calls", 1500);
const TOP = numberOption("--top", 25);

const sandbox = await startSandbox();
const server = await startServer(sandbox, { nodeArgs: ["--inspect=127.0.0.1:0"] });
const inspector = await connectInspector(server);
await server.request("tools/list");
const mix = await memoryMix(server);

const byConstructor = async () => {
  const snapshot = await inspector.heapSnapshot();
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const counts = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = `${type}:${snapshot.strings[snapshot.nodes[i + nameAt]]}`.slice(0, 90);
    const entry = counts.get(name) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += snapshot.nodes[i + sizeAt];
    counts.set(name, entry);
  }
  return counts;
};

let call = 0;
const run = async (until) => {
  for (; call < until; call++) {
    const [name, args] = mix[call % mix.length];
    await server.callTool(name, args);
  }
};
await run(FROM);
const before = await byConstructor();
await run(CALLS);
const after = await byConstructor();
inspector.close();
await server.close();
await sandbox.close();

const rows = [...after]
  .map(([name, a]) => {
    const b = before.get(name) ?? { count: 0, size: 0 };
    return { name, count: a.count - b.count, size: a.size - b.size };
  })
  .filter((r) => r.size !== 0 || r.count !== 0)
  .sort((x, y) => y.size - x.size)
  .slice(0, TOP);
console.log(`growth from call ${FROM} to call ${CALLS} (count, bytes):`);
for (const r of rows) console.log(`${String(r.count).padStart(8)} ${String(r.size).padStart(10)}  ${r.name}`);
