/**
 * Each person's business details for e-invoices (src/profiles/details.ts) in the hosted mode's
 * PostgreSQL: one row per principal, changed under a row lock so two instances changing them at
 * once both keep what they stored. Nothing of it goes to the service.
 */
import type { Pool } from "pg";
import {
  type BusinessDetails,
  businessDetailsSchema,
  type DetailsStore,
  NO_DETAILS,
} from "../../profiles/details.js";

export function pgDetailsStore(pool: Pool, tenant: string): DetailsStore {
  const parse = (value: unknown): BusinessDetails => {
    const parsed = businessDetailsSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(`the stored business details of ${tenant} do not match their schema`);
    return parsed.data;
  };
  return {
    place: "this server's database, under your sign-in",
    async read() {
      const { rows } = await pool.query<{ details: unknown }>(
        "SELECT details FROM business_details WHERE tenant = $1",
        [tenant],
      );
      return rows[0] === undefined ? NO_DETAILS : parse(rows[0].details);
    },
    async update(change) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query(
          "INSERT INTO business_details (tenant, details) VALUES ($1, $2) ON CONFLICT (tenant) DO NOTHING",
          [tenant, NO_DETAILS],
        );
        const { rows } = await client.query<{ details: unknown }>(
          "SELECT details FROM business_details WHERE tenant = $1 FOR UPDATE",
          [tenant],
        );
        const details = businessDetailsSchema.parse(change(parse(rows[0]?.details)));
        await client.query("UPDATE business_details SET details = $2, updated_at = now() WHERE tenant = $1", [
          tenant,
          details,
        ]);
        await client.query("COMMIT");
        return details;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
