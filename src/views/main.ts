/**
 * The one views document: it connects to the host with the ext-apps App client, waits for the tool
 * result it was opened for, and draws the view for that tool in the host's theme and locale.
 */
import {
  App,
  applyDocumentTheme,
  applyHostStyleVariables,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps";
import { h } from "./dom.js";
import { formatsFor } from "./locale.js";
import { renderPreview } from "./preview.js";
import { renderReceivables } from "./receivables.js";
import { renderRevenue } from "./revenue.js";
import type { ViewContext } from "./view.js";
import { renderWeek } from "./week.js";

const app = new App({ name: "invoicing-views", version: "1.0.0" }, {}, { autoResize: true });
const root = document.getElementById("app")!;
let input: Record<string, unknown> | undefined;
let result: { structuredContent?: unknown; isError?: boolean | undefined; content?: unknown[] } | undefined;

const VIEWS = {
  outstanding_by_customer: renderReceivables,
  revenue_report: renderRevenue,
  create_invoice: renderPreview,
  create_previewed_invoice: renderPreview,
  list_time_entries: renderWeek,
} as const;
type ViewName = keyof typeof VIEWS;

/** The tool the host opened this for; a host that does not say is told apart by the data's shape. */
function viewFor(context: McpUiHostContext | undefined, data: Record<string, unknown>): ViewName | undefined {
  const name = context?.toolInfo?.tool.name;
  if (name !== undefined && name in VIEWS) return name as ViewName;
  if ("totalOutstanding" in data) return "outstanding_by_customer";
  if ("months" in data && "eur" in data) return "revenue_report";
  if ("outcome" in data && "invoice" in data) return "create_invoice";
  if ("projects" in data && "totalMinutes" in data) return "list_time_entries";
  return undefined;
}

function applyContext(context: McpUiHostContext | undefined): void {
  applyDocumentTheme(context?.theme === "dark" ? "dark" : "light");
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  // The document's language is that of its words; the host's locale when the words are in it.
  const f = formatsFor(context?.locale);
  document.documentElement.lang = f.locale.toLowerCase().startsWith(f.lang) ? f.locale : f.lang;
}

function render(): void {
  if (result === undefined) return;
  const context = app.getHostContext();
  const f = formatsFor(context?.locale);
  root.replaceChildren();
  const data = result.structuredContent as Record<string, unknown> | undefined;
  if (result.isError === true || data === undefined) {
    const text = (result.content ?? []).map((c) => (c as { text?: string }).text ?? "").join("\n");
    root.append(h("p", { class: "notice", role: "alert" }, text || f.t("unknown")));
    return;
  }
  const view = viewFor(context, data);
  if (view === undefined) {
    root.append(h("p", { class: "notice" }, f.t("unknown")));
    return;
  }
  const ctx: ViewContext = { app, f, input, rerender: render };
  VIEWS[view](root, data as never, ctx);
  root.dataset.view = view;
}

app.ontoolinput = (params) => {
  input = params.arguments;
};
app.ontoolresult = (params) => {
  result = params;
  render();
};
app.onhostcontextchanged = () => {
  applyContext(app.getHostContext());
  render();
};
app.onteardown = async () => ({});

await app.connect();
applyContext(app.getHostContext());
render();
