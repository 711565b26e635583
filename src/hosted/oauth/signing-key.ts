/**
 * The authorization server's signing key (oidc-provider needs one; this server issues opaque
 * tokens, so it signs little), shared by every instance: made by the first one to start, sealed
 * with the data keys in `oauth_settings`, read by the others.
 */
import { generateKeyPairSync, type JsonWebKey } from "node:crypto";
import type { Pool } from "pg";
import type { DataKeys } from "./keys.js";

const NAME = "signing-key";

export async function sharedSigningKey(pool: Pool, keys: DataKeys): Promise<JsonWebKey> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const fresh = { ...privateKey.export({ format: "jwk" }), alg: "ES256", use: "sig" };
  await pool.query("INSERT INTO oauth_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    NAME,
    keys.encrypt(JSON.stringify(fresh), NAME),
  ]);
  const row = await pool.query<{ value: string }>("SELECT value FROM oauth_settings WHERE name = $1", [NAME]);
  return JSON.parse(keys.decrypt(row.rows[0]!.value, NAME)) as JsonWebKey;
}

/** Seals the signing key with the current data key; 1 when it changed. */
export async function resealSigningKey(pool: Pool, keys: DataKeys): Promise<number> {
  const row = await pool.query<{ value: string }>("SELECT value FROM oauth_settings WHERE name = $1", [NAME]);
  const sealed = row.rows[0]?.value;
  if (sealed === undefined || keys.isCurrent(sealed)) return 0;
  await pool.query("UPDATE oauth_settings SET value = $2 WHERE name = $1", [
    NAME,
    keys.encrypt(keys.decrypt(sealed, NAME), NAME),
  ]);
  return 1;
}
