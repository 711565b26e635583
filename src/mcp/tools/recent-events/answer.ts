/** How recent_events answers: the page's events with the counts and sum of all that match. */
import type { SignIn } from "../../../config/principal.js";
import { MAX_AMOUNT_EUR } from "../../../domain/money.js";
import { describeEvent } from "../../../webhooks/event-view.js";
import type { RecentEvents } from "../../../webhooks/recent-events.js";
import { assumedText } from "../../date-args.js";
import { eur, pageLine } from "../../format.js";

export function recentEventsText(
  found: RecentEvents,
  assumptions: readonly string[],
  signIn: SignIn,
): string {
  const { events, window, totals, notes } = found;
  const counts = Object.entries(totals.byType)
    .map(([type, count]) => `${count} ${type}`)
    .join(", ");
  const paid = totals.byType["invoice.paid"]
    ? ` Payments received: ${paidText(totals.paidAmount, found.paidAmounts)}.`
    : "";
  const lines = [
    `${pageLine(events.length, window.total, window.offset, "events")}${counts ? ` By type: ${counts}.` : ""}${paid}${assumedText(assumptions)}`,
    ...events.map((row) => describeEvent(row, row.occurredAt.slice(0, 16).replace("T", " "))),
  ];
  if (notes.length > 0) lines.push(`Left out as out of range (not in any sum): ${notes.join("; ")}.`);
  if (window.total === 0 && found.inboxEmpty) {
    lines.push(`The inbox is empty: ${emptyInboxHint(signIn)}`);
  }
  return lines.join("\n");
}

/** The sum, or why there is none. */
function paidText(sum: number | null, amounts: readonly (number | null)[]): string {
  if (sum !== null) return eur(sum);
  const unknown = amounts.filter((amount) => amount === null).length;
  return unknown > 0
    ? `no sum, since ${unknown} of ${amounts.length} payments have no amount that can be vouched for`
    : `no sum, since the amounts add up to more than ${eur(MAX_AMOUNT_EUR)}, which no real sum reaches`;
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
