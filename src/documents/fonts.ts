/**
 * The TrueType files the PDFs are set in, read once on the first PDF. They live in assets/fonts/
 * at the repository's root (two folders up from src/documents/ and dist/documents/), and the build
 * copies them to the bundle's fonts/ (one folder up from its chunks), which the npm package and the
 * .mcpb ship.
 */
import { readFile } from "node:fs/promises";
import { InputError } from "../domain/input-error.js";
import type { FontFiles } from "../einvoice/pdf/layout.js";

const CANDIDATES = ["../fonts/", "../../assets/fonts/"];

let loading: Promise<FontFiles> | undefined;

export function documentFonts(): Promise<FontFiles> {
  loading ??= read().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function read(): Promise<FontFiles> {
  for (const folder of CANDIDATES) {
    const url = (file: string) => new URL(`${folder}${file}`, import.meta.url);
    try {
      const [regular, bold] = await Promise.all([
        readFile(url("DejaVuSans.ttf")),
        readFile(url("DejaVuSans-Bold.ttf")),
      ]);
      return { regular, bold };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new InputError(
    'This installation cannot make PDFs: the fonts they are set in (assets/fonts/DejaVuSans*.ttf) are not beside it. The XML e-invoices work: make "xrechnung" or "xrechnung-ubl".',
  );
}
