/**
 * The people who signed in by OAuth, one tenant each: their API key (and webhook secret) sealed
 * with the data keys, their tenant id derived from the key's hash so that the same key, from any
 * client, is the same tenant (and shares one rate budget). Reads are cached for a minute: a key
 * changes only when its owner signs in again, which replaces the entry on every instance within
 * that minute, while ending access (revoking grants) takes effect at once in the token check.
 */
import type { Pool } from "pg";
import { keyIdentity } from "../../http/key-identity.js";
import type { DataKeys } from "./keys.js";

export interface Person {
  id: string;
  baseUrl: string;
  apiKey: string;
  webhookSecret: string | undefined;
}

const CACHE_MS = 60_000;

export class People {
  private readonly cache = new Map<string, { person: Person; until: number }>();

  constructor(
    private readonly pool: Pool,
    private readonly keys: DataKeys,
  ) {}

  static idFor(baseUrl: string, apiKey: string): { id: string; keyHash: string } {
    const keyHash = keyIdentity(baseUrl, apiKey);
    return { id: `oa-${keyHash.slice(0, 20)}`, keyHash };
  }

  /** Creates or refreshes the person of this key; returns their tenant id. */
  async save(baseUrl: string, apiKey: string): Promise<string> {
    const { id, keyHash } = People.idFor(baseUrl, apiKey);
    await this.pool.query(
      `INSERT INTO oauth_tenants (id, key_hash, base_url, api_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET api_key = EXCLUDED.api_key, updated_at = now()`,
      [id, keyHash, baseUrl, this.keys.encrypt(apiKey, id)],
    );
    this.cache.delete(id);
    return id;
  }

  async setWebhookSecret(id: string, secret: string): Promise<void> {
    await this.pool.query("UPDATE oauth_tenants SET webhook_secret = $2, updated_at = now() WHERE id = $1", [
      id,
      this.keys.encrypt(secret, `${id}/webhook`),
    ]);
    this.cache.delete(id);
  }

  async find(id: string): Promise<Person | undefined> {
    const cached = this.cache.get(id);
    if (cached && cached.until > Date.now()) return cached.person;
    const result = await this.pool.query<{
      base_url: string;
      api_key: string;
      webhook_secret: string | null;
    }>("SELECT base_url, api_key, webhook_secret FROM oauth_tenants WHERE id = $1", [id]);
    const row = result.rows[0];
    if (!row) {
      this.cache.delete(id);
      return undefined;
    }
    const person: Person = {
      id,
      baseUrl: row.base_url,
      apiKey: this.keys.decrypt(row.api_key, id),
      webhookSecret: row.webhook_secret ? this.keys.decrypt(row.webhook_secret, `${id}/webhook`) : undefined,
    };
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(id, { person, until: Date.now() + CACHE_MS });
    return person;
  }

  /** Seals every stored secret again with the current key; returns how many rows changed. */
  async reseal(): Promise<number> {
    const rows = await this.pool.query<{ id: string; api_key: string; webhook_secret: string | null }>(
      "SELECT id, api_key, webhook_secret FROM oauth_tenants",
    );
    let changed = 0;
    for (const row of rows.rows) {
      if (
        this.keys.isCurrent(row.api_key) &&
        (!row.webhook_secret || this.keys.isCurrent(row.webhook_secret))
      )
        continue;
      const apiKey = this.keys.encrypt(this.keys.decrypt(row.api_key, row.id), row.id);
      const webhook = row.webhook_secret
        ? this.keys.encrypt(this.keys.decrypt(row.webhook_secret, `${row.id}/webhook`), `${row.id}/webhook`)
        : null;
      await this.pool.query("UPDATE oauth_tenants SET api_key = $2, webhook_secret = $3 WHERE id = $1", [
        row.id,
        apiKey,
        webhook,
      ]);
      changed++;
    }
    return changed;
  }
}
