/**
 * OAuth sign-in is built on oidc-provider, which supports Node.js 22 LTS and later and says so with
 * a red warning of its own at every start on Node 20. The server is tested on 20 and runs there, so
 * it says it once, in its own words, and the library's line is held back while the library loads.
 * Imported by provider.ts before oidc-provider, so it runs first; the hold ends once the modules
 * loaded with it have run (a microtask runs only after the whole graph's synchronous evaluation).
 */

/** The oldest Node.js major that oidc-provider supports. */
export const OAUTH_NODE_MAJOR = 22;

const major = Number(process.versions.node.split(".")[0]);
const heldBack = "oidc-provider WARNING: Unsupported runtime";
const warn = console.warn;

if (major < OAUTH_NODE_MAJOR) {
  process.stderr.write(
    `invoicing-mcp: OAuth sign-in runs here on Node.js ${process.versions.node}; its library (oidc-provider) supports Node.js ${OAUTH_NODE_MAJOR} and later, so prefer ${OAUTH_NODE_MAJOR} or 24 for hosting (it is tested on 20 too)\n`,
  );
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes(heldBack)) return;
    warn(...args);
  };
  queueMicrotask(() => {
    console.warn = warn;
  });
}
