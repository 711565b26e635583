/**
 * log_time's call, from its arguments to what happened: one entry or a batch (never both in one
 * call), logged by log-time-batch.ts, and for the entries created, the invoices that may already
 * bill their time (late-entries.ts). The outcome is data; the tool words it.
 */
import { InputError } from "../domain/input-error.js";
import type { BillingContext } from "./context.js";
import { type LateEntry, lateEntries } from "./late-entries.js";
import { type BatchOutcome, type EntryOutcome, logEntries, type OverlapRefusal } from "./log-time-batch.js";
import type { EntryInput } from "./log-time-entry.js";

/** log_time's arguments: the fields of one entry, or entries. */
export type LogTimeArgs = { [field in keyof EntryInput]?: EntryInput[field] | undefined } & {
  entries?: EntryInput[] | undefined;
};

export type LogTimeOutcome =
  /** Overlaps: nothing was logged. `single` tells one entry's call from a batch's. */
  | { kind: "refused"; refusal: OverlapRefusal; single: boolean }
  /** A batch, entry by entry; `late` as below, for its created entries. */
  | { kind: "batch"; logged: BatchOutcome; late: LateEntry[] | null }
  /** One entry, logged before with the same content: not created again. */
  | { kind: "found"; entry: EntryOutcome }
  /** One entry, created; `late`: whether an invoice may already bill it (null: not checked). */
  | { kind: "created"; entry: EntryOutcome; late: LateEntry[] | null };

const SINGLE_FIELDS = [
  "project",
  "customer",
  "start",
  "end",
  "duration",
  "description",
  "allowOverlap",
] as const;

export async function logTime(args: LogTimeArgs, context: BillingContext): Promise<LogTimeOutcome> {
  if (args.entries !== undefined) {
    const mixed = SINGLE_FIELDS.filter((field) => args[field] !== undefined);
    if (mixed.length > 0) {
      throw new InputError(
        `Give either entries or the fields of one entry, not both (also given: ${mixed.join(", ")}). Put every entry into entries.`,
      );
    }
    const logged = await logEntries(args.entries, context, { single: false });
    if (logged.kind === "refused") return { kind: "refused", refusal: logged, single: false };
    return { kind: "batch", logged, late: await lateOf(logged, context) };
  }
  if (args.project === undefined || args.start === undefined) {
    throw new InputError(
      'Give project and start (and end or duration) for one entry, e.g. project "Website Relaunch", start "yesterday 9:00", duration "2.5h"; or entries for several.',
    );
  }
  const input: EntryInput = { ...args, project: args.project, start: args.start };
  const logged = await logEntries([input], context, { single: true });
  if (logged.kind === "refused") return { kind: "refused", refusal: logged, single: true };
  const entry = logged.entries[0]!;
  if (entry.status === "already_exists") return { kind: "found", entry };
  return { kind: "created", entry, late: await lateOf(logged, context) };
}

/** The created entries that an invoice of their customer may already bill (see lateEntries). */
function lateOf(logged: BatchOutcome, context: BillingContext): Promise<LateEntry[] | null> {
  const created = logged.entries
    .map((e, i) => ({
      index: i + 1,
      customerId: e.entry.customerId,
      hourlyRate: e.entry.owner?.hourlyRate ?? null,
      startMs: e.entry.startMs,
      status: e.status,
    }))
    .filter((e) => e.status === "created");
  return lateEntries(created, context);
}
