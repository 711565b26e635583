/**
 * The authorization server's records (clients, interactions, sessions, grants, codes, tokens) in
 * PostgreSQL, as oidc-provider's adapter interface expects. Every id is stored as its SHA-256 and
 * a token's own value (`jti`) is left out of the stored payload, so the table holds no usable
 * token, code or session id; `find` puts the id it was given back in. Any instance can answer
 * for a record another one wrote.
 *
 * Two rules hold across instances, whatever the timing:
 * - A code or refresh token is consumed once: `consume` is a compare-and-set. oidc-provider reads a
 *   record, checks `consumed`, then consumes it, so two requests can both read it unconsumed; the
 *   second to consume loses, ends the whole grant (OAuth 2.1 §4.1.3 for codes, §4.3.1 for refresh
 *   tokens) and is refused.
 * - A record that belongs to a grant exists only while the grant does: ending a grant ends every
 *   token under it, including one its winner saves a moment after the grant was ended.
 */
import { createHash } from "node:crypto";
import { type Adapter, type AdapterPayload, errors } from "oidc-provider";
import type { Pool } from "pg";

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/** The record `r` has no grant, is the grant itself, or its grant is still stored and unexpired. */
const GRANT_LIVES = `(r.grant_id IS NULL OR r.model = 'Grant' OR EXISTS (
  SELECT 1 FROM oauth_records g
  WHERE g.model = 'Grant' AND g.id_hash = encode(sha256(convert_to(r.grant_id, 'UTF8')), 'hex')
    AND (g.expires_at IS NULL OR g.expires_at > now())))`;

/**
 * How long a registered client is kept when no grant comes of it: anyone may register (Dynamic
 * Client Registration), so a registration alone must not occupy the table for ever.
 */
export const UNUSED_CLIENT_TTL_S = 24 * 3600;

/** How oidc-provider words its own refusals, for the records that can be consumed. */
const LABELS: Record<string, string> = {
  AuthorizationCode: "authorization code",
  RefreshToken: "refresh token",
};

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | null;
}

export function recordsAdapter(pool: Pool): new (model: string) => Adapter {
  return class PgRecords implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const { jti: _jti, ...stored } = payload;
      // A registered client lives a day, unless a grant comes of it (below).
      if (this.model === "Client" && expiresIn === undefined) expiresIn = UNUSED_CLIENT_TTL_S;
      await pool.query(
        `INSERT INTO oauth_records (model, id_hash, payload, grant_id, uid_hash, expires_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(secs => $6::int) END)
         ON CONFLICT (model, id_hash) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
               uid_hash = EXCLUDED.uid_hash, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          hash(id),
          JSON.stringify(stored),
          // a grant carries its own id here, so revoking by grant id ends the grant with its tokens
          payload.grantId ?? (this.model === "Grant" ? id : null),
          payload.uid ? hash(payload.uid) : null,
          expiresIn ?? null,
        ],
      );
      if (this.model === "Grant" && typeof payload.clientId === "string") {
        // A client with a grant lives as long as its newest grant (a grant without end: for ever).
        await pool.query(
          `UPDATE oauth_records SET expires_at = CASE WHEN $2::int IS NULL THEN NULL
             ELSE GREATEST(expires_at, now() + make_interval(secs => $2::int)) END
           WHERE model = 'Client' AND id_hash = $1 AND expires_at IS NOT NULL`,
          [hash(payload.clientId), expiresIn ?? null],
        );
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const result = await pool.query<Row>(
        `SELECT payload, consumed_at FROM oauth_records r
         WHERE model = $1 AND id_hash = $2 AND (expires_at IS NULL OR expires_at > now())
           AND ${GRANT_LIVES}`,
        [this.model, hash(id)],
      );
      return restore(result.rows[0], id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const result = await pool.query<Row & { id_hash: string }>(
        `SELECT payload, consumed_at FROM oauth_records
         WHERE model = $1 AND uid_hash = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, hash(uid)],
      );
      // Sessions are found by uid only to end them; their own id is not needed then.
      return restore(result.rows[0], undefined);
    }

    async findByUserCode(): Promise<undefined> {
      return undefined; // the device flow is not enabled
    }

    async consume(id: string): Promise<void> {
      const won = await pool.query(
        "UPDATE oauth_records SET consumed_at = now() WHERE model = $1 AND id_hash = $2 AND consumed_at IS NULL",
        [this.model, hash(id)],
      );
      if (won.rowCount === 1) return;
      // Another request consumed it between our read and now: a replay. End its grant, then refuse.
      await pool.query(
        `DELETE FROM oauth_records WHERE grant_id IS NOT NULL AND grant_id =
           (SELECT grant_id FROM oauth_records WHERE model = $1 AND id_hash = $2)`,
        [this.model, hash(id)],
      );
      throw new errors.InvalidGrant(`${LABELS[this.model] ?? "grant"} already used`);
    }

    async destroy(id: string): Promise<void> {
      await pool.query("DELETE FROM oauth_records WHERE model = $1 AND id_hash = $2", [this.model, hash(id)]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await pool.query("DELETE FROM oauth_records WHERE model = $1 AND grant_id = $2", [this.model, grantId]);
    }
  };
}

function restore(row: Row | undefined, id: string | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload: AdapterPayload = { ...row.payload };
  if (id !== undefined) payload.jti = id;
  if (row.consumed_at) payload.consumed = Math.floor(row.consumed_at.getTime() / 1000);
  return payload;
}

/**
 * Drops expired records, and records whose grant has ended (a token saved a moment after its grant
 * was revoked); run now and then by one of the instances (any may, it is idempotent).
 */
export async function sweepExpiredRecords(pool: Pool): Promise<void> {
  await pool.query("DELETE FROM oauth_records WHERE expires_at < now() - interval '1 hour'");
  await pool.query(`DELETE FROM oauth_records r WHERE r.grant_id IS NOT NULL AND NOT ${GRANT_LIVES}`);
}
