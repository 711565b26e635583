/**
 * MCP Apps in a real browser: headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core) opens a host page built from ext-apps' AppBridge, which loads the views document
 * in a sandboxed iframe and hands it a real tool result. Every network request is recorded and
 * refused: a view must load nothing. Missing Chromium fails the test; it never skips.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { type Browser, chromium, type Frame, type Page } from "playwright-core";
import type { Connected } from "./mcp.js";
import { CHROMIUM_ARGS, chromiumPath } from "./requirements.js";

export const APPS_CAPABILITIES = {
  extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
};

export const CHROMIUM = chromiumPath();

/** Headless Chromium with a fresh profile; throws (the test fails, never skips) when it is missing. */
export async function launchChromium(userDataDir: string, executable = CHROMIUM): Promise<Browser> {
  if (!existsSync(executable))
    throw new Error(
      `Chromium is missing at ${executable}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: executable,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return context.browser() ?? wrapContext(context);
}

// A persistent context has no Browser object; the tests only need new pages and a close.
function wrapContext(context: Awaited<ReturnType<typeof chromium.launchPersistentContext>>): Browser {
  return { newPage: () => context.newPage(), close: () => context.close() } as unknown as Browser;
}

let hostScript: Promise<string> | undefined;

function hostBundle(): Promise<string> {
  hostScript ??= build({
    entryPoints: [fileURLToPath(new URL("../apps/host-entry.ts", import.meta.url))],
    bundle: true,
    write: false,
    platform: "browser",
    format: "esm",
    target: "es2022",
    minify: true,
    logLevel: "warning",
  }).then((result) => result.outputFiles[0]!.text.replaceAll("</script", "<\\/script"));
  return hostScript;
}

export interface OpenedView {
  page: Page;
  frame: Frame;
  /** Every request the page or the view tried (all were refused). */
  requests: string[];
  /** ui/message requests the view sent to the host. */
  messages: unknown[];
  /** Tool calls the view made through the host. */
  toolCalls: Array<{ name: string; arguments?: Record<string, unknown> }>;
  /** ui/download-file requests the view sent (only a host that announces downloads takes them). */
  downloads: Array<{ contents: Array<Record<string, unknown>> }>;
}

/** The host page with the view opened for `tool`'s `result`; the view's tool calls go to `mcp`. */
export async function openView(
  browser: Browser,
  options: {
    html: string;
    mcp: Connected;
    tool: string;
    input: Record<string, unknown>;
    result: Record<string, unknown>;
    theme: "light" | "dark";
    locale: string;
    width?: number;
    /** The host announces downloadFile. */
    downloads?: boolean;
  },
): Promise<OpenedView> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 420, height: 900 } });
  const requests: string[] = [];
  const messages: unknown[] = [];
  const toolCalls: OpenedView["toolCalls"] = [];
  const downloads: OpenedView["downloads"] = [];
  await page.route("**/*", async (route) => {
    requests.push(route.request().url());
    await route.abort();
  });
  await page.exposeFunction(
    "hostCallTool",
    async (params: { name: string; arguments?: Record<string, unknown> }) => {
      toolCalls.push(params);
      return options.mcp.client.callTool(params);
    },
  );
  await page.exposeFunction("hostMessage", async (params: unknown) => {
    messages.push(params);
  });
  await page.exposeFunction("hostDownload", async (params: OpenedView["downloads"][number]) => {
    downloads.push(params);
  });
  const script = await hostBundle();
  await page.setContent(
    `<!doctype html><html><head><style>body{margin:0;background:${options.theme === "dark" ? "#0d0f12" : "#ffffff"}}iframe{border:0;width:100%;display:block}</style></head><body><iframe id="view" title="view" sandbox="allow-scripts allow-forms"></iframe><script type="module">${script}</script></body></html>`,
  );
  // Page functions run in the browser; this file is typed for Node, so the host's global is untyped.
  await page.waitForFunction(() => "startHost" in globalThis);
  await page.evaluate(
    // biome-ignore lint/suspicious/noExplicitAny: the host page's own global, defined by host-entry.ts
    (config) => (globalThis as any).startHost(config),
    {
      html: options.html,
      tool: { name: options.tool, inputSchema: { type: "object" as const } },
      input: options.input,
      result: options.result,
      theme: options.theme,
      locale: options.locale,
      downloads: options.downloads ?? false,
    },
  );
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (frame === undefined) throw new Error("the view's frame did not load");
  await frame.waitForSelector("main[data-view]");
  return { page, frame, requests, messages, toolCalls, downloads };
}

export interface Look {
  theme: "light" | "dark";
  locale: string;
  width: number;
}

/**
 * Shows an opened view in another look, as a host does when the person resizes the conversation
 * or switches theme or language: the page gets the width, the view the host's new context.
 */
export async function changeLook(view: OpenedView, look: Look): Promise<void> {
  await view.page.setViewportSize({ width: look.width, height: view.page.viewportSize()?.height ?? 900 });
  await view.page.evaluate(
    // biome-ignore lint/suspicious/noExplicitAny: the host page's own global, defined by host-entry.ts
    (change) => (globalThis as any).changeHost(change),
    { theme: look.theme, locale: look.locale },
  );
  await view.frame.waitForSelector(`html[data-theme="${look.theme}"][lang="${look.locale}"]`, {
    state: "attached",
  });
  // A view lays itself out anew after a resize before the next frame is painted; wait for two.
  await view.frame.evaluate(
    () =>
      new Promise((resolve) =>
        // biome-ignore lint/suspicious/noExplicitAny: the frame's window (this file is typed for Node)
        (globalThis as any).requestAnimationFrame(() => (globalThis as any).requestAnimationFrame(resolve)),
      ),
  );
}
