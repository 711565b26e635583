/**
 * The server card (the experimental MCP Server Cards extension, card only): what a client reads
 * before it connects, at `GET <mcp-url>/server-card`. Identity, the one remote and the protocol
 * versions it speaks, from the same facts the server answers with once connected (serverInfo and
 * the protocol versions in src/mcp/identity.ts), so the two cannot disagree. Public metadata:
 * no sign-in, any origin may read it, caches may keep it an hour and revalidate by its ETag.
 */
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  PROTOCOL_VERSIONS,
  REGISTRY_NAME,
  REPOSITORY,
  SERVER_ICONS,
  SERVER_INFO,
  SUMMARY,
  WEBSITE,
} from "../mcp/identity.js";

export const SERVER_CARD_PATH = "/mcp/server-card";
export const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";
export const SERVER_CARD_TYPE = "application/mcp-server-card+json";

/** The card for the MCP endpoint at `mcpUrl`. */
export function serverCard(mcpUrl: string) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: REGISTRY_NAME,
    version: SERVER_INFO.version,
    description: SUMMARY,
    ...(SERVER_INFO.title ? { title: SERVER_INFO.title } : {}),
    websiteUrl: WEBSITE,
    repository: { url: REPOSITORY, source: "github" },
    icons: [...SERVER_ICONS],
    remotes: [
      {
        type: "streamable-http" as const,
        url: mcpUrl,
        headers: [
          {
            name: "Authorization",
            description: "Bearer and a token this server accepts (the operator's, or by signing in).",
            isRequired: true,
            isSecret: true,
          },
        ],
        supportedProtocolVersions: [...PROTOCOL_VERSIONS],
      },
    ],
  };
}

/** The answer to a request of the card: status, headers and (unless not modified) the body. */
export interface CardAnswer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
  "Access-Control-Expose-Headers": "ETag",
};

/**
 * How the card is answered. `origin.public`: where clients reach this server (the OAuth issuer when
 * configured); otherwise the origin the request was sent to, or where the server listens.
 */
export function answerCard(
  request: { method?: string | undefined; headers: IncomingHttpHeaders },
  origin: { public: string | undefined; listening: string },
): CardAnswer {
  if (request.method === "OPTIONS")
    return { status: 204, headers: { ...CORS, "Access-Control-Max-Age": "86400" } };
  if (request.method !== "GET" && request.method !== "HEAD")
    return { status: 405, headers: { ...CORS, Allow: "GET, HEAD, OPTIONS" } };
  const body = JSON.stringify(
    serverCard(`${origin.public ?? requestOrigin(request.headers) ?? origin.listening}/mcp`),
  );
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    ...CORS,
    ETag: etag,
    "Cache-Control": "public, max-age=3600",
    Vary: "Host, X-Forwarded-Proto",
  };
  if (matches(request.headers["if-none-match"], etag)) return { status: 304, headers };
  return {
    status: 200,
    headers: { ...headers, "Content-Type": SERVER_CARD_TYPE },
    ...(request.method === "GET" ? { body } : {}),
  };
}

/** The origin a request was sent to: its Host (a plain host and port), over https when a proxy says so. */
function requestOrigin(headers: IncomingHttpHeaders): string | undefined {
  const host = headers.host;
  if (host === undefined || !/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) return undefined;
  const proto = headers["x-forwarded-proto"] === "https" ? "https" : "http";
  return `${proto}://${host}`;
}

/** If-None-Match names this tag (weak or strong), or `*`. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}
