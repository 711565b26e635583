/**
 * Bearer tokens this server issues, one tenant each. A token is shown once, when created; the
 * tokens file (JSON, beside the tenants file unless INVOICING_TOKENS_FILE names another) keeps only
 * its SHA-256, so a copy of the file lets nobody in. Rotation: create a new token, hand it over,
 * revoke the old one by its id (the first characters of its hash, safe to show).
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { Env } from "../config/environment.js";

export const TOKEN_PREFIX = "imcp_";
const ID_LENGTH = 12;

export interface StoredToken {
  /** Safe to show: the first characters of the hash. */
  id: string;
  tenant: string;
  sha256: string;
  createdAt: string;
}

const fileSchema = z.object({
  tokens: z.array(
    z.object({
      id: z.string(),
      tenant: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      createdAt: z.string(),
    }),
  ),
});

export function tokensPathFor(tenantsPath: string, env: Env): string {
  return env.INVOICING_TOKENS_FILE || join(dirname(tenantsPath), "tokens.json");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Tokens by hash. */
export function parseTokens(text: string, path: string): Map<string, StoredToken> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON`);
  }
  const parsed = fileSchema.parse(json);
  return new Map(parsed.tokens.map((token) => [token.sha256, token]));
}

function readTokens(path: string): StoredToken[] {
  try {
    return [...parseTokens(readFileSync(path, "utf8"), path).values()];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Replaced whole (write, then rename), so a server reading it never sees half a file. */
function writeTokens(path: string, tokens: StoredToken[]): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ tokens }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Creates a token for `tenant`; returns it (shown once) and what was stored. */
export function createToken(
  path: string,
  tenant: string,
  now = new Date(),
): { token: string; stored: StoredToken } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const sha256 = hashToken(token);
  const stored = { id: sha256.slice(0, ID_LENGTH), tenant, sha256, createdAt: now.toISOString() };
  writeTokens(path, [...readTokens(path), stored]);
  return { token, stored };
}

export function listTokens(path: string): StoredToken[] {
  return readTokens(path);
}

/** Removes the token with this id; false when there is none. */
export function revokeToken(path: string, id: string): boolean {
  const tokens = readTokens(path);
  const kept = tokens.filter((token) => token.id !== id);
  if (kept.length === tokens.length) return false;
  writeTokens(path, kept);
  return true;
}
