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
  {
    version: 2,
    // OAuth (src/hosted/oauth): people who signed in, and the authorization server's records.
    sql: `
      CREATE TABLE oauth_tenants (
        id          text        PRIMARY KEY,
        -- SHA-256 of base URL and API key: the same key signs in as the same tenant
        key_hash    char(64)    NOT NULL UNIQUE,
        base_url    text        NOT NULL,
        -- AES-256-GCM, "v1.<key id>.<nonce>.<ciphertext>.<tag>" (src/hosted/oauth/keys.ts)
        api_key     text        NOT NULL,
        webhook_secret text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE oauth_records (
        model       text        NOT NULL,
        -- SHA-256 of the record's id: a token, code or session id is never stored as given
        id_hash     char(64)    NOT NULL,
        payload     jsonb       NOT NULL,
        grant_id    text,
        uid_hash    char(64),
        expires_at  timestamptz,
        consumed_at timestamptz,
        PRIMARY KEY (model, id_hash)
      );
      CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oauth_records_uid ON oauth_records (uid_hash) WHERE uid_hash IS NOT NULL;
      CREATE INDEX oauth_records_expiry ON oauth_records (expires_at);
      CREATE TABLE oauth_settings (
        name        text        PRIMARY KEY,
        value       text        NOT NULL
      );
    `,
  },
  {
    version: 3,
    // What each person told the server about payments the inbox lacks (src/webhooks/payment-notes.ts).
    sql: `
      CREATE TABLE payment_notes (
        tenant      text        PRIMARY KEY,
        notes       jsonb       NOT NULL,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 4,
    // Each person's business details for e-invoices (src/profiles/details.ts): never sent to the service.
    sql: `
      CREATE TABLE business_details (
        tenant      text        PRIMARY KEY,
        details     jsonb       NOT NULL,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
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
