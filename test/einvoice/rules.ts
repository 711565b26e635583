/**
 * The official e-invoice rules (XSD, CEN EN 16931 and KoSIT XRechnung schematron) as the shared
 * validator beside the repository runs them: ../shared/einvoice-rules, in CI a read-only copy next
 * to the clone. Without it, importing this module fails the test file: it never skips.
 */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const validatorPath = resolve(repoRoot, "../shared/einvoice-rules/validate.mjs");

export interface Finding {
  id: string;
  level: string;
  text: string;
}

export interface Report {
  valid: boolean;
  syntax: string;
  profile: string;
  xsd: { valid: boolean; errors: { line: number; message: string }[] };
  cen: Finding[];
  kosit: Finding[] | null;
  errors: Finding[];
  counts: { fatal: number; warning: number };
  pdf?: {
    pdfa3Claimed: boolean;
    pdfaConformance: string | null;
    invoiceAttachment: string | null;
    invoiceAfRelationship: string | null;
    facturxXmp: { conformanceLevel: string | null; documentFileName: string | null } | null;
    attachments: {
      name: string;
      afRelationship: string | null;
      mimeType: string | null;
      inCatalogAF: boolean;
    }[];
  };
}

interface Validator {
  validateBytes(bytes: Uint8Array, options?: { name?: string }): Promise<Report>;
  formatText(report: Report): string;
}

if (!existsSync(validatorPath)) {
  throw new Error(
    `The official e-invoice rules are missing: expected ${validatorPath} (the shared einvoice-rules folder beside the repository). These tests need them and do not skip.`,
  );
}

export const validator = (await import(pathToFileURL(validatorPath).href)) as Validator;

/** Every fatal finding's rule, "XSD" for a schema error, and the PDF layer's fatal ones. */
export function fatalIds(report: Report): string[] {
  const findings = [...report.cen, ...(report.kosit ?? []), ...report.errors].filter(
    (f) => f.level === "fatal",
  );
  return [...(report.xsd.valid === false ? ["XSD"] : []), ...findings.map((f) => f.id)];
}

/** Validation times of a file's run, written to stderr at its end: a record, never an assertion. */
export class Timings {
  private readonly rows: { name: string; ms: number }[] = [];

  async validate(name: string, bytes: Uint8Array | string): Promise<Report> {
    const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
    const started = performance.now();
    const report = await validator.validateBytes(data, { name });
    this.rows.push({ name, ms: performance.now() - started });
    return report;
  }

  report(title: string): void {
    if (this.rows.length === 0) return;
    const sorted = this.rows.map((t) => t.ms).sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    process.stderr.write(
      `${title}: ${this.rows.length} validations, first ${Math.round(this.rows[0]?.ms ?? 0)} ms, median ${Math.round(median)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms\n${this.rows.map((t) => `  ${t.name}: ${Math.round(t.ms)} ms`).join("\n")}\n`,
    );
  }
}
