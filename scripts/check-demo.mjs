// The README's first command, judged as a newcomer would judge it: `npm run demo` exits 0, prints
// no stack trace, and shows an invoice made. CI runs it in its fresh clone (node scripts/check-demo.mjs);
// test/packaging/demo.test.ts runs the demo on fixed days with the same judgement.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What is wrong with a demo run, in words; empty when it went as a user expects. */
export function judgeDemo({ status, signal, output }) {
  const problems = [];
  if (status !== 0) problems.push(`it exited with ${signal ?? `code ${status}`}`);
  const trace = output.match(/^\s+at .+\(?(file:|node:)[^\n]*$/m);
  if (trace) problems.push(`it printed a stack trace (${trace[0].trim()})`);
  if (!/^Created draft invoice RE-\S+ /m.test(output)) problems.push("it shows no invoice created");
  if (!/^User: .+\n→ create_invoice /m.test(output)) problems.push("it never asked for an invoice");
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const run = spawnSync("npm", ["run", "--silent", "demo"], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
  });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  const problems = judgeDemo({ status: run.status, signal: run.signal, output });
  const users = output.match(/^User: /gm)?.length ?? 0;
  if (problems.length > 0) {
    process.stderr.write(`${output.slice(-4000)}\n`);
    console.error(`npm run demo failed: ${problems.join("; ")}`);
    process.exit(1);
  }
  console.error(`npm run demo: ${users} requests answered, an invoice created, exit 0`);
}
