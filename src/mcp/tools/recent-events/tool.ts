import { z } from "zod";
import { EVENT_NAMES } from "../../../webhooks/event-names.js";
import { recentEvents } from "../../../webhooks/recent-events.js";
import { limitArg, moneyOutput, offsetArg, pageOutput } from "../../args.js";
import { instantBound } from "../../date-args.js";
import { defineTool } from "../../define-tool.js";
import { recentEventsText } from "./answer.js";

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
    const since = args.since === undefined ? undefined : await instantBound(args.since, "start", context);
    const until = args.until === undefined ? undefined : await instantBound(args.until, "end", context);
    const found = await recentEvents(source, {
      type: args.type,
      from: since?.ms ?? Number.NEGATIVE_INFINITY,
      to: until?.ms ?? Number.POSITIVE_INFINITY,
      offset: args.offset,
      limit: args.limit,
      timeZone: context.timeZone,
    });
    const assumptions = [...(since?.assumptions ?? []), ...(until?.assumptions ?? [])];
    return {
      data: { events: found.events, ...found.window, totals: found.totals, notes: found.notes },
      text: recentEventsText(found, assumptions, call.signIn),
    };
  },
});
