/** The connection pool for INVOICING_DATABASE_URL; pg is loaded only when a database is configured. */
import type { Pool } from "pg";

export async function openPool(url: string): Promise<Pool> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on("error", () => undefined); // an idle connection's loss; the next query reconnects
  return pool;
}
