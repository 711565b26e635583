/**
 * What a person sees in a rendered view, measured inside its frame: the size of every visible
 * text, its contrast (axe-core's colour-contrast rule, from the rendered colours), the contrast of
 * the marks that carry meaning (`data-mark`: bars, swatches, blocks) against what is behind them
 * and whether a legend (`.legend`) names each mark's colour,
 * anything cut off (content overflowing a box that hides or scrolls it, or past the frame's edge),
 * and texts that collide with another text or a coloured box they do not sit in. Bundled by
 * test/helpers/legibility.ts; axe-core's own script is injected before it.
 */
import type axeCore from "axe-core";
import type { Contrast, Measured, SeenText } from "./legibility-types.js";

declare const axe: typeof axeCore;

declare global {
  interface Window {
    measureLegibility(): Promise<Measured>;
  }
}

const FIGURE = /\d\s?(€|h$)|€\s?[-−]?\d/;

const describeElement = (el: Element) =>
  `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;

/** Screen-reader-only text (clipped to a pixel) is not seen. */
function hiddenFromSight(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.clip !== "auto" && cs.clip !== "") return true;
    if (cs.clipPath !== "none") return true;
  }
  return !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}

function visibleTextNodes(): Text[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || (n.textContent ?? "").trim() === "") continue;
    if (parent.closest("script, style, title")) continue;
    if (hiddenFromSight(parent)) continue;
    nodes.push(n as Text);
  }
  return nodes;
}

/** The parts of a text's boxes a person can see: cut to every ancestor that hides its overflow. */
function rectsOf(node: Text): DOMRect[] {
  const range = document.createRange();
  range.selectNodeContents(node);
  let rects = [...range.getClientRects()];
  for (let e = node.parentElement; e && e !== document.body; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.overflowX === "visible" && cs.overflowY === "visible") continue;
    const box = e.getBoundingClientRect();
    rects = rects.map((r) => {
      const left = Math.max(r.left, box.left);
      const top = Math.max(r.top, box.top);
      return new DOMRect(
        left,
        top,
        Math.min(r.right, box.right) - left,
        Math.min(r.bottom, box.bottom) - top,
      );
    });
  }
  return rects.filter((r) => r.width > 0 && r.height > 0);
}

type Rgba = [number, number, number, number];
function parseColour(css: string): Rgba {
  const m = css.match(/rgba?\(([^)]+)\)/);
  if (!m) return [0, 0, 0, 0];
  const [r = 0, g = 0, b = 0, a = 1] = m[1]!
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r, g, b, a];
}
const over = (top: Rgba, below: Rgba): Rgba => {
  const a = top[3] + below[3] * (1 - top[3]);
  if (a === 0) return [0, 0, 0, 0];
  const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / a;
  return [mix(0), mix(1), mix(2), a];
};
const luminance = ([r, g, b]: Rgba) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const ratio = (a: Rgba, b: Rgba) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The colour behind an element: its ancestors' backgrounds laid over the (white) canvas. */
function backdrop(el: Element): Rgba {
  const layers: Rgba[] = [];
  for (let e = el.parentElement; e; e = e.parentElement)
    layers.push(parseColour(getComputedStyle(e).backgroundColor));
  return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1] as Rgba);
}

/** Opacity applied to an element by itself and its ancestors. */
function opacityOf(el: Element): number {
  let o = 1;
  for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
  return o;
}

const shownMarks = () =>
  [...document.querySelectorAll("[data-mark]")].filter(
    (el) => !hiddenFromSight(el) && el.getBoundingClientRect().width > 0,
  );
/** A mark's own colour as painted (its background, faded by any opacity), to match a legend's. */
function paint(el: Element): Rgba {
  const [r, g, b, a] = parseColour(getComputedStyle(el).backgroundColor);
  return [r, g, b, a * opacityOf(el)];
}

function markContrast(): Pick<Measured, "marks" | "unexplained"> {
  const marks = shownMarks();
  const legend = new Set(marks.filter((el) => el.closest(".legend")).map((el) => String(paint(el))));
  const name = (el: Element) => el.getAttribute("data-mark") || describeElement(el);
  return {
    marks: marks.map((el) => {
      const behind = backdrop(el);
      return { mark: name(el), ratio: ratio(over(paint(el), behind), behind) };
    }),
    unexplained: marks
      .filter((el) => !el.closest(".legend") && !legend.has(String(paint(el))))
      .map((el) => `${name(el)} (${getComputedStyle(el).backgroundColor})`),
  };
}

function clipping(): Measured["clipped"] {
  const edge = document.documentElement.clientWidth;
  const clipped: Measured["clipped"] = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("script, style") || hiddenFromSight(el)) continue;
    const cs = getComputedStyle(el);
    if (cs.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1)
      clipped.push({
        element: describeElement(el),
        how: `${el.scrollWidth - el.clientWidth}px wider than its box (${cs.overflowX})`,
      });
    if (cs.overflowY !== "visible" && el.scrollHeight > el.clientHeight + 1)
      clipped.push({
        element: describeElement(el),
        how: `${el.scrollHeight - el.clientHeight}px taller than its box (${cs.overflowY})`,
      });
    const r = el.getBoundingClientRect();
    if (r.width > 0 && (r.right > edge + 0.5 || r.left < -0.5))
      clipped.push({
        element: describeElement(el),
        how: `reaches ${Math.round(r.left)}..${Math.round(r.right)}px of a ${edge}px frame`,
      });
  }
  if (document.documentElement.scrollWidth > edge)
    clipped.push({
      element: "the page",
      how: `${document.documentElement.scrollWidth}px wide in a ${edge}px frame`,
    });
  return clipped;
}

const overlap = (a: DOMRect, b: DOMRect) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1.5;

function collisions(nodes: Text[]): Measured["collisions"] {
  const found: Measured["collisions"] = [];
  const texts = nodes.map((node) => ({ node, rects: rectsOf(node) }));
  const boxes = [...document.body.querySelectorAll("*")].filter(
    (el) => parseColour(getComputedStyle(el).backgroundColor)[3] > 0 && !hiddenFromSight(el),
  );
  texts.forEach((a, i) => {
    const label = (a.node.textContent ?? "").trim().slice(0, 40);
    for (const b of texts.slice(i + 1))
      if (
        a.node.parentElement !== b.node.parentElement &&
        a.rects.some((ra) => b.rects.some((rb) => overlap(ra, rb)))
      )
        found.push({ text: label, with: `the text "${(b.node.textContent ?? "").trim().slice(0, 40)}"` });
    for (const box of boxes) {
      if (box.contains(a.node)) continue;
      const r = box.getBoundingClientRect();
      if (a.rects.some((ra) => overlap(ra, r))) found.push({ text: label, with: describeElement(box) });
    }
  });
  return found;
}

/** Contrast of every text axe judged; `judged` collects the elements it looked at. */
async function contrastByAxe(judged: Set<Element>): Promise<Pick<Measured, "contrast" | "undecided">> {
  const results = await axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] } });
  for (const node of [...results.passes, ...results.violations, ...results.incomplete].flatMap(
    (r) => r.nodes,
  )) {
    const element = document.querySelector(String(node.target[0]));
    if (element) judged.add(element);
  }
  const contrast: Contrast[] = [];
  for (const node of [...results.passes, ...results.violations].flatMap((r) => r.nodes)) {
    const data = node.any[0]?.data as
      | { contrastRatio: number; expectedContrastRatio: string; fgColor: string; bgColor: string }
      | undefined;
    if (!data?.contrastRatio) continue;
    contrast.push({
      text: (document.querySelector(String(node.target[0]))?.textContent ?? "").trim().slice(0, 40),
      ratio: data.contrastRatio,
      expected: Number.parseFloat(data.expectedContrastRatio),
      fg: data.fgColor,
      bg: data.bgColor,
    });
  }
  const undecided = results.incomplete.flatMap((r) =>
    r.nodes.map((node) => ({
      text: (document.querySelector(String(node.target[0]))?.textContent ?? "").trim().slice(0, 40),
      why: String(
        (node.any[0]?.data as { messageKey?: string } | undefined)?.messageKey ?? node.failureSummary,
      ),
    })),
  );
  return { contrast, undecided };
}

window.measureLegibility = async () => {
  // A person opens what is folded (the revenue table): measure it too.
  for (const details of document.querySelectorAll("details")) details.open = true;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const nodes = visibleTextNodes();
  const judged = new Set<Element>();
  const contrast = await contrastByAxe(judged);
  const texts = nodes.map((node): SeenText => {
    const text = (node.textContent ?? "").trim();
    const parent = node.parentElement!;
    const kind = parent.closest("button, select, summary")
      ? "control"
      : FIGURE.test(text)
        ? "figure"
        : "text";
    return {
      text: text.slice(0, 60),
      px: Number.parseFloat(getComputedStyle(parent).fontSize),
      kind,
      // WCAG exempts a disabled control's text; every other text must have been judged.
      contrastJudged: judged.has(parent) || parent.closest(":disabled") !== null,
    };
  });
  return {
    texts,
    ...contrast,
    ...markContrast(),
    clipped: clipping(),
    collisions: collisions(nodes),
  };
};
