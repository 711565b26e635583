/**
 * The documents this server made, kept while it runs so a client can read them again by their
 * resource link (invoicing://documents/<invoice>/<file>) without the bytes travelling twice in the
 * conversation. Bounded in count and bytes: the oldest go first, and a link to one that went is
 * answered "not found" with what to do.
 */

export const DOCUMENTS_URI = "invoicing://documents/";
export const MAX_SHELF_DOCUMENTS = 30;
export const MAX_SHELF_BYTES = 30 * 1024 * 1024;

export interface ShelvedDocument {
  uri: string;
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

export class DocumentShelf {
  private readonly documents = new Map<string, ShelvedDocument>();
  private bytes = 0;

  constructor(
    private readonly maxDocuments = MAX_SHELF_DOCUMENTS,
    private readonly maxBytes = MAX_SHELF_BYTES,
  ) {}

  put(document: ShelvedDocument): void {
    this.remove(document.uri);
    this.documents.set(document.uri, document);
    this.bytes += document.bytes.byteLength;
    for (const [uri] of this.documents) {
      if (this.documents.size <= this.maxDocuments && this.bytes <= this.maxBytes) break;
      if (uri !== document.uri) this.remove(uri);
    }
  }

  get(uri: string): ShelvedDocument | undefined {
    return this.documents.get(uri);
  }

  list(): ShelvedDocument[] {
    return [...this.documents.values()];
  }

  private remove(uri: string): void {
    const old = this.documents.get(uri);
    if (!old) return;
    this.documents.delete(uri);
    this.bytes -= old.bytes.byteLength;
  }
}

/** invoicing://documents/RE-2026-001/xrechnung.xml, each part percent-encoded. */
export function documentUri(invoiceNumber: string, file: string): string {
  return `${DOCUMENTS_URI}${encodeURIComponent(invoiceNumber)}/${encodeURIComponent(file)}`;
}
