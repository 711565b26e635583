/**
 * `invoicing-mcp webhooks serve [--host H] [--port N] [--path P] [--inbox FILE] [--retention-days N]
 * [--max-events N] [--max-mib N]`: the receiver as a long-lived process of its own, until SIGINT or SIGTERM. The
 * secret only ever comes from INVOICING_WEBHOOK_SECRET (a flag would show in every process list).
 */

import { wantsHelp } from "../cli/help.js";
import { type OptionSpec, parseOptions, UsageError } from "../cli/options.js";
import { DAY_MS } from "../domain/calendar-span.js";
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

const SERVE_OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  path: { type: "string" },
  inbox: { type: "string" },
  "retention-days": { type: "string" },
  "max-events": { type: "string" },
  "max-mib": { type: "string" },
} satisfies OptionSpec;

export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const options = parseOptions(argv, SERVE_OPTIONS, USAGE);
  const given = (name: keyof typeof SERVE_OPTIONS) => options[name];
  const retentionDays = given("retention-days");
  const maxEvents = given("max-events");
  const maxMib = given("max-mib");
  return {
    host: given("host") ?? DEFAULT_HOST,
    port: given("port") === undefined ? DEFAULT_PORT : integer("--port", given("port")!, 65_535),
    path: given("path") === undefined ? DEFAULT_PATH : urlPath(given("path")!),
    inbox: given("inbox"),
    retention: {
      maxAgeDays:
        retentionDays === undefined
          ? DEFAULT_RETENTION.maxAgeDays
          : integer("--retention-days", retentionDays, 100_000),
      maxEvents:
        maxEvents === undefined
          ? DEFAULT_RETENTION.maxEvents
          : integer("--max-events", maxEvents, 100_000_000),
      maxBytes:
        maxMib === undefined ? DEFAULT_RETENTION.maxBytes : integer("--max-mib", maxMib, 1_000_000) * MIB,
    },
  };
}

/**
 * Resolves once the receiver has been stopped by SIGINT or SIGTERM and the inbox is closed; at once
 * after `print`ing the usage for `webhooks --help` or `webhooks serve --help`.
 */
export async function runWebhooks(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (text: string) => void,
): Promise<void> {
  const [subcommand, ...rest] = argv;
  if (wantsHelp(argv) || subcommand === "help") {
    print(USAGE);
    return;
  }
  if (subcommand !== "serve") {
    throw new UsageError(
      `${subcommand ? `unknown webhooks command "${subcommand}"` : "missing webhooks command"}\n\n${USAGE}`,
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
  // Listen for the stop signal before announcing: a supervisor may send it as soon as it reads the line.
  const stopSignal = untilStopSignal();
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

  await stopSignal;
  clearInterval(daily);
  await receiver.close();
  await inbox.close();
  log({ msg: "stopped", ...receiver.stats });
}

function integer(flag: string, raw: string, max: number): number {
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 0 && n <= max))
    throw new UsageError(`${flag} must be a whole number from 0 to ${max}, got "${raw}"`);
  return n;
}

function urlPath(raw: string): string {
  if (!/^\/[\w\-./~%]*$/.test(raw))
    throw new UsageError(`--path must start with "/" and be a plain URL path, got "${raw}"`);
  return raw;
}
