/**
 * `invoicing-mcp webhooks serve [--host H] [--port N] [--path P] [--inbox FILE] [--retention-days N]
 * [--max-events N] [--max-mib N]`: the receiver as a long-lived process of its own, until SIGINT or SIGTERM. The
 * secret only ever comes from INVOICING_WEBHOOK_SECRET (a flag would show in every process list).
 */

import { untilStopSignal } from "../signals.js";
import { defaultInboxPath } from "./inbox.js";
import { DEFAULT_RETENTION, type Retention } from "./inbox-retention.js";
import { InboxWriter } from "./inbox-writer.js";
import { DEFAULT_HOST, DEFAULT_PATH, DEFAULT_PORT, startReceiver } from "./receiver.js";
import { parseSecrets } from "./signature.js";

const MIB = 1024 * 1024;

export const USAGE = `Usage: invoicing-mcp webhooks serve [options]

  --host H             address to listen on (default ${DEFAULT_HOST}; put a TLS proxy in front)
  --port N             port (default ${DEFAULT_PORT}; 0 = any free port)
  --path P             delivery path (default ${DEFAULT_PATH})
  --inbox FILE         the inbox (default INVOICING_INBOX, else ~/.invoicing-mcp/inbox.jsonl)
  --retention-days N   drop events received more than N days ago (default ${DEFAULT_RETENTION.maxAgeDays}; 0 = never)
  --max-events N       keep at most the newest N events (default ${DEFAULT_RETENTION.maxEvents}; 0 = no limit)
  --max-mib N          keep at most the newest N MiB of events (default ${DEFAULT_RETENTION.maxBytes / MIB}; 0 = no limit)

The endpoint secret comes from INVOICING_WEBHOOK_SECRET (two, comma-separated, during a rotation).
`;

export interface ServeArgs {
  host: string;
  port: number;
  path: string;
  inbox: string | undefined;
  retention: Retention;
}

const DAY_MS = 86_400_000;

export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const args: ServeArgs = {
    host: DEFAULT_HOST,
    port: DEFAULT_PORT,
    path: DEFAULT_PATH,
    inbox: undefined,
    retention: { ...DEFAULT_RETENTION },
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag = "", inline] = arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value\n\n${USAGE}`);
      return v;
    };
    if (flag === "--host") args.host = value();
    else if (flag === "--port") args.port = integer(flag, value(), 65_535);
    else if (flag === "--path") args.path = urlPath(value());
    else if (flag === "--inbox") args.inbox = value();
    else if (flag === "--retention-days") args.retention.maxAgeDays = integer(flag, value(), 100_000);
    else if (flag === "--max-events") args.retention.maxEvents = integer(flag, value(), 100_000_000);
    else if (flag === "--max-mib") args.retention.maxBytes = integer(flag, value(), 1_000_000) * MIB;
    else throw new Error(`unknown option "${arg}" for webhooks serve\n\n${USAGE}`);
  }
  return args;
}

/** Resolves once the receiver has been stopped by SIGINT or SIGTERM and the inbox is closed. */
export async function runWebhooks(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [subcommand, ...rest] = argv;
  if (subcommand === "--help" || subcommand === "-h" || subcommand === "help") {
    process.stderr.write(USAGE);
    return;
  }
  if (subcommand !== "serve") {
    throw new Error(
      `${subcommand ? `unknown webhooks command "${subcommand}"` : "missing command"}\n\n${USAGE}`,
    );
  }
  const args = parseServeArgs(rest);
  const secrets = parseSecrets(env.INVOICING_WEBHOOK_SECRET); // before anything is opened
  const inboxPath = args.inbox ?? defaultInboxPath(env);
  const log = (entry: object) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
  const inbox = await InboxWriter.open(inboxPath, { retention: args.retention, log });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  try {
    receiver = await startReceiver({ secrets, inbox, host: args.host, port: args.port, path: args.path });
  } catch (error) {
    await inbox.close();
    throw error;
  }
  log({
    msg: "listening",
    url: receiver.url,
    inbox: inboxPath,
    events: inbox.size,
    dropped: inbox.droppedAtOpen,
    secrets: secrets.length,
  });

  // Retention also runs while a receiver stays up for months, between two writes.
  const daily = setInterval(() => {
    inbox.compact().then(
      (dropped) => log({ msg: "retention", events: inbox.size, dropped }),
      (error: unknown) => log({ msg: "retention failed", error: String(error) }),
    );
  }, DAY_MS);
  daily.unref();

  await untilStopSignal();
  clearInterval(daily);
  await receiver.close();
  await inbox.close();
  log({ msg: "stopped", ...receiver.stats });
}

function integer(flag: string, raw: string, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 0 && n <= max)) throw new Error(`${flag} must be a whole number from 0 to ${max}, got "${raw}"`);
  return n;
}

function urlPath(raw: string): string {
  if (!/^\/[\w\-./~%]*$/.test(raw))
    throw new Error(`--path must start with "/" and be a plain URL path, got "${raw}"`);
  return raw;
}
