/**
 * The documents as files on the person's machine (stdio): each written to a temporary file beside
 * its place and renamed, so a reader never sees half a PDF; the folder is made when missing.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export interface MadeFile {
  name: string;
  mimeType: "application/xml" | "application/pdf";
  bytes: Uint8Array;
}

/** Writes each file into `folder`; returns their paths in the same order. */
export async function writeFiles(folder: string, files: readonly MadeFile[]): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const paths: string[] = [];
  for (const file of files) {
    const path = join(folder, file.name);
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, file.bytes, { mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    paths.push(path);
  }
  return paths;
}

/** A file name from an invoice number: letters, digits, dot, dash and underscore only. */
export function safeName(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^[._]+/, "")
      .slice(0, 80) || "invoice"
  );
}
