/**
 * What the person told the server about payments the inbox does not show, kept for them so the
 * next VAT return by payments (Ist) needs no second asking: the day an invoice was paid, and
 * confirmed statements "every paid invoice dated before X was paid before P". On one machine a JSON
 * file beside the inbox, replaced atomically (written to a temporary file, then renamed); in the
 * hosted mode one row per principal in PostgreSQL (src/hosted/pg/payment-notes.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { InputError } from "../domain/input-error.js";
import type { PersonsWord } from "../domain/vat.js";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Bounds what one person's notes can grow to: a payment day for each invoice of a few years. */
export const MAX_PAID_ON = 5_000;
export const MAX_PAID_BEFORE = 50;

export const paymentNotesSchema = z.object({
  paidOn: z
    .record(
      z.string().min(1).max(200),
      z.object({ day, invoiceNumber: z.string().max(200), notedAt: z.string().max(40) }),
    )
    .default({}),
  paidBefore: z
    .array(z.object({ datedBefore: day, paidBefore: day, notedAt: z.string().max(40) }))
    .max(MAX_PAID_BEFORE)
    .default([]),
});

export type PaymentNotes = z.output<typeof paymentNotesSchema>;

export const NO_NOTES: PaymentNotes = { paidOn: {}, paidBefore: [] };

export interface PaymentNoteStore {
  read(): Promise<PaymentNotes>;
  /** Stores what `change` makes of the stored notes; returns it. */
  update(change: (notes: PaymentNotes) => PaymentNotes): Promise<PaymentNotes>;
}

/** The notes as the VAT figures take them. */
export function personsWord(notes: PaymentNotes): PersonsWord {
  return {
    paidOn: new Map(Object.entries(notes.paidOn).map(([id, note]) => [id, note.day])),
    paidBefore: notes.paidBefore,
  };
}

/** The notes with these added (a statement already kept is not kept twice), within the bounds. */
export function withNotes(
  notes: PaymentNotes,
  paidOn: readonly { id: string; invoiceNumber: string; paidOn: string }[],
  statement: { datedBefore: string } | null,
  notedAt: string,
): PaymentNotes {
  const next: PaymentNotes = { paidOn: { ...notes.paidOn }, paidBefore: [...notes.paidBefore] };
  for (const p of paidOn) next.paidOn[p.id] = { day: p.paidOn, invoiceNumber: p.invoiceNumber, notedAt };
  if (
    statement !== null &&
    !next.paidBefore.some(
      (s) => s.datedBefore === statement.datedBefore && s.paidBefore === statement.datedBefore,
    )
  ) {
    next.paidBefore.push({ datedBefore: statement.datedBefore, paidBefore: statement.datedBefore, notedAt });
  }
  if (Object.keys(next.paidOn).length > MAX_PAID_ON || next.paidBefore.length > MAX_PAID_BEFORE) {
    throw new InputError(
      `Nothing was noted: the server keeps at most ${MAX_PAID_ON} payment days and ${MAX_PAID_BEFORE} statements per person.`,
    );
  }
  return next;
}

/** Beside the inbox, named after it: `inbox.jsonl` keeps its notes in `inbox.payment-notes.json`. */
export function notesPathBeside(inbox: string): string {
  return join(dirname(inbox), `${basename(inbox).replace(/\.jsonl?$/i, "")}.payment-notes.json`);
}

export function fileNoteStore(path: string): PaymentNoteStore {
  // One update at a time in this process; another process's write in between is replaced whole.
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<PaymentNotes> => {
    let raw: string;
    try {
      raw = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return NO_NOTES;
      throw error;
    }
    const parsed = paymentNotesSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      throw new InputError(
        `The payment dates noted for the user, in ${path}, cannot be read: the file was changed by hand or damaged. Move it aside to start again (what was noted in it is then forgotten).`,
      );
    }
    return parsed.data;
  };
  return {
    read,
    update(change) {
      const next = queue.then(async () => {
        const notes = change(await read());
        await mkdir(dirname(path), { recursive: true });
        const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
        try {
          await writeFile(temporary, `${JSON.stringify(notes, null, 1)}\n`, { mode: 0o600 });
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        return notes;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
