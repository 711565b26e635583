/**
 * A4 pages drawn top to bottom: a cursor that starts a new page when the next block does not fit,
 * text in two embedded faces, wrapping by measured width, right-aligned figures, rules. Every page
 * gets the same header and footer (drawn last, when the page count is known).
 */
import fontkit from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { left: 62, right: 48, top: 56, bottom: 72 } as const;
export const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;

export const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.38, 0.38, 0.38);
export const RULE = rgb(0.7, 0.7, 0.7);

/** The TrueType files the pages are set in (embedded as subsets, as PDF/A requires every font to be). */
export interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface Faces {
  regular: PDFFont;
  bold: PDFFont;
}

export async function embedFaces(doc: PDFDocument, files: FontFiles): Promise<Faces> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold };
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
  /** "right": x is the right edge. */
  align?: "left" | "right";
}

/** Text the fonts can draw: tabs as spaces, no other control or direction characters (line breaks stay). */
export function printable(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 9) out += " ";
    else if (code === 10 || !invisible(code)) out += char;
  }
  return out;
}

function invisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export class Sheet {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly faces: Faces,
    /** Drawn at the top of every page after the first; returns the y below it. */
    private readonly continuation: (sheet: Sheet) => void = () => {},
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN.top;
    if (this.pages.length > 1) this.continuation(this);
  }

  /** Start a new page unless `height` points fit above the bottom margin. */
  need(height: number): void {
    if (this.y - height < MARGIN.bottom) this.addPage();
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.faces.bold : this.faces.regular;
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(printable(text), style.size ?? 9);
  }

  text(text: string, x: number, y: number, style: TextStyle = {}): void {
    const clean = printable(text);
    if (clean === "") return;
    const size = style.size ?? 9;
    const font = this.font(style);
    const left = style.align === "right" ? x - font.widthOfTextAtSize(clean, size) : x;
    this.page.drawText(clean, { x: left, y, size, font, color: style.color ?? INK });
  }

  /** Lines of at most `width` points: at spaces where possible, inside a word where it must. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of printable(text).split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        while (this.width(line, style) > width && line.length > 1) {
          let cut = line.length - 1;
          while (cut > 1 && this.width(line.slice(0, cut), style) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  rule(y: number, from: number = MARGIN.left, to: number = A4.width - MARGIN.right, thickness = 0.5): void {
    this.page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness, color: RULE });
  }

  /** Footer lines and "Seite n von m" on every page. */
  footer(lines: string[]): void {
    const total = this.pages.length;
    this.pages.forEach((page, index) => {
      this.page = page;
      let y = MARGIN.bottom - 24;
      this.rule(y + 12);
      for (const line of lines) {
        this.text(line, MARGIN.left, y, { size: 7, color: MUTED });
        y -= 9;
      }
      this.text(`Seite ${index + 1} von ${total}`, A4.width - MARGIN.right, MARGIN.bottom - 24, {
        size: 7,
        color: MUTED,
        align: "right",
      });
    });
  }
}
