/**
 * Invoice preview (create_invoice with dryRun): the draft as it would read, the guard's verdict,
 * and one button that creates exactly that draft through create_previewed_invoice, once; once it
 * exists, its XRechnung and ZUGFeRD PDF as downloads where the host takes files.
 */
import { h, stat } from "./dom.js";
import { downloadButtons } from "./downloads.js";
import type { ViewContext } from "./view.js";

interface InvoiceView {
  id: string | null;
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  status: string;
  invoiceDate: string;
  periodStart: string;
  periodEnd: string;
  netAmount: number;
  taxRate: number;
  taxAmount: number;
  grossAmount: number;
  activityType: string | null;
  notes: string | null;
}
interface Preview {
  outcome: string;
  invoice: InvoiceView;
  conflicts?: Array<{ invoiceNumber: string; reason: string; invoiceDate: string }>;
  fromTime?: {
    hours: number;
    hourlyRate: number | null;
    byProject: Array<{ projectId: string; projectName: string | null; hours: number; amount: number | null }>;
  };
}

export function renderPreview(root: HTMLElement, data: Preview, { app, f }: ViewContext): void {
  const inv = data.invoice;
  root.append(
    h("h1", {}, `${f.t("preview")}: ${inv.invoiceNumber}`),
    h("p", { class: "customer-line" }, inv.customerName),
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, f.t("number")),
      h("dd", { "data-testid": "invoice-number" }, inv.invoiceNumber),
      h("dt", {}, f.t("invoiceDate")),
      h("dd", { "data-testid": "invoice-date" }, f.day(inv.invoiceDate)),
      h("dt", {}, f.t("period")),
      h("dd", {}, f.days(inv.periodStart, inv.periodEnd)),
    ),
  );
  if (data.fromTime && data.fromTime.byProject.length > 0) {
    root.append(
      h(
        "table",
        { class: "lines" },
        h("caption", {}, f.t("lines")),
        h(
          "tbody",
          {},
          ...data.fromTime.byProject.map((p) =>
            h(
              "tr",
              {},
              h("th", { scope: "row" }, p.projectName ?? p.projectId),
              h("td", { class: "num" }, f.hours(p.hours)),
              h("td", { class: "num" }, p.amount === null ? "–" : f.money(p.amount)),
            ),
          ),
        ),
      ),
    );
  }
  root.append(
    h(
      "div",
      { class: "stats" },
      stat(capital(f.t("net")), f.money(inv.netAmount), "net"),
      stat(`${f.t("vat")} ${f.percent(inv.taxRate)}`, f.money(inv.taxAmount), "vat"),
      stat(capital(f.t("gross")), f.money(inv.grossAmount), "gross"),
    ),
  );
  if (inv.notes) root.append(h("p", { class: "notes" }, h("strong", {}, `${f.t("notes")}: `), inv.notes));
  const conflicts = data.conflicts ?? [];
  root.append(
    h(
      "p",
      { class: conflicts.length === 0 ? "verdict ok" : "verdict refused", "data-testid": "verdict" },
      conflicts.length === 0
        ? f.t("verdictOk")
        : `${f.t("verdictConflict")} ${conflicts.map((c) => `${c.invoiceNumber} (${c.reason})`).join(", ")}`,
    ),
  );
  if (data.outcome !== "dry_run") {
    root.append(
      h("p", { class: "muted", "data-testid": "outcome" }, `${f.t("notDryRun")} (${data.outcome})`),
    );
    return;
  }
  const status = h("p", { role: "status", "data-testid": "create-status" });
  const button = h("button", { type: "button", class: "primary", "data-testid": "create" }, f.t("create"));
  // Refused by the guard: there is nothing to create with one click.
  if (conflicts.length > 0) button.disabled = true;
  let asked = false;
  button.addEventListener("click", async () => {
    // Once: a second click (or a double click) never sends a second request.
    if (asked) return;
    asked = true;
    button.disabled = true;
    button.textContent = f.t("creating");
    const answer = await app.callServerTool({
      name: "create_previewed_invoice",
      arguments: {
        invoice: {
          invoiceNumber: inv.invoiceNumber,
          customerId: inv.customerId,
          invoiceDate: inv.invoiceDate,
          periodStart: inv.periodStart,
          periodEnd: inv.periodEnd,
          netAmount: inv.netAmount,
          taxRate: inv.taxRate,
          grossAmount: inv.grossAmount,
          activityType: inv.activityType,
          notes: inv.notes,
        },
      },
    });
    const created = answer.structuredContent as { outcome?: string; invoice?: InvoiceView } | undefined;
    button.textContent = f.t("create");
    if (answer.isError === true || created?.outcome === undefined) {
      const text = (answer.content ?? []).map((c) => (c as { text?: string }).text ?? "").join(" ");
      status.textContent = `${f.t("failed")} ${text}`;
      status.className = "verdict refused";
      return;
    }
    if (created.outcome === "created")
      status.textContent = `${f.t("created")} ${created.invoice?.invoiceNumber ?? ""} (id ${created.invoice?.id ?? "?"})`;
    else if (created.outcome === "already_exists") status.textContent = f.t("exists");
    else status.textContent = `${f.t("failed")} ${created.outcome}`;
    const made = created.outcome === "created" || created.outcome === "already_exists";
    status.className = made ? "verdict ok" : "verdict refused";
    // The draft exists now: its e-invoice files can be made from it.
    const downloads = made
      ? downloadButtons(app, f, created.invoice?.invoiceNumber ?? inv.invoiceNumber)
      : null;
    if (downloads) status.after(downloads);
  });
  root.append(button, status);
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
