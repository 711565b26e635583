/**
 * The documents invoice_documents made while this server runs, readable again by their resource
 * links: the bytes as a blob with their MIME type. The shelf is bounded (document-shelf.ts), so an
 * old link may be gone; the reader is told to make the document again.
 */
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
} from "@modelcontextprotocol/server";
import type { ContextHandle } from "../context-handle.js";

export function registerDocumentsResource(server: McpServer, context: ContextHandle): void {
  const shelf = context.documents;
  server.registerResource(
    "documents",
    new ResourceTemplate("invoicing://documents/{invoice}/{file}", {
      list: async () => ({
        resources: shelf.list().map((d) => ({ uri: d.uri, name: d.name, mimeType: d.mimeType })),
      }),
    }),
    {
      title: "Invoice documents",
      description:
        "E-invoices (XRechnung, ZUGFeRD) and time sheets made by invoice_documents while this server runs.",
    },
    async (uri) => {
      const document = shelf.get(uri.href);
      if (!document) {
        throw new ProtocolError(
          ProtocolErrorCode.ResourceNotFound,
          `${uri.href} is not (or no longer) kept by this server: only the newest documents are. Make it again with invoice_documents.`,
        );
      }
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: document.mimeType,
            blob: Buffer.from(document.bytes).toString("base64"),
          },
        ],
      };
    },
  );
}
