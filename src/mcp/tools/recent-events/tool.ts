import { z } from "zod";
import { dateContext } from "../../../billing/context.js";
import type { SignIn } from "../../../config/principal.js";
import { DateInputError } from "../../../domain/dates/errors.js";
import { dayBoundsUtc, formatInstant } from "../../../domain/dates/format.js";
import { loadDates } from "../../../domain/dates/lazy.js";
import { MAX_AMOUNT_EUR, vouchedSum } from "../../../domain/money.js";
import { EVENT_NAMES } from "../../../webhooks/event-names.js";
import { describeEvent, type EventRow, eventRow } from "../../../webhooks/event-view.js";
import { limitArg, moneyOutput, offsetArg, pageOutput } from "../../args.js";
import type { ToolContext } from "../../context.js";
import { assumedText } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { eur, page, pageLine } from "../../format.js";

/** A period or a point in time; what it accepts is said once, in the server's instructions. */
const whenArg = (what: string) => z.string().trim().min(1).max(100).describe(what);

export const recentEventsTool = defineTool({
  name: "recent_events",
  title: "Recent events",
  description:
    "Payments and other events the webhook receiver stored, newest first, with counts per type and the sum paid.",
  kind: "read",
  family: "events",
  input: z.object({
    type: z.enum(EVENT_NAMES).optional().describe("Only this kind."),
    since: whenArg("From, inclusive.").optional(),
    until: whenArg("Until, a period inclusive.").optional(),
    limit: limitArg,
    offset: offsetArg,
  }),
  output: z.object({
    events: z.array(
      z.object({
        id: z.string().describe("the delivery's SHA-256, stable across repeats"),
        event: z.string(),
        occurredAt: z.string().describe("ISO 8601 local time; for a payment, when it was paid"),
        invoiceId: z.string().nullable(),
        invoiceNumber: z.string().nullable(),
        customerId: z.string().nullable(),
        customerName: z.string().nullable(),
        amount: moneyOutput.nullable(),
        description: z.string().nullable(),
      }),
    ),
    ...pageOutput,
    totals: z.object({
      byType: z.record(z.string(), z.number().int()),
      paidAmount: moneyOutput
        .nullable()
        .describe(
          "sum of invoice.paid amounts among the matching events; null when it cannot be vouched for (an amount missing or out of range)",
        ),
      currency: z.literal("EUR"),
    }),
    notes: z
      .array(z.string())
      .describe("values left out of the matching events because they were out of range (not in any sum)"),
  }),
  example: {},
  needsInbox: true,
  async handler(args, context, call) {
    const source = context.events;
    if (!source) throw new Error("recent_events is only registered when events are stored");
    const since = args.since === undefined ? undefined : await bound(args.since, "start", context);
    const until = args.until === undefined ? undefined : await bound(args.until, "end", context);
    const from = since?.ms ?? Number.NEGATIVE_INFINITY;
    const to = until?.ms ?? Number.POSITIVE_INFINITY;
    const stored = await source.read(args.type === undefined ? {} : { type: args.type });
    const matching = stored
      .map(eventRow)
      .filter((row) => row.occurredAt >= from && row.occurredAt < to)
      .sort((a, b) => b.occurredAt - a.occurredAt);

    const byType: Record<string, number> = {};
    for (const row of matching) byType[row.event] = (byType[row.event] ?? 0) + 1;
    const paidAmounts = matching.filter((row) => row.event === "invoice.paid").map((row) => row.amount);
    // A sum of what is left when an amount is unknown, or one past any real amount, is no sum.
    const paidAmount = vouchedSum(paidAmounts) ?? null;
    const totals = { byType, paidAmount, currency: "EUR" as const };
    const notes = leftOut(matching);
    const { slice, ...window } = page(matching, args.offset, args.limit);
    const events = slice.map(({ receivedAt: _received, notes: _notes, occurredAt, ...row }) => ({
      ...row,
      occurredAt: formatInstant(occurredAt, context.timeZone),
    }));

    const counts = Object.entries(byType)
      .map(([type, count]) => `${count} ${type}`)
      .join(", ");
    const paid = byType["invoice.paid"] ? ` Payments received: ${paidText(paidAmount, paidAmounts)}.` : "";
    const lines = [
      `${pageLine(events.length, window.total, window.offset, "events")}${counts ? ` By type: ${counts}.` : ""}${paid}${assumedText([...(since?.assumptions ?? []), ...(until?.assumptions ?? [])])}`,
      ...events.map((row) => describeEvent(row, row.occurredAt.slice(0, 16).replace("T", " "))),
    ];
    if (notes.length > 0) lines.push(`Left out as out of range (not in any sum): ${notes.join("; ")}.`);
    if (window.total === 0 && stored.length === 0) {
      lines.push(`The inbox is empty: ${emptyInboxHint(call.signIn)}`);
    }
    return { data: { events, ...window, totals, notes }, text: lines.join("\n") };
  },
});

/** The sum, or why there is none. */
function paidText(sum: number | null, amounts: readonly (number | null)[]): string {
  if (sum !== null) return eur(sum);
  const unknown = amounts.filter((amount) => amount === null).length;
  return unknown > 0
    ? `no sum, since ${unknown} of ${amounts.length} payments have no amount that can be vouched for`
    : `no sum, since the amounts add up to more than ${eur(MAX_AMOUNT_EUR)}, which no real sum reaches`;
}

const MAX_NOTES = 10;

/** What the inbox reader left out of the matching events, naming each event, at most ten. */
function leftOut(rows: readonly EventRow[]): string[] {
  const notes = rows.flatMap((row) => {
    const which = row.invoiceNumber ?? row.invoiceId ?? row.customerId ?? row.id.slice(0, 12);
    return row.notes.map((note) => `${row.event} ${which}: ${note}`);
  });
  if (notes.length <= MAX_NOTES) return notes;
  return [...notes.slice(0, MAX_NOTES), `and ${notes.length - MAX_NOTES} more`];
}

/**
 * A phrase with a time of day ("yesterday at 15:00", "2 hours ago") is that point in time; any
 * other period phrase is its first day's start or last day's end. A read may guess an hour that may
 * be morning or evening ("since yesterday at 3" is 15:00), and says so in `assumptions`.
 */
async function bound(
  text: string,
  side: "start" | "end",
  context: ToolContext,
): Promise<{ ms: number; assumptions: readonly string[] }> {
  const { resolveInstant, parsePeriod } = await loadDates();
  const ctx = dateContext(context);
  try {
    const instant = resolveInstant(text, ctx);
    if (instant.timeOfDay !== "start-of-day") return { ms: instant.ms, assumptions: instant.assumptions };
  } catch {
    // Not a point in time: a period, or an error the period reading words better.
  }
  try {
    const period = parsePeriod(text, ctx);
    const ms =
      side === "start"
        ? dayBoundsUtc(period.start, context.timeZone).startMs
        : dayBoundsUtc(period.end, context.timeZone).endMs;
    return { ms, assumptions: period.assumptions ?? [] };
  } catch (periodError) {
    throw periodError instanceof DateInputError ? periodError : new DateInputError("period", text);
  }
}

/** Where this caller's events come from, and so what to check when none came. */
function emptyInboxHint(signIn: SignIn): string {
  switch (signIn.kind) {
    case "oauth":
      return `is ${signIn.webhookUrl} (the address shown when this app was connected) registered as the webhook endpoint in the Invoicing Service (Settings → API access), with the secret entered then?`;
    case "tenant":
      return "this server receives the account's events at the webhook address its operator set up for it: ask them whether it is registered in the Invoicing Service.";
    case "key":
      return "events reach this server only for a sign-in through its sign-in page (OAuth) or its operator's tenants; a bare API key has no webhook address here.";
    default:
      return "is `invoicing-mcp webhooks serve` running and registered as the webhook endpoint?";
  }
}
