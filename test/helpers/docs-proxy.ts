/**
 * The reverse proxy of docs/deploy.md, run for real: the nginx block is read from the document and
 * obeyed (its locations, in nginx's order; its proxy_set_header lines; nginx's own defaults for
 * what it does not set: Host becomes the upstream's name, every other client header passes on),
 * with TLS terminated on a self-signed certificate. A test of the sign-in flow through it checks the
 * block as well as the server: a path the block forgets is a 404 here, as it would be in nginx.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forward } from "./forward.js";

const DEPLOY_DOC = new URL("../../docs/deploy.md", import.meta.url);

export interface NginxLocation {
  exact: boolean;
  path: string;
  /** `return N;` instead of proxying. */
  returns?: number;
}

export interface NginxBlock {
  upstream: string;
  locations: NginxLocation[];
  /** Server-level proxy_set_header directives, in order: [name, value]. */
  headers: [string, string][];
}

/** A fenced block of docs/deploy.md by its language tag. */
export function deployDocBlock(language: string): string {
  const text = readFileSync(DEPLOY_DOC, "utf8");
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!match) throw new Error(`docs/deploy.md has no \`\`\`${language} block`);
  return match[1]!;
}

export function nginxBlockFromDocs(): NginxBlock {
  const block = deployDocBlock("nginx");
  const upstream = /upstream\s+(\S+)\s*\{/.exec(block)?.[1];
  if (!upstream) throw new Error("the nginx block names no upstream");
  const locations: NginxLocation[] = [];
  const withoutLocations = block.replace(
    /location\s+(=\s+)?(\S+)\s*\{([^}]*)\}/g,
    (_all, exact: string | undefined, path: string, body: string) => {
      if (/proxy_set_header/.test(body))
        throw new Error(
          `location ${path} sets its own headers: nginx would drop the server's (not modelled here)`,
        );
      const returns = /return\s+(\d+)/.exec(body)?.[1];
      if (!returns && !new RegExp(`proxy_pass\\s+http://${upstream};`).test(body))
        throw new Error(`location ${path} neither proxies to ${upstream} nor returns`);
      locations.push({ exact: Boolean(exact), path, ...(returns ? { returns: Number(returns) } : {}) });
      return "";
    },
  );
  const headers = [...withoutLocations.matchAll(/proxy_set_header\s+(\S+)\s+("[^"]*"|\S+);/g)].map(
    (m) => [m[1]!.toLowerCase(), m[2]!.replace(/^"(.*)"$/, "$1")] as [string, string],
  );
  return { upstream, locations, headers };
}

/** nginx's choice: an exact location first, else the longest matching prefix. */
export function chooseLocation(block: NginxBlock, path: string): NginxLocation | undefined {
  const exact = block.locations.find((location) => location.exact && location.path === path);
  if (exact) return exact;
  return block.locations
    .filter((location) => !location.exact && path.startsWith(location.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

function headersFor(block: NginxBlock, req: IncomingMessage): IncomingHttpHeaders {
  // proxy_pass's defaults: Host is the upstream's name, the connection is the proxy's own.
  const headers: IncomingHttpHeaders = { ...req.headers, host: block.upstream, connection: "close" };
  const remote = req.socket.remoteAddress ?? "";
  for (const [name, value] of block.headers) {
    const resolved = value.replace(/\$(\w+)/g, (_all, variable: string) => {
      if (variable === "remote_addr") return remote;
      if (variable === "scheme") return "https";
      if (variable === "host") return (req.headers.host ?? "").replace(/:\d+$/, "");
      if (variable === "http_host") return req.headers.host ?? "";
      if (variable === "proxy_add_x_forwarded_for") {
        const given = req.headers["x-forwarded-for"];
        return given ? `${String(given)}, ${remote}` : remote;
      }
      throw new Error(`the test proxy does not know nginx's $${variable}`);
    });
    if (resolved === "") delete headers[name];
    else headers[name] = resolved;
  }
  return headers;
}

export interface TlsFiles {
  key: string;
  cert: string;
  /** The certificate's path, e.g. for NODE_EXTRA_CA_CERTS. */
  certPath: string;
  remove(): void;
}

/** A throwaway certificate for 127.0.0.1 and localhost (openssl, from Debian's openssl package). */
export function selfSignedCertificate(): TlsFiles {
  const dir = mkdtempSync(join(tmpdir(), "invoicing-tls-"));
  const keyPath = join(dir, "key.pem");
  const certPath = join(dir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", keyPath, "-out", certPath, "-days", "2", "-subj", "/CN=127.0.0.1"],
        ...["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
      ],
      { stdio: "pipe" },
    );
  } catch (error) {
    throw new Error(`openssl could not make a test certificate (apt-get install openssl): ${String(error)}`);
  }
  return {
    key: readFileSync(keyPath, "utf8"),
    cert: readFileSync(certPath, "utf8"),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface DocsProxy {
  url: string;
  backends: string[];
  close(): Promise<void>;
}

/** The nginx block of docs/deploy.md on `port`, over TLS, round-robin over `backends` (added later). */
export async function startDocsProxy(port: number, tls: TlsFiles): Promise<DocsProxy> {
  const block = nginxBlockFromDocs();
  const backends: string[] = [];
  let next = 0;
  const server = createServer(
    { key: tls.key, cert: tls.cert },
    (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? "/").split("?")[0]!;
      const location = chooseLocation(block, path);
      if (!location || location.returns !== undefined) {
        res.writeHead(location?.returns ?? 404);
        return res.end();
      }
      forward(req, res, new URL(backends[next++ % backends.length]!), headersFor(block, req));
    },
  );
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    backends,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
