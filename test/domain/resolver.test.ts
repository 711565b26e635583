/** Names to records: a whole name beats a part, several parts are an error, nothing is picked silently. */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/domain/input-error.js";
import { cores, foldings, resolveByName } from "../../src/domain/resolver.js";

const noun = { singular: "customer", listTool: "list_customers" };

const CUSTOMERS = [
  { _id: "cus_mueller", name: "Müller & Söhne GmbH" },
  { _id: "cus_weiss", name: "Kanzlei Weiß & Partner" },
  { _id: "cus_baecker", name: "Bäckerei Schröder" },
  { _id: "cus_oeztuerk", name: "Dr. Öztürk Architektur" },
  { _id: "cus_gruenwald", name: "Grünwald Verlag" },
  { _id: "cus_nordlicht", name: "Studio Nordlicht" },
  { _id: "cus_kreativ", name: "Studio Kreativ Köln" },
  { _id: "cus_haupt", name: "Hauptstraße Immobilien" },
  { _id: "cus_ebook", name: "E-Book-Produktion" },
  { _id: "cus_katalog", name: "Produktkatalog Online" },
];

const resolve = (query: string, items = CUSTOMERS) => resolveByName(items, query, noun)._id;

function refusal(query: string, items = CUSTOMERS): InputError {
  try {
    resolveByName(items, query, noun);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error(`"${query}" resolved, expected a refusal`);
}

describe("resolveByName", () => {
  it.each([
    ["exact", "Müller & Söhne GmbH", "cus_mueller"],
    ["lower case", "müller & söhne gmbh", "cus_mueller"],
    ["upper case", "MÜLLER & SÖHNE GMBH", "cus_mueller"],
    ["surrounding spaces", "  Grünwald Verlag  ", "cus_gruenwald"],
    ["transliterated prefix", "mueller", "cus_mueller"],
    ["accent stripped prefix", "Muller", "cus_mueller"],
    ["transliterated start of the name", "Mueller & Soehne", "cus_mueller"],
    ["stripped full name", "Muller & Sohne GmbH", "cus_mueller"],
    ["ß as ss (substring)", "Weiss", "cus_weiss"],
    ["ß kept (substring)", "Weiß", "cus_weiss"],
    ["Straße prefix", "Hauptstraße", "cus_haupt"],
    ["Strasse prefix", "Hauptstrasse", "cus_haupt"],
    ["Strasse substring", "Strasse", "cus_haupt"],
    ["Straße substring", "straße immob", "cus_haupt"],
    ["Ö as Oe (substring)", "Oeztuerk", "cus_oeztuerk"],
    ["Ö as O (substring)", "ozturk", "cus_oeztuerk"],
    ["unique prefix", "Bäck", "cus_baecker"],
    ["unique prefix, transliterated", "Baeckerei", "cus_baecker"],
    ["unique prefix, punctuation ignored", "Dr Öztürk", "cus_oeztuerk"],
    ["unique substring", "nordlicht", "cus_nordlicht"],
    ["whole name, legal form left out", "Mueller & Soehne", "cus_mueller"],
    ["whole name, other legal form", "Grünwald Verlag GmbH & Co. KG", "cus_gruenwald"],
    ["unique substring, accent stripped", "koln", "cus_kreativ"],
    ["id passthrough", "cus_kreativ", "cus_kreativ"],
    ["hyphens ignored from the start", "ebook", "cus_ebook"],
    ["hyphens ignored, transliterated", "grunwaldverlag", "cus_gruenwald"],
  ])("%s: %j → %s", (_label, query, id) => {
    expect(resolve(query)).toBe(id);
  });

  it('joins words only from the start: "logo" does not find "Produktkatalog Online"', () => {
    expect(refusal("logo").message).toMatch(/No active customer matches "logo"/);
  });

  it("prefers an exact name to names it is a prefix of", () => {
    const items = [...CUSTOMERS, { _id: "cus_studio", name: "Studio" }];
    expect(resolve("studio", items)).toBe("cus_studio");
  });

  it("a whole name without its legal form beats parts of other names", () => {
    const items = [...CUSTOMERS, { _id: "cus_nord", name: "Nord GmbH" }];
    expect(resolve("nord", items)).toBe("cus_nord");
    expect(resolve("Mueller & Soehne")).toBe("cus_mueller");
  });

  it('a prefix is no better than a part: "Website" fits "Website Relaunch" and "Portfolio-Website"', () => {
    const projects = [
      { _id: "prj_relaunch", name: "Website Relaunch" },
      { _id: "prj_portfolio", name: "Portfolio-Website" },
      { _id: "prj_shop", name: "Shop" },
    ];
    const { message } = refusal("Website", projects);
    expect(message).toContain('"Website" matches 2 customers');
    expect(message).toContain('"Website Relaunch" (id prj_relaunch)');
    expect(message).toContain('"Portfolio-Website" (id prj_portfolio)');
    // Unless exactly one is the whole name.
    expect(resolve("website", [...projects, { _id: "prj_website", name: "Website" }])).toBe("prj_website");
  });

  it("marks former customers among the candidates", () => {
    const items = [...CUSTOMERS, { _id: "cus_alt", name: "Studio Alt", isActive: false }];
    const { message } = refusal("studio", items);
    expect(message).toContain('"Studio Alt" (id cus_alt, inactive)');
    expect(message).toContain("matches 3 customers");
  });

  it("an id wins over a name that happens to contain it", () => {
    const items = [
      { _id: "cus_1", name: "Alpha" },
      { _id: "cus_2", name: "cus_1 Holding" },
    ];
    expect(resolve("cus_1", items)).toBe("cus_1");
  });

  it("an ambiguous name is refused, listing every candidate with its id", () => {
    const { message } = refusal("studio");
    expect(message).toContain('"studio" matches 2 customers');
    expect(message).toContain('"Studio Nordlicht" (id cus_nordlicht)');
    expect(message).toContain('"Studio Kreativ Köln" (id cus_kreativ)');
    expect(message).toMatch(/full name or the id/);
  });

  it("a long list of candidates is cut at ten, saying how many more", () => {
    const items = Array.from({ length: 13 }, (_, i) => ({ _id: `cus_${i}`, name: `Firma ${i}` }));
    const { message } = refusal("firma", items);
    expect(message).toContain("matches 13 customers");
    expect(message).toContain("(id cus_9)");
    expect(message).not.toContain("(id cus_10)");
    expect(message).toContain("and 3 more");
  });

  it.each(["zzz", "Müller AG & Co", "Nordlichter"])(
    "an unknown name %j lists the few names there are",
    (query) => {
      const { message } = refusal(query);
      expect(message).toContain(`No active customer matches "${query}"`);
      expect(message).toMatch(/The \d+ active customers: "/);
    },
  );

  it("an unknown name among many points at the list tool instead", () => {
    const items = Array.from({ length: 13 }, (_, i) => ({ _id: `cus_${i}`, name: `Firma ${i}` }));
    const { message } = refusal("Zuckerbäcker", items);
    expect(message).toContain("Call list_customers to see the valid names");
    expect(message).not.toContain("Firma");
  });

  it("a blank query asks for a name and points at the list tool", () => {
    expect(refusal("   ").message).toMatch(/Give a customer name or id; list_customers/);
  });

  it("an unknown project names list_projects", () => {
    const message = (() => {
      try {
        resolveByName([{ _id: "prj_1", name: "Website Relaunch" }], "Intranet", {
          singular: "project",
          listTool: "list_projects",
        });
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toMatch(/^No active project matches "Intranet"\. The \d+ active projects?: "/);
  });

  it("hostile characters in the query do not reach the message", () => {
    const { message } = refusal("zz\u202Ezz\u0007");
    expect(message).toContain('"zzzz"');
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});

describe("cores", () => {
  it.each([
    ["Müller & Söhne GmbH", ["mueller soehne", "muller sohne"]],
    ["Bäckerei Schröder e.K.", ["baeckerei schroeder", "backerei schroder"]],
    ["Nord GmbH & Co. KG", ["nord"]],
    ["Hafen UG (haftungsbeschränkt)", ["hafen"]],
    ["AG", ["ag"]],
    ["Kanzlei Weiß & Partner", ["kanzlei weiss partner"]],
  ])("%j → %j", (name, forms) => {
    expect(cores(name)).toEqual(forms);
  });
});

describe("foldings", () => {
  it.each([
    ["Müller & Söhne GmbH", ["mueller soehne gmbh", "muller sohne gmbh"]],
    ["Straße", ["strasse"]],
    ["STRASSE", ["strasse"]],
    ["Kanzlei Weiß & Partner", ["kanzlei weiss partner"]],
    ["Bäckerei", ["baeckerei", "backerei"]],
    ["Café Crème", ["cafe creme"]],
    ["  Dr.  Öztürk  ", ["dr oeztuerk", "dr ozturk"]],
  ])("%j → %j", (name, forms) => {
    expect(foldings(name)).toEqual(forms);
  });

  it("Mueller, Muller and Müller meet in at least one form", () => {
    const [a, b, c] = [foldings("Mueller"), foldings("Muller"), foldings("Müller")];
    expect(c.some((form) => a.includes(form))).toBe(true);
    expect(c.some((form) => b.includes(form))).toBe(true);
  });
});
