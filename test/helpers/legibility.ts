/**
 * Legibility of a view as a person sees it, measured in the rendered frame (test/apps/
 * legibility-entry.ts, with axe-core for text contrast) and held to issue 29's standard: text at
 * least 10 px, amounts and hours 12 px, controls 13 px; WCAG AA contrast (4.5:1 text, 3:1 large
 * text and marks); nothing cut off and no text over another.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Frame } from "playwright-core";
import type { Measured } from "../apps/legibility-types.js";

export type { Measured };

export const MIN_PX = { text: 10, figure: 12, control: 13 } as const;
/** WCAG 1.4.11: graphical objects needed to understand the content. */
export const MIN_MARK_CONTRAST = 3;

let script: Promise<string> | undefined;

function measureScript(): Promise<string> {
  script ??= build({
    entryPoints: [fileURLToPath(new URL("../apps/legibility-entry.ts", import.meta.url))],
    bundle: true,
    write: false,
    platform: "browser",
    format: "iife",
    target: "es2022",
    logLevel: "warning",
  }).then((result) => {
    const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    return `${axe}\n${result.outputFiles[0]!.text}`;
  });
  return script;
}

/** Measures the view in `frame` (opening any folded part first, as a person would). */
export async function measureLegibility(frame: Frame): Promise<Measured> {
  if (!(await frame.evaluate(() => "measureLegibility" in globalThis)))
    await frame.evaluate(await measureScript());
  // biome-ignore lint/suspicious/noExplicitAny: the frame's own global, defined by legibility-entry.ts
  return frame.evaluate(() => (globalThis as any).measureLegibility());
}

/** Every way the view falls short of the standard, one line each (empty when it meets it). */
export function shortcomings(m: Measured): string[] {
  return [
    ...m.texts
      .filter((t) => t.px < MIN_PX[t.kind])
      .map((t) => `${t.kind} "${t.text}" is ${t.px.toFixed(1)} px (at least ${MIN_PX[t.kind]})`),
    ...m.contrast
      .filter((c) => c.ratio < c.expected)
      .map((c) => `"${c.text}" has contrast ${c.ratio}:1 (${c.fg} on ${c.bg}; at least ${c.expected}:1)`),
    ...m.texts.filter((t) => !t.contrastJudged).map((t) => `contrast of "${t.text}" was not measured`),
    ...m.undecided.map((u) => `contrast of "${u.text}" cannot be computed: ${u.why}`),
    ...m.marks
      .filter((k) => k.ratio < MIN_MARK_CONTRAST)
      .map((k) => `mark ${k.mark} has contrast ${k.ratio.toFixed(2)}:1 (at least ${MIN_MARK_CONTRAST}:1)`),
    ...m.unexplained.map((mark) => `mark ${mark} has a colour no legend explains`),
    ...m.clipped.map((c) => `${c.element} is cut off: ${c.how}`),
    ...m.collisions.map((c) => `"${c.text}" collides with ${c.with}`),
  ];
}

/** The figures a report names: the smallest text, the lowest text and mark contrast. */
export function summary(m: Measured): { smallestPx: number; lowestText: number; lowestMark: number | null } {
  return {
    smallestPx: Math.min(...m.texts.map((t) => t.px)),
    lowestText: Math.min(...m.contrast.map((c) => c.ratio)),
    lowestMark: m.marks.length === 0 ? null : Math.min(...m.marks.map((k) => Number(k.ratio.toFixed(2)))),
  };
}

/**
 * Numbers, dates and times written in the other locale's form: German ones in an en-US view
 * ("17.07.2026", "1.234,56 €", "14:15"), English ones in a de-DE view ("Jul 17, 2026",
 * "€1,234.56", "11/16", "8:15").
 */
export function otherLocaleForms(text: string, locale: "en-US" | "de-DE"): string[] {
  const forms =
    locale === "en-US"
      ? [/\b\d{1,2}\.\d{1,2}\.(\d{2,4})?/g, /\d,\d{2}\s?€/g, /\d\.\d{3}(?!\d)/g, /\b(1[3-9]|2[0-3]):\d{2}\b/g]
      : [
          /\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/g,
          /€\s?-?\d/g,
          /\d,\d{3}(?!\d)/g,
          /\b\d{1,2}\/\d{1,2}\b/g,
          /(?<![\d:.])\d:\d{2}\b/g,
          /\b[AP]M\b/g,
        ];
  return forms.flatMap((form) => text.match(form) ?? []);
}
