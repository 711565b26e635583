/**
 * The views document's HTML. The bundle carries it as a string (esbuild `define`, in a chunk of its
 * own read only when a view is opened); from dist/ or the sources it is read from the build's file,
 * which `npm run build` (scripts/bundle.mjs) writes.
 */
import { readFile } from "node:fs/promises";

declare const __INVOICING_VIEWS_HTML__: string | undefined;

let cached: Promise<string> | undefined;

export function viewsHtml(): Promise<string> {
  if (typeof __INVOICING_VIEWS_HTML__ === "string") return Promise.resolve(__INVOICING_VIEWS_HTML__);
  // src/mcp/apps/ and dist/mcp/apps/ are both three levels below the package root.
  cached ??= readFile(new URL("../../../dist/views/invoicing-views.html", import.meta.url), "utf8").catch(
    (error: unknown) => {
      cached = undefined;
      throw new Error(
        `The views document is not built (${error instanceof Error ? error.message : String(error)}): run npm run build.`,
      );
    },
  );
  return cached;
}
