/**
 * The hosted mode's PostgreSQL schema, as numbered migrations applied by `invoicing-mcp db migrate`
 * (never on start: an instance must not alter a schema other instances are using). Each runs in
 * one transaction under an advisory lock, so two operators migrating at once cannot interleave.
 */
import type { Pool } from "pg";

export const EVENTS_CHANNEL = "invoicing_mcp_events";

const MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE webhook_events (
        tenant      text        NOT NULL,
        -- SHA-256 of the delivery's raw body, hex: retries resend identical bytes
        id          char(64)    NOT NULL,
        received_at timestamptz NOT NULL,
        occurred_at timestamptz NOT NULL,
        event       text        NOT NULL,
        -- the envelope's timestamp exactly as sent
        sent_timestamp text     NOT NULL,
        data        jsonb       NOT NULL,
        PRIMARY KEY (tenant, id)
      );
      CREATE INDEX webhook_events_newest ON webhook_events (tenant, occurred_at DESC);
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;
const LOCK_ID = 7_140_202_611; // any constant shared by every migrating process

/** Applies the migrations not yet applied; returns the versions it applied. */
export async function migrate(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS invoicing_mcp_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await client.query<{ version: number }>("SELECT version FROM invoicing_mcp_migrations")).rows.map(
        (row) => row.version,
      ),
    );
    const applied: number[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query("INSERT INTO invoicing_mcp_migrations (version) VALUES ($1)", [migration.version]);
      applied.push(migration.version);
    }
    await client.query("COMMIT");
    return applied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Throws, saying what to run, when the schema is missing or older than this version expects. */
export async function checkSchema(pool: Pool): Promise<void> {
  let version = 0;
  try {
    const result = await pool.query<{ version: number }>(
      "SELECT max(version) AS version FROM invoicing_mcp_migrations",
    );
    version = result.rows[0]?.version ?? 0;
  } catch (error) {
    if ((error as { code?: string }).code !== "42P01") throw error; // 42P01: no such table
  }
  if (version < SCHEMA_VERSION) {
    throw new Error(
      `the database schema is at version ${version}, this server needs ${SCHEMA_VERSION}: run invoicing-mcp db migrate`,
    );
  }
}
