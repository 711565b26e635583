/**
 * The data keys that encrypt what OAuth stores in PostgreSQL (each person's API key and webhook
 * secret, the server's signing key), from INVOICING_OAUTH_KEYS: `id:base64,id:base64`, each a
 * 32-byte key. The first encrypts; every listed key decrypts, so a key is rotated by putting a new
 * one first, running `invoicing-mcp db rekey`, then removing the old one (docs/deploy.md).
 * AES-256-GCM with a fresh 12-byte nonce per value; the row's id is bound in as associated data,
 * so a ciphertext copied onto another row does not decrypt.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { ConfigError } from "../../config/load.js";

export interface DataKeys {
  /** The id of the key that encrypts. */
  currentId: string;
  encrypt(plain: string, boundTo: string): string;
  decrypt(sealed: string, boundTo: string): string;
  /** Whether a sealed value was made with the current key. */
  isCurrent(sealed: string): boolean;
  /** Keys for signing cookies, derived from the data keys (current first). */
  cookieKeys(): Buffer[];
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const FORMAT = "v1";

export function parseDataKeys(value: string | undefined): DataKeys {
  if (!value) {
    throw new ConfigError([
      "OAuth needs INVOICING_OAUTH_KEYS: a key id and 32 random bytes in base64, e.g. k1:$(openssl rand -base64 32)",
    ]);
  }
  const keys = new Map<string, Buffer>();
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), "base64");
    if (colon < 1 || !KEY_ID.test(id))
      throw new ConfigError([
        "INVOICING_OAUTH_KEYS: each entry is id:base64 (id of letters, digits, - and _)",
      ]);
    if (key.length !== 32)
      throw new ConfigError([`INVOICING_OAUTH_KEYS: key "${id}" is not 32 bytes of base64`]);
    if (keys.has(id)) throw new ConfigError([`INVOICING_OAUTH_KEYS: key id "${id}" appears twice`]);
    keys.set(id, key);
  }
  const [currentId] = keys.keys();
  if (currentId === undefined) throw new ConfigError(["INVOICING_OAUTH_KEYS lists no key"]);
  const current = keys.get(currentId)!;
  return {
    currentId,
    encrypt(plain, boundTo) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, nonce);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [FORMAT, currentId, nonce, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    decrypt(sealed, boundTo) {
      const [format, id, nonce, body, tag] = sealed.split(".");
      const key = id === undefined ? undefined : keys.get(id);
      if (format !== FORMAT || !key || nonce === undefined || body === undefined || tag === undefined)
        throw new Error(
          `a stored secret is sealed with key "${id ?? "?"}", which INVOICING_OAUTH_KEYS does not list`,
        );
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      try {
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new Error(
          `a stored secret does not decrypt with key "${id}": INVOICING_OAUTH_KEYS has a different key under that id`,
        );
      }
    },
    isCurrent: (sealed) => sealed.split(".")[1] === currentId,
    cookieKeys: () =>
      [...keys.values()].map((key) =>
        Buffer.from(hkdfSync("sha256", key, "", "invoicing-mcp oauth cookies", 32)),
      ),
  };
}
