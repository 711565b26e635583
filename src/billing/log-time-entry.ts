/**
 * One time entry as log_time receives it (names and phrases) turned into what would be sent: the
 * project and customer records, start and end instants, the description. Everything a person can
 * get wrong is refused here, before any request that writes.
 */
import { PathParameterError } from "../api/errors.js";
import type { Customer, Project } from "../api/schemas.js";
import { DAY_MS } from "../domain/calendar-span.js";
import { parseDuration } from "../domain/dates/duration.js";
import { DateInputError } from "../domain/dates/errors.js";
import { formatInstant, formatLocalDateTime } from "../domain/dates/format.js";
import { loadDates } from "../domain/dates/lazy.js";
import { InputError } from "../domain/input-error.js";
import { spokenDuration } from "../domain/time-slots.js";
import { type BillingContext, dateContext, resolveEnd } from "./context.js";

/** What the person gave for one entry. */
export interface EntryInput {
  project: string;
  customer?: string | undefined;
  start: string;
  end?: string | undefined;
  duration?: string | undefined;
  description?: string | undefined;
  allowOverlap?: boolean | undefined;
}

/** One entry resolved and checked, ready to compare with what is stored and to send. */
export interface PlannedEntry {
  project: Project;
  customerId: string;
  /** The customer record, when known (its name and rate). */
  owner: Customer | undefined;
  startMs: number;
  endMs: number;
  minutes: number;
  description: string | undefined;
  allowOverlap: boolean;
  /** Readings taken where start or end allowed several ("yesterday at 3" as 15:00), for the answer. */
  assumptions: readonly string[];
}

/** Examples of a start with a time of day, for a start that has none. */
const START_EXAMPLES = ["yesterday 9:00", "gestern 14 Uhr", "2026-03-29 09:00", "last Monday 8:30"];

/**
 * One entry checked as far as it can be: its names and its times are read independently, so an
 * entry with an unknown project and an end that contradicts its duration reports both at once, and
 * its times (`slot`) can still be checked for overlaps while a name is being corrected. Errors the
 * person can fix are collected; any other error (the service unreachable) is thrown.
 */
export interface EntryCheck {
  planned: PlannedEntry | null;
  slot: { startMs: number; endMs: number; minutes: number; assumptions: readonly string[] } | null;
  /** Names first, then times: the order a single call reports them in. */
  errors: unknown[];
}

export async function checkEntry(input: EntryInput, context: BillingContext): Promise<EntryCheck> {
  const errors: unknown[] = [];
  const names = await collect(() => namesOf(input, context), errors);
  const slot = await collect(() => timesOf(input, context), errors);
  const planned =
    names && slot
      ? {
          ...names,
          ...slot,
          description: input.description?.trim() || undefined,
          allowOverlap: input.allowOverlap === true,
        }
      : null;
  return { planned, slot, errors };
}

/** Whether the person can fix the error by changing the entry (not an outage or a bug). */
function isInputProblem(error: unknown): boolean {
  return (
    error instanceof InputError || error instanceof DateInputError || error instanceof PathParameterError
  );
}

async function collect<T>(step: () => Promise<T>, errors: unknown[]): Promise<T | null> {
  try {
    return await step();
  } catch (error) {
    if (!isInputProblem(error)) throw error;
    errors.push(error);
    return null;
  }
}

async function namesOf(input: EntryInput, context: BillingContext) {
  const customer =
    input.customer === undefined ? undefined : await context.directory.resolveCustomer(input.customer);
  const project = await context.directory.resolveProject(input.project, customer?._id);
  const customerId = customer?._id ?? project.customerId;
  const owner = customer ?? (await context.directory.customerById(customerId));
  return { project, customerId, owner };
}

async function timesOf(input: EntryInput, context: BillingContext) {
  const start = (await loadDates()).resolveInstant(input.start, dateContext(context));
  if (start.timeOfDay === "start-of-day") {
    throw new DateInputError(
      "instant",
      input.start,
      "it has no time of day; say when the work began",
      START_EXAMPLES,
    );
  }
  askWhichHour("start", input.start, start.hourReadings);
  const { ms: endMs, assumptions: endAssumptions } = await endOf(input, start.ms, context);
  const minutes = Math.round((endMs - start.ms) / 60_000);
  if (endMs <= start.ms)
    throw new InputError(
      `The end (${formatInstant(endMs, context.timeZone)}) must be after the start (${formatInstant(start.ms, context.timeZone)}).`,
    );
  if (endMs - start.ms > DAY_MS)
    throw new InputError(
      `${spokenDuration(minutes)} is longer than 24 hours; log each day as its own entry.`,
    );
  if (endMs > context.now().getTime() + 5 * 60_000) {
    throw new InputError(
      `The entry ends in the future (${formatInstant(endMs, context.timeZone)}); log time after the work is done.`,
    );
  }
  return {
    startMs: start.ms,
    endMs,
    minutes,
    assumptions: [...new Set([...start.assumptions, ...endAssumptions])],
  };
}

async function endOf(
  input: EntryInput,
  startMs: number,
  context: BillingContext,
): Promise<{ ms: number; assumptions: readonly string[] }> {
  const byDuration =
    input.duration === undefined ? undefined : startMs + parseDuration(input.duration) * 60_000;
  if (input.end === undefined) {
    if (byDuration !== undefined) return { ms: byDuration, assumptions: [] };
    throw new InputError(
      'Give an end ("17:00", "today 17:30") or a duration ("2.5h", "90 min") for the entry.',
    );
  }
  const end = await resolveEnd(input.end, startMs, context);
  askWhichHour("end", input.end, end.hourReadings);
  if (end.timeOfDay === "start-of-day") {
    throw new DateInputError("instant", input.end, "it has no time of day; an end needs one", [
      "17:00",
      "16:30",
      "gestern 17 Uhr",
    ]);
  }
  if (byDuration !== undefined && byDuration !== end.ms && end.ms > startMs) {
    // Both given and they disagree: which one is right only the person knows.
    const span = `${clock(startMs, context)}–${clock(end.ms, context)}`;
    const actual = Math.round((end.ms - startMs) / 60_000);
    throw new InputError(
      `${span} is ${spokenDuration(actual)}, not ${spokenDuration(Math.round((byDuration - startMs) / 60_000))}: give only the end or only the duration.`,
    );
  }
  return { ms: end.ms, assumptions: end.assumptions };
}

/**
 * A write does not guess an hour that may be morning or evening ("gestern 7 Uhr", "at 3"): what is
 * logged stays, and no tool can remove it. The person is asked, with both readings to give back.
 */
function askWhichHour(
  side: "start" | "end",
  text: string,
  readings: { morning: string; evening: string } | null,
): void {
  if (readings === null) return;
  const [morning, evening] = [readings.morning.slice(11), readings.evening.slice(11)];
  throw new InputError(
    `"${text}" may be ${morning} or ${evening}: nothing was logged. Ask the user which, then give the ${side} as "${readings.morning}" or "${readings.evening}".`,
  );
}

function clock(ms: number, context: BillingContext): string {
  return formatLocalDateTime(ms, context.timeZone).slice(11);
}
