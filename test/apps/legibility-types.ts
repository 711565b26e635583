/** What test/apps/legibility-entry.ts measures in a view, shared with the Node side of the tests. */
export interface SeenText {
  text: string;
  /** Computed font size in CSS px. */
  px: number;
  /** "control" inside a button, select or summary; "figure" an amount or hours; else "text". */
  kind: "text" | "figure" | "control";
  /** Whether axe judged its contrast (a text it skipped would pass unmeasured). */
  contrastJudged: boolean;
}
export interface Contrast {
  text: string;
  ratio: number;
  expected: number;
  fg: string;
  bg: string;
}
export interface Measured {
  texts: SeenText[];
  /** Every text axe decided on, with its ratio. */
  contrast: Contrast[];
  /** Texts axe could not decide (e.g. over an image): each needs a look, so a test fails on it. */
  undecided: Array<{ text: string; why: string }>;
  marks: Array<{ mark: string; ratio: number }>;
  /** Marks whose colour no legend swatch shows. */
  unexplained: string[];
  clipped: Array<{ element: string; how: string }>;
  collisions: Array<{ text: string; with: string }>;
}
