/**
 * A created invoice's e-invoice files, offered for download through the host: each button asks
 * invoice_documents for one file and hands the embedded file to the host's ui/download-file. Only
 * for hosts that announce downloadFile; elsewhere the person asks in the conversation.
 */
import type { App } from "@modelcontextprotocol/ext-apps";
import { h } from "./dom.js";
import type { Formats } from "./locale.js";

interface EmbeddedFile {
  type: "resource";
  resource: { uri: string; mimeType?: string; blob: string };
}

const FILES = [
  { make: "xrechnung", word: "downloadXRechnung" },
  { make: "zugferd", word: "downloadZugferd" },
] as const;

/** The download buttons for `invoiceNumber`, or null when the host cannot take a file. */
export function downloadButtons(app: App, f: Formats, invoiceNumber: string): HTMLElement | null {
  if (app.getHostCapabilities()?.downloadFile === undefined) return null;
  const status = h("p", { role: "status", "data-testid": "download-status" });
  const buttons = FILES.map(({ make, word }) => {
    const button = h("button", { type: "button", "data-testid": `download-${make}` }, f.t(word));
    button.addEventListener("click", async () => {
      // One request at a time per file: a double click does not make the document twice.
      if (button.disabled) return;
      button.disabled = true;
      status.textContent = f.t("downloading");
      status.className = "";
      try {
        const shown = await download(app, f, invoiceNumber, make);
        status.textContent = shown.text;
        status.className = shown.ok ? "verdict ok" : "verdict refused";
      } catch (error) {
        status.textContent = `${f.t("downloadFailed")} ${error instanceof Error ? error.message : String(error)}`;
        status.className = "verdict refused";
      } finally {
        button.disabled = false;
      }
    });
    return button;
  });
  return h("div", { class: "downloads" }, h("div", { class: "controls" }, ...buttons), status);
}

/** What to show after one download: the host took the file, or the tool's words on why there is none. */
async function download(
  app: App,
  f: Formats,
  invoice: string,
  make: string,
): Promise<{ text: string; ok: boolean }> {
  const answer = await app.callServerTool({ name: "invoice_documents", arguments: { invoice, make } });
  const file = (answer.content ?? []).find(
    (c): c is EmbeddedFile => c.type === "resource" && typeof (c as EmbeddedFile).resource.blob === "string",
  );
  if (answer.isError === true || file === undefined) {
    // The tool's text says what is missing and how to give it (in both languages for gaps).
    const text = (answer.content ?? []).map((c) => (c as { text?: string }).text ?? "").join("\n");
    return { text: text.trim() || f.t("downloadFailed"), ok: false };
  }
  const handed = await app.downloadFile({ contents: [file] });
  return handed.isError === true
    ? { text: f.t("downloadRefused"), ok: false }
    : { text: f.t("downloaded"), ok: true };
}
