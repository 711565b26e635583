/**
 * Lines from the period's time: one per project, in hours at the customer's rate, only when each
 * line's quantity × rate is its amount to the cent and the lines sum to the invoice's net.
 */
import { formatDay } from "../domain/dates/format.js";
import { type Cents, toCents } from "../domain/money.js";
import { amountForMinutes, germanPeriodLabel } from "../domain/period-billing.js";
import type { BuildInput, ServiceTimeEntry } from "./input.js";
import type { InvoiceLine } from "./model.js";
import { germanAmount } from "./words.js";

function minutesOf(entry: ServiceTimeEntry): number {
  if (typeof entry.durationMinutes === "number") return entry.durationMinutes;
  return Math.round(((entry.endTime ?? entry.startTime) - entry.startTime) / 60_000);
}

/** Hours in ten-thousandths, half-up, from whole minutes: 1635 → 272500 (27.25 h). */
export function quantityOfMinutes(minutes: number): number {
  return Math.floor((minutes * 10_000 + 30) / 60);
}

/** A completed entry of the customer that started in the period, with its whole minutes. */
export interface BilledEntry {
  entry: ServiceTimeEntry;
  day: string;
  minutes: number;
}

/**
 * The customer's completed entries that started in the period (by their day in the zone), oldest
 * first; null when one has no whole, positive number of minutes (then no line can rest on them).
 */
export function billedEntries(
  input: BuildInput,
  period: { start: string; end: string },
): BilledEntry[] | null {
  const billed: BilledEntry[] = [];
  for (const entry of input.entries) {
    if (entry.customerId !== input.customer._id) continue;
    if (entry.isRunning === true || (entry.endTime == null && typeof entry.durationMinutes !== "number"))
      continue;
    const day = formatDay(entry.startTime, input.timeZone);
    if (day < period.start || day > period.end) continue;
    const minutes = minutesOf(entry);
    if (!Number.isInteger(minutes) || minutes <= 0) return null;
    billed.push({ entry, day, minutes });
  }
  return billed.sort((a, b) => a.entry.startTime - b.entry.startTime);
}

/** The name a project's line and time-sheet rows carry. */
export function projectName(input: BuildInput, projectId: string): string {
  return input.projectNames.get(projectId) ?? `Projekt ${projectId}`;
}

/** One line per project, or null when the time at the rate is not the invoice's net to the cent. */
export function linesFromTime(
  input: BuildInput,
  period: { start: string; end: string },
  net: Cents,
): InvoiceLine[] | null {
  const rate = input.customer.hourlyRate;
  if (typeof rate !== "number" || rate <= 0) return null;
  const rateCents = toCents(rate);
  const billed = billedEntries(input, period);
  if (billed === null || billed.length === 0) return null;
  const byProject = new Map<string, number>();
  for (const { entry, minutes } of billed) {
    byProject.set(entry.projectId, (byProject.get(entry.projectId) ?? 0) + minutes);
  }
  const label = germanPeriodLabel(period);
  const lines: InvoiceLine[] = [];
  const projects = [...byProject.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [projectId, minutes] of projects) {
    const quantity = quantityOfMinutes(minutes);
    const amount = amountForMinutes(minutes, rateCents);
    // The document's reader multiplies its own figures: quantity × price must give the line's amount.
    if (Math.floor((quantity * rateCents + 5_000) / 10_000) !== amount) return null;
    lines.push({
      id: String(lines.length + 1),
      name: projectName(input, projectId),
      description: `Leistungen ${label}, ${germanAmount(quantity / 100)} Std. laut Stundennachweis`,
      quantity,
      unit: "HUR",
      unitPrice: rateCents,
      net: amount,
    });
  }
  return lines.reduce((sum, line) => sum + line.net, 0) === net ? lines : null;
}
