/**
 * Each view as a person reads it: rendered in headless Chromium behind ext-apps' AppBridge with
 * real results from the sandbox, at 400 px and 1280 px, light and dark, de-DE and en-US, and
 * measured on the page (test/helpers/legibility.ts): text size, contrast from the rendered colours,
 * nothing cut off or colliding. Each look is photographed (into docs/views/ with
 * UPDATE_VIEW_SCREENSHOTS=1, with its figures in docs/views/legibility.md; else a temp dir).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWS_URI } from "../../src/mcp/apps/ui.js";
import {
  APPS_CAPABILITIES,
  changeLook,
  type Look,
  launchChromium,
  type OpenedView,
  openView,
} from "../helpers/apps.js";
import { measureLegibility, shortcomings, summary } from "../helpers/legibility.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const SHOTS =
  process.env.UPDATE_VIEW_SCREENSHOTS === "1"
    ? fileURLToPath(new URL("../../docs/views/", import.meta.url))
    : join(tmpdir(), "invoicing-view-screenshots");

/** The looks a view is read in; `shot` names the screenshots the docs show (`${view}${shot}-${theme}`). */
const LOOKS: Array<Look & { shot?: string }> = [
  { theme: "light", locale: "en-US", width: 400, shot: "" },
  { theme: "dark", locale: "de-DE", width: 400, shot: "" },
  { theme: "dark", locale: "en-US", width: 400 },
  { theme: "light", locale: "de-DE", width: 400 },
  { theme: "light", locale: "en-US", width: 1280, shot: "-wide" },
  { theme: "dark", locale: "de-DE", width: 1280, shot: "-wide" },
];
/**
 * `marks`: the view draws marks that carry meaning (bars, blocks), so some must be measured.
 * `shots`: which of its looks are photographed for the docs: the 400 px ones, or also the 1280 px
 * ones (where the layout differs), or none.
 */
const VIEWS = [
  {
    view: "week",
    tool: "list_time_entries",
    input: { from: "2026-11-16", to: "2026-11-22", limit: 100 },
    marks: true,
    shots: "both",
  },
  {
    // The same week with an entry logged over another (the person confirmed): two lanes, marked.
    view: "week-overlap",
    tool: "list_time_entries",
    input: { from: "2026-11-16", to: "2026-11-22", limit: 100 },
    marks: true,
    shots: "none",
    logFirst: {
      project: "Bestell-App",
      start: "2026-11-18 10:00",
      end: "2026-11-18 11:30",
      allowOverlap: true,
    },
  },
  { view: "revenue", tool: "revenue_report", input: { period: 2026 }, marks: true, shots: "both" },
  {
    view: "revenue-customers",
    tool: "revenue_report",
    input: { period: 2026, byCustomer: true },
    marks: true,
    shots: "narrow",
  },
  { view: "receivables", tool: "outstanding_by_customer", input: {}, marks: true, shots: "both" },
  {
    view: "invoice-preview",
    tool: "create_invoice",
    input: { customer: "mueller", fromTime: true, period: "2026-11-01..2026-11-22", dryRun: true },
    marks: false,
    shots: "narrow",
  },
  {
    // Refused by the double-billing guard: the verdict in red, the button disabled (not measured:
    // WCAG exempts inactive controls).
    view: "invoice-refused",
    tool: "create_invoice",
    input: { customer: "mueller", fromTime: true, period: "2026-10-01..2026-10-31", dryRun: true },
    marks: false,
    shots: "narrow",
  },
] as const;

describe("views as a person reads them (Chromium, 400 and 1280 px, both themes, de-DE and en-US)", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox, { capabilities: APPS_CAPABILITIES });
  let browser: Browser;
  let profile: string;
  let html: string;
  const figures: string[] = [];

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), "invoicing-chromium-"));
    browser = await launchChromium(profile);
    const read = await mcp().client.readResource({ uri: VIEWS_URI });
    html = (read.contents[0] as { text: string }).text;
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
    // Only a run of every view in every look writes the figures (not one filtered by -t).
    if (figures.length === VIEWS.length * LOOKS.length)
      writeFileSync(join(SHOTS, "legibility.md"), legibilityDoc(figures));
  });

  async function open(tool: string, input: Record<string, unknown>, look: Look): Promise<OpenedView> {
    const result = await mcp().client.callTool({ name: tool, arguments: input });
    expect(result.isError ?? false).toBe(false);
    return openView(browser, {
      html,
      mcp: mcp(),
      tool,
      input,
      result: result as Record<string, unknown>,
      ...look,
    });
  }
  // The page is made as tall as the view first: Chromium paints an iframe beyond the viewport blank.
  const shoot = async (view: OpenedView, name: string, width: number) => {
    const box = await view.page.locator("#view").boundingBox();
    await view.page.setViewportSize({ width, height: Math.max(200, Math.ceil(box?.height ?? 900)) });
    await view.page.locator("#view").screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  it("the measure finds what a person cannot read: small or faint text, a box cut off, text over text, a faint mark or one no legend names", async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
    await page.route("**/*", (route) => route.abort());
    const swatch = "display:inline-block;width:10px;height:10px";
    await page.setContent(`<!doctype html><html lang="en"><body style="margin:0;font:16px sans-serif">
      <p style="font-size:9px">tiny</p>
      <p style="color:#aaa">faint</p>
      <div style="width:60px;overflow:hidden;white-space:nowrap">a name too long for its box</div>
      <div style="width:600px">wider than the frame</div>
      <div style="position:relative;height:20px"><span style="position:absolute">first</span><span style="position:absolute">second</span></div>
      <ul class="legend"><li><span data-mark="known" style="${swatch};background:#1f7a4d"></span>Known</li></ul>
      <span data-mark="unexplained" style="${swatch};background:#eeeeee"></span>
    </body></html>`);
    const problems = shortcomings(await measureLegibility(page.mainFrame())).join("\n");
    await page.close();
    expect(problems).toMatch(/text "tiny" is 9\.0 px/);
    expect(problems).toMatch(/"faint" has contrast 2\.\d+:1/);
    expect(problems).toMatch(/"a name too long for its box" is cut off: \d+px wider than its box/);
    expect(problems).toMatch(/"wider than the frame" is cut off: reaches 0\.\.600px/);
    expect(problems).toMatch(/"first" collides with the text "second"/);
    expect(problems).toMatch(/mark unexplained has contrast 1\.\d+:1/);
    expect(problems).toMatch(/mark unexplained \(rgb\(238, 238, 238\)\) has a colour no legend explains/);
    expect(problems).not.toMatch(/known/);
  });

  // One page per view, shown in each look in turn as a host would switch it: opening is the slow part.
  describe.each(VIEWS)("$view", (views) => {
    const { view: name, tool, input, marks, shots } = views;
    let view: OpenedView;
    beforeAll(async () => {
      if ("logFirst" in views) {
        const logged = await mcp().call("log_time", views.logFirst);
        expect(logged.isError, logged.text).toBe(false);
      }
      view = await open(tool, input, LOOKS[0]!);
    });
    afterAll(async () => {
      expect(view.requests, "network requests").toEqual([]);
      await view.page.close();
    });

    it.each(LOOKS)("$theme, $locale, $width px: every text legible, nothing cut off", async (look) => {
      await changeLook(view, look);
      const measured = await measureLegibility(view.frame);
      const s = summary(measured);
      figures.push(
        `| ${name} | ${look.width} | ${look.theme} | ${look.locale} | ${s.smallestPx.toFixed(1)} | ${s.lowestText.toFixed(2)} | ${s.lowestMark?.toFixed(2) ?? "–"} |`,
      );
      if (look.shot !== undefined && (shots === "both" || (shots === "narrow" && look.width < 1280)))
        await shoot(view, `${name}${look.shot}-${look.theme}`, look.width);
      expect(shortcomings(measured)).toEqual([]);
      if (marks) expect(measured.marks.length, "marks measured").toBeGreaterThan(0);
    });
  });
});

function legibilityDoc(rows: string[]): string {
  return [
    "# Views: what a person sees, measured",
    "",
    "Written by `test/apps/views-legibility.test.ts` (`UPDATE_VIEW_SCREENSHOTS=1`): each view in headless",
    "Chromium behind ext-apps' AppBridge with the sandbox's data, measured on the rendered page. Smallest",
    "text in CSS px; lowest contrast of any text (axe-core, WCAG 2 ratio) and of any mark that carries",
    "meaning (bars, swatches, blocks) against what is behind it.",
    "",
    "| view | width | theme | locale | smallest text (px) | lowest text contrast | lowest mark contrast |",
    "|---|---|---|---|---|---|---|",
    ...rows.sort(),
    "",
  ].join("\n");
}
