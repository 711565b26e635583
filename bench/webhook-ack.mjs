#!/usr/bin/env node
/**
 * Acknowledgement latency of `invoicing-mcp webhooks serve`: 1,000 signed, distinct deliveries at
 * 50 concurrent keep-alive connections on loopback, against the built bin in its own process (so
 * the numbers include the real fsync per group commit and nothing of this script's work).
 *
 *   npm run build && node bench/webhook-ack.mjs [--deliveries N] [--concurrency C] [--no-write]
 *
 * Prints the results and writes them to docs/benchmarks.md under "## Webhook receiver" (the rest
 * of that file is left as it is).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { cpus, freemem, loadavg, platform, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = join(root, "dist", "index.js");
if (!existsSync(bin)) throw new Error("dist/ is missing: run `npm run build` first");
const { sign } = await import(join(root, "dist", "webhooks", "signature.js"));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const DELIVERIES = option("--deliveries", 1000);
const CONCURRENCY = option("--concurrency", 50);
const WARMUP = 100;
const LOAD_AT_START = loadavg()[0];
const SECRET = "whsec_bench_only";

/**
 * For scale: a node:http server in its own process that reads the body and answers 200 at once,
 * measured by the same client. Whatever the receiver adds (verify, parse, hash, fsync, log) is
 * the difference.
 */
const BASELINE_SERVER = `
  const server = require("node:http").createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'));
  });
  server.listen(0, "127.0.0.1", () =>
    console.error(JSON.stringify({ msg: "listening", url: "http://127.0.0.1:" + server.address().port + "/" })));
  process.on("SIGTERM", () => process.exit(0));
`;

/** Spawns a server process and resolves with it and its URL once it logs "listening". */
async function spawnServer(argv, env = process.env) {
  const child = spawn(process.execPath, argv, { env, stdio: ["ignore", "ignore", "pipe"] });
  const url = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stderr }).on("line", (line) => {
      const entry = JSON.parse(line);
      if (entry.msg === "listening") resolve(new URL(entry.url));
    });
  });
  return { child, url };
}

const dir = await mkdtemp(join(tmpdir(), "webhook-bench-"));
const inbox = join(dir, "inbox.jsonl");

/** A realistic invoice.paid body, different for every n (so none is a duplicate). */
function delivery(n) {
  const body = JSON.stringify({
    event: "invoice.paid",
    timestamp: new Date(Date.UTC(2026, 2, 18, 9, 30, 0, n)).toISOString(),
    data: {
      invoiceId: `inv_${n.toString(36).padStart(8, "0")}`,
      invoiceNumber: `RE-2026-${String(n).padStart(4, "0")}`,
      paidAt: 1_773_826_200_000 + n,
      paidAmount: 1190,
      customerId: "cus_8f3a2b1c",
      customerName: "Müller & Söhne GmbH",
      customerExternalId: "DEB-10042",
      netAmount: 1000,
      grossAmount: 1190,
      amountCurrency: "EUR",
      currency: "EUR",
    },
  });
  return { body, signature: sign(body, SECRET) };
}

function post(agent, url, { body, signature }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "X-Service-Event": "invoice.paid",
          "X-Service-Signature": signature,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function run(agent, url, payloads) {
  let next = 0;
  const results = [];
  const worker = async () => {
    while (next < payloads.length) results.push(await post(agent, url, payloads[next++]));
  };
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { results, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Warm-up (connections open, JIT warm), then the measured run; the server is stopped after. */
async function measure(server, payloads) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  await run(agent, server.url, payloads.slice(0, WARMUP));
  const measured = await run(agent, server.url, payloads.slice(WARMUP));
  agent.destroy();
  server.child.kill("SIGTERM");
  await once(server.child, "exit");
  return measured;
}

/** What one append + fsync costs on the inbox's disk: the floor under every acknowledgement. */
async function fsyncMedianMs() {
  const handle = await open(join(dir, "fsync-probe"), "a");
  const times = [];
  for (let i = 0; i < 50; i++) {
    const started = process.hrtime.bigint();
    await handle.write(`${"x".repeat(400)}\n`);
    await handle.sync();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await handle.close();
  return times.sort((a, b) => a - b)[25];
}

const fsyncMs = await fsyncMedianMs();
const all = Array.from({ length: WARMUP + DELIVERIES }, (_, n) => delivery(n));
const baseline = await measure(await spawnServer(["-e", BASELINE_SERVER]), all);
const receiver = await spawnServer([bin, "webhooks", "serve", "--port", "0", "--inbox", inbox], {
  ...process.env,
  INVOICING_WEBHOOK_SECRET: SECRET,
});
const { results, seconds } = await measure(receiver, all);

const stored = (await readFile(inbox, "utf8")).split("\n").filter(Boolean).length;
await rm(dir, { recursive: true, force: true });
const failed = results.filter((r) => r.status !== 200).length;
if (failed > 0 || stored !== WARMUP + DELIVERIES) {
  throw new Error(`${failed} deliveries not acknowledged, ${stored} of ${WARMUP + DELIVERIES} stored`);
}

const stats = ({ results, seconds }) => {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return {
    median: q(0.5),
    p90: q(0.9),
    p99: q(0.99),
    max: sorted.at(-1),
    rate: results.length / seconds,
    seconds,
  };
};
const rx = stats({ results, seconds });
const base = stats(baseline);
const fmt = (ms) => `${ms.toFixed(2)} ms`;
const rate = (s) => `${Math.round(s.rate).toLocaleString("en")}/s (${s.seconds.toFixed(2)} s)`;
const cpu = cpus();
const machine =
  `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM ` +
  `(${(freemem() / 2 ** 30).toFixed(1)} free), ${platform()} ${release()}, Node ${process.version}, inbox on ${tmpdir()}`;
const date = new Date().toISOString().slice(0, 10);

const section = `## Webhook receiver

Acknowledgement latency of \`invoicing-mcp webhooks serve\` (the built bin, in its own process): the
time from sending a signed delivery to receiving its 200, which the receiver sends only after the
event is appended to the inbox and fsync'd. ${DELIVERIES.toLocaleString("en")} distinct \`invoice.paid\` deliveries of
${Buffer.byteLength(all[0].body)} bytes, ${CONCURRENCY} concurrent keep-alive connections, loopback, after ${WARMUP} warm-up
deliveries. Reproduce with \`npm run build && node bench/webhook-ack.mjs\`.

Each acknowledgement includes what the receiver guarantees since issue 12 (docs/webhooks.md, "What the receiver
guarantees"): before each batch is written, and after its fsync, a check that the open inbox is still
the file at its path (a deleted or replaced one is recreated before the 200, else 503); each body
serialised before it is queued, so one that cannot be stored fails alone; bounded, streaming reads.

| measure | receiver | baseline: bare node:http answering 200 |
|---|---|---|
| median | ${fmt(rx.median)} | ${fmt(base.median)} |
| p90 | ${fmt(rx.p90)} | ${fmt(base.p90)} |
| p99 | ${fmt(rx.p99)} | ${fmt(base.p99)} |
| max | ${fmt(rx.max)} | ${fmt(base.max)} |
| throughput | ${rate(rx)} | ${rate(base)} |

All ${DELIVERIES - failed} deliveries were acknowledged with 200 and ${stored - WARMUP} stored, each once. The baseline
is a node:http server in its own process that reads the body and answers 200 without doing anything,
driven by the same client: it shows what loopback HTTP and the client cost on this machine, and so
how much the receiver adds (signature, parsing, hashing, the write and its fsync, the log line).
Deliveries that arrive while a write is syncing share the next write and its fsync (group commit),
so 50 concurrent deliveries do not queue behind 50 fsyncs. One 400-byte append + fsync on this
machine's inbox disk takes ${fmt(fsyncMs)} (median of 50); on a slower disk each acknowledgement
waits about that much longer.

Machine: ${machine}. Measured ${date}; the machine's load average (1 min) was ${LOAD_AT_START.toFixed(2)} when it started.
`;

console.log(section);
if (!args.includes("--no-write")) {
  const file = join(root, "docs", "benchmarks.md");
  const current = existsSync(file) ? await readFile(file, "utf8") : "# Benchmarks\n";
  const start = current.indexOf("## Webhook receiver");
  let updated;
  if (start === -1) {
    updated = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf("\n## ", start + 1);
    updated = current.slice(0, start) + section + (after === -1 ? "" : `\n${current.slice(after + 1)}`);
  }
  await writeFile(file, updated);
  console.log(`written to ${file}`);
}
