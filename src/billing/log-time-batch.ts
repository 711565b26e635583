/**
 * Logging one entry or a batch, the same way: every entry is resolved and checked (names, phrases,
 * durations, overlaps with what is stored and with each other) before the first POST, so a batch
 * with one bad entry creates nothing. The stored entries are listed once per week the batch touches,
 * not once per entry: N entries cost at most N POSTs plus one listing per week.
 *
 * An entry identical to a stored one is a replay and is not sent again, which also makes a batch cut
 * short by the rate limit safe to send again whole: what was created is recognised, the rest is sent.
 */

import { ApiError, RateLimitedError } from "../api/errors.js";
import { wholeList } from "../api/list.js";
import type { TimeEntry } from "../api/schemas.js";
import { DESCRIPTION_MAX } from "../api/schemas.js";
import { createTimeEntry, listTimeEntries } from "../api/time-entries.js";
import { shiftDay } from "../domain/calendar-span.js";
import { formatDay, formatLocalDateTime } from "../domain/dates/format.js";
import { cleanText } from "../domain/text.js";
import { mondayOf, overlaps } from "../domain/time-slots.js";
import type { BillingContext } from "./context.js";
import { EntriesRefused, type EntryProblem, type StoredOverlap } from "./errors.js";
import { checkEntry, type EntryCheck, type EntryInput, type PlannedEntry } from "./log-time-entry.js";

export const MAX_BATCH = 50;

export type EntryStatus = "created" | "already_exists" | "not_sent" | "failed";

export interface EntryOutcome {
  entry: PlannedEntry;
  status: EntryStatus;
  id: string | null;
  /** For a failed entry: the error the service answered with (worded by the tool). */
  error?: unknown;
}

/** Entries that overlap stored time or each other: nothing was logged, `allowOverlap` on them would. */
export interface OverlapRefusal {
  kind: "refused";
  /** By entry, 1-based; an entry may overlap stored entries and earlier entries of the batch. */
  overlaps: { index: number; problem: EntryProblem }[];
  total: number;
}

export interface BatchOutcome {
  kind: "logged";
  entries: EntryOutcome[];
  /** When entries were left unsent by the rate limit: the earliest time the window allows them. */
  sendAfterMs: number | null;
}

/** Problems found before anything was sent, by entry (1-based, as the person counts). */
class EntryProblems {
  readonly list: { index: number; problem: EntryProblem }[] = [];
  add(index: number, problem: EntryProblem): void {
    this.list.push({ index, problem });
  }
}

/**
 * Plans, checks and sends. A single entry (`single`) fails with its own error, as a call always
 * has. A batch is checked whole before it fails: every entry's names and times, and the overlaps of
 * every entry whose times could be read, so one refusal names every problem (EntriesRefused, with
 * the overlaps among them) and the person corrects the batch once. Overlaps alone are the guard's
 * refusal, returned, not thrown; otherwise each entry's outcome.
 */
export async function logEntries(
  inputs: readonly EntryInput[],
  context: BillingContext,
  { single }: { single: boolean },
): Promise<BatchOutcome | OverlapRefusal> {
  const checks: EntryCheck[] = [];
  for (const input of inputs) {
    const check = await checkEntry(input, context);
    if (single && check.errors.length > 0) throw check.errors[0];
    checks.push(check);
  }
  const problems = new EntryProblems();
  checks.forEach((check, i) => {
    for (const error of check.errors) problems.add(i + 1, { kind: "invalid", error });
  });

  const slots = checks.map((check, i): Candidate | null =>
    check.slot === null
      ? null
      : {
          startMs: check.slot.startMs,
          endMs: check.slot.endMs,
          allowOverlap: inputs[i]?.allowOverlap === true,
          customerId: check.planned?.customerId ?? null,
        },
  );
  const readable = slots.filter((slot): slot is Candidate => slot !== null);
  const stored = readable.length === 0 ? [] : await storedAround(readable, context);
  const replays = checks.map(({ planned }) =>
    planned === null ? undefined : stored.find((s) => isSameEntry(s, planned)),
  );

  const clashes = await overlapProblems(slots, replays, stored, context);
  if (problems.list.length > 0) {
    // Stable: an entry's own problems before its overlaps.
    const all = [...problems.list, ...clashes.list].sort((a, b) => a.index - b.index);
    throw new EntriesRefused(all, inputs.length);
  }
  if (clashes.list.length > 0) {
    return { kind: "refused", overlaps: clashes.list, total: inputs.length };
  }

  const planned = checks.map(({ planned }) => planned!);
  const outcomes: EntryOutcome[] = planned.map((entry, i) => {
    const replay = replays[i];
    return replay
      ? { entry, status: "already_exists", id: replay._id }
      : { entry, status: "not_sent", id: null };
  });
  let sendAfterMs: number | null = null;
  for (const outcome of outcomes) {
    if (outcome.status !== "not_sent") continue;
    try {
      outcome.id = (await send(outcome.entry, context)).id;
      outcome.status = "created";
    } catch (error) {
      if (single || !(error instanceof ApiError)) throw error;
      if (error instanceof RateLimitedError) {
        // Not sent, so safe: this one and the rest wait for the window (said to the whole second).
        sendAfterMs = Math.ceil(error.retryAt.getTime() / 1000) * 1000;
      } else {
        outcome.status = "failed";
        outcome.error = error;
      }
      break;
    }
  }
  return { kind: "logged", entries: outcomes, sendAfterMs };
}

/** What the overlap check needs of an entry: its times, its override, its customer when known. */
interface Candidate {
  startMs: number;
  endMs: number;
  allowOverlap: boolean;
  customerId: string | null;
}

function send(entry: PlannedEntry, context: BillingContext) {
  return createTimeEntry(context.client(), {
    projectId: entry.project._id,
    customerId: entry.customerId,
    startTime: entry.startMs,
    endTime: entry.endMs,
    ...(entry.description === undefined ? {} : { description: entry.description }),
  });
}

/**
 * The stored entries near the batch: one listing per week its entries start in. Whether the
 * service's day bounds are inclusive, and in which zone, is not shown, so each asks a day wider on
 * each side (an entry is at most 24 h, so one that overlaps starts no earlier than the day before).
 */
async function storedAround(planned: readonly Candidate[], context: BillingContext): Promise<TimeEntry[]> {
  const weeks = new Map<string, { from: string; to: string }>();
  for (const entry of planned) {
    const startDay = formatDay(entry.startMs, context.timeZone);
    const endDay = formatDay(entry.endMs, context.timeZone);
    const week = mondayOf(startDay);
    const range = weeks.get(week) ?? { from: startDay, to: endDay };
    weeks.set(week, {
      from: startDay < range.from ? startDay : range.from,
      to: endDay > range.to ? endDay : range.to,
    });
  }
  const lists = await Promise.all(
    [...weeks.values()].map((range) =>
      listTimeEntries(context.client(), { from: shiftDay(range.from, -1), to: shiftDay(range.to, 1) }),
    ),
  );
  const byId = new Map<string, TimeEntry>();
  // The replay and overlap checks need every stored entry of those weeks: with part of them, the
  // same or an overlapping entry may exist unseen, so a partial list refuses the batch instead.
  for (const list of lists) {
    const items = wholeList(
      list,
      "time entries",
      "it cannot be checked whether these entries are already there or overlap stored ones; logging them now could log time twice, so nothing was logged",
    );
    for (const item of items) byId.set(item._id, item);
  }
  return [...byId.values()];
}

function isSameEntry(stored: TimeEntry, entry: PlannedEntry): boolean {
  return (
    stored.projectId === entry.project._id &&
    stored.customerId === entry.customerId &&
    stored.startTime === entry.startMs &&
    stored.endTime === entry.endMs &&
    // The service may store a missing description as ""; listed ones arrive cleaned (schemas.ts).
    (stored.description || undefined) === (cleanText(entry.description, DESCRIPTION_MAX) || undefined)
  );
}

/** Completed stored entries: a running timer has no end to overlap with yet. */
function completedSlot(stored: TimeEntry): { startMs: number; endMs: number } | undefined {
  if (stored.isRunning === true || stored.endTime == null) return undefined;
  return { startMs: stored.startTime, endMs: stored.endTime };
}

async function overlapProblems(
  slots: readonly (Candidate | null)[],
  replays: readonly (TimeEntry | undefined)[],
  stored: readonly TimeEntry[],
  context: BillingContext,
): Promise<EntryProblems> {
  const problems = new EntryProblems();
  const fresh = slots.flatMap((entry, i) =>
    entry === null || replays[i] !== undefined ? [] : [{ entry, i }],
  );
  const hits = fresh.map(({ entry }) =>
    entry.allowOverlap
      ? []
      : stored.filter((s) => {
          const slot = completedSlot(s);
          return slot !== undefined && overlaps(slot, entry);
        }),
  );
  const names =
    hits.some((h) => h.length > 0) &&
    (await Promise.all([
      context.directory.projectNames(),
      context.directory.customerNames(hits.flat().map((s) => s.customerId)),
    ]));
  fresh.forEach(({ entry, i }, k) => {
    const found = hits[k]!;
    if (found.length > 0 && names) {
      const [projects, customers] = names;
      problems.add(i + 1, {
        kind: "overlaps-stored",
        span: span(entry, context),
        customerId: entry.customerId,
        stored: found
          .sort((x, y) => x.startTime - y.startTime)
          .map((s) => storedOverlap(s, projects, customers, context)),
      });
    }
    // Within the batch: each pair once, reported on the later entry.
    for (const { entry: earlier, i: j } of fresh) {
      if (j >= i || entry.allowOverlap || earlier.allowOverlap || !overlaps(earlier, entry)) continue;
      problems.add(i + 1, {
        kind: "overlaps-entry",
        span: span(entry, context),
        other: j + 1,
        otherSpan: span(earlier, context),
        sameCustomer: earlier.customerId !== null && earlier.customerId === entry.customerId,
      });
    }
  });
  problems.list.sort((a, b) => a.index - b.index);
  return problems;
}

function storedOverlap(
  s: TimeEntry,
  projects: Map<string, string>,
  customers: Map<string, string>,
  context: BillingContext,
): StoredOverlap {
  return {
    id: s._id,
    projectId: s.projectId,
    projectName: projects.get(s.projectId) ?? null,
    customerId: s.customerId,
    customerName: customers.get(s.customerId) ?? null,
    span: span(completedSlot(s)!, context),
    description: s.description ? cleanText(s.description, 120) : null,
  };
}

/** "2026-11-20 09:00–11:30" in the user's zone; the end's day only when it differs. */
export function span(slot: { startMs: number; endMs: number }, context: BillingContext): string {
  const start = formatLocalDateTime(slot.startMs, context.timeZone);
  const end = formatLocalDateTime(slot.endMs, context.timeZone);
  return `${start}–${end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end}`;
}
