/** The documents kept for resources/read: bounded in count and bytes, the oldest let go first. */
import { describe, expect, it } from "vitest";
import { DocumentShelf, documentUri } from "../../src/mcp/document-shelf.js";

const doc = (name: string, bytes: number) => ({
  uri: documentUri("RE-1", name),
  name,
  mimeType: "application/pdf",
  bytes: new Uint8Array(bytes),
});

describe("the document shelf", () => {
  it("lets the oldest go when the count or the bytes would pass their bound", () => {
    const shelf = new DocumentShelf(2, 100);
    shelf.put(doc("a", 10));
    shelf.put(doc("b", 10));
    shelf.put(doc("c", 10));
    expect(shelf.list().map((d) => d.name)).toEqual(["b", "c"]);
    shelf.put(doc("d", 95));
    expect(shelf.list().map((d) => d.name)).toEqual(["d"]);
    expect(shelf.get(documentUri("RE-1", "b"))).toBeUndefined();
  });

  it("replaces a document made again, counting its bytes once", () => {
    const shelf = new DocumentShelf(5, 100);
    shelf.put(doc("a", 60));
    shelf.put(doc("a", 60));
    shelf.put(doc("b", 40));
    expect(shelf.list().map((d) => d.name)).toEqual(["a", "b"]);
  });

  it("names each document by invoice and file, each part encoded", () => {
    expect(documentUri("RE 2026/1", "x.xml")).toBe("invoicing://documents/RE%202026%2F1/x.xml");
  });
});
