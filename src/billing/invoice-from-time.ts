/**
 * `create_invoice` with `fromTime: true`: the net amount is the period's completed time at the
 * customer's rate (minutes × rate, to the cent), and the notes default to the German line that
 * says so. Nothing to count, or no rate to count with, is an error that says what to do.
 */
import type { Customer, TimeEntry } from "../api/schemas.js";
import type { DaySpan } from "../domain/calendar-span.js";
import { InputError } from "../domain/input-error.js";
import { toCents } from "../domain/money.js";
import { timeNotes } from "../domain/period-billing.js";
import { named } from "../domain/text.js";
import { countTime, type PeriodTime } from "./period-facts.js";

export interface TimeBasis {
  time: PeriodTime;
  netAmount: number;
  notes: string;
}

/** From the period's entries already loaded (of any customer): several invoices share one listing. */
export function timeBasis(
  customer: Customer,
  period: DaySpan,
  entries: readonly TimeEntry[],
  projectNames: ReadonlyMap<string, string>,
  timeZone: string,
): TimeBasis {
  const who = named(customer.name, customer._id);
  if (typeof customer.hourlyRate !== "number" || customer.hourlyRate <= 0) {
    throw new InputError(
      `${who} has no hourly rate in the service, so its time has no amount. Give netAmount instead of fromTime.`,
    );
  }
  const time = countTime(
    entries.filter((e) => e.customerId === customer._id),
    customer.hourlyRate,
    projectNames,
    timeZone,
  );
  if (time.minutes === 0 || time.amount === null) {
    throw new InputError(
      `No completed time for ${who} from ${period.start} to ${period.end}, so there is nothing to invoice from time. time_summary with a period shows where the hours are; or give netAmount instead.`,
    );
  }
  return {
    time,
    netAmount: time.amount,
    notes: timeNotes(period, time.minutes, toCents(customer.hourlyRate)),
  };
}
