/**
 * OAuth grants for `invoicing-mcp tokens list` and `tokens revoke`: one line per grant (a person's
 * consent to one client), named by a short id safe to show; revoking it deletes the grant with
 * every code, access and refresh token issued under it, on all instances at once.
 */
import type { Pool } from "pg";
import { cleanText } from "../../domain/text.js";

export const GRANT_PREFIX = "oauth-";

export interface GrantLine {
  id: string;
  tenant: string;
  client: string;
  scope: string;
  createdAt: string;
}

export async function listGrants(pool: Pool): Promise<GrantLine[]> {
  const result = await pool.query<{
    id_hash: string;
    payload: Record<string, unknown>;
    client_name: string | null;
  }>(
    `SELECT g.id_hash, g.payload, c.payload->>'client_name' AS client_name
     FROM oauth_records g
     LEFT JOIN oauth_records c ON c.model = 'Client' AND c.id_hash = encode(sha256(convert_to(g.payload->>'clientId', 'UTF8')), 'hex')
     WHERE g.model = 'Grant' AND (g.expires_at IS NULL OR g.expires_at > now())
     ORDER BY g.payload->>'iat'`,
  );
  return result.rows.map((row) => {
    const resources = (row.payload.resources ?? {}) as Record<string, string>;
    // Both are the client's own words: no control character may reach the operator's terminal.
    const clientId = cleanText(String(row.payload.clientId ?? ""), 300);
    const clientName = cleanText(row.client_name, 80);
    return {
      id: `${GRANT_PREFIX}${row.id_hash.slice(0, 12)}`,
      tenant: String(row.payload.accountId ?? ""),
      client: clientName ? `${clientName} (${clientId})` : clientId,
      scope: Object.values(resources).join(" ") || "-",
      createdAt: new Date(Number(row.payload.iat ?? 0) * 1000).toISOString(),
    };
  });
}

/** Ends the grant with this short id and everything issued under it; false when there is none. */
export async function revokeGrant(pool: Pool, shortId: string): Promise<boolean> {
  const prefix = shortId.slice(GRANT_PREFIX.length);
  if (!/^[0-9a-f]{12}$/.test(prefix)) return false;
  const found = await pool.query<{ grant_id: string }>(
    "SELECT grant_id FROM oauth_records WHERE model = 'Grant' AND left(id_hash, 12) = $1",
    [prefix],
  );
  if (found.rows.length !== 1 || !found.rows[0]!.grant_id) return false;
  await pool.query("DELETE FROM oauth_records WHERE grant_id = $1", [found.rows[0]!.grant_id]);
  return true;
}
