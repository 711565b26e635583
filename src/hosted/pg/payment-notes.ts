/**
 * What each person told the server about payments (src/webhooks/payment-notes.ts), in the same
 * PostgreSQL as their webhook events: one row per principal, changed under a row lock so two
 * instances noting at once both keep what they noted.
 */
import type { Pool } from "pg";
import { NO_NOTES, type PaymentNoteStore, paymentNotesSchema } from "../../webhooks/payment-notes.js";

export function pgPaymentNotes(pool: Pool, tenant: string): PaymentNoteStore {
  const parse = (value: unknown) => {
    const parsed = paymentNotesSchema.safeParse(value);
    if (!parsed.success) throw new Error(`the stored payment notes of ${tenant} do not match their schema`);
    return parsed.data;
  };
  return {
    async read() {
      const { rows } = await pool.query<{ notes: unknown }>(
        "SELECT notes FROM payment_notes WHERE tenant = $1",
        [tenant],
      );
      return rows[0] === undefined ? NO_NOTES : parse(rows[0].notes);
    },
    async update(change) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(
          "INSERT INTO payment_notes (tenant, notes) VALUES ($1, $2) ON CONFLICT (tenant) DO NOTHING",
          [tenant, NO_NOTES],
        );
        const { rows } = await client.query<{ notes: unknown }>(
          "SELECT notes FROM payment_notes WHERE tenant = $1 FOR UPDATE",
          [tenant],
        );
        const notes = change(parse(rows[0]?.notes));
        await client.query("UPDATE payment_notes SET notes = $2, updated_at = now() WHERE tenant = $1", [
          tenant,
          notes,
        ]);
        await client.query("COMMIT");
        return notes;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
