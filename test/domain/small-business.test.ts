import { describe, expect, it } from "vitest";
import { limitsPassed, notesWithoutVat, SMALL_BUSINESS_NOTE } from "../../src/domain/small-business.js";

describe("the small-business rule (§ 19 UStG, limits from 2025)", () => {
  it("passes the previous year's limit above 25,000 EUR, the current year's above 100,000 EUR with this invoice", () => {
    expect(limitsPassed({ year: 2025, income: 2_500_000 }, { year: 2026, income: 0 }, 0)).toEqual([]);
    expect(limitsPassed({ year: 2025, income: 2_500_001 }, { year: 2026, income: 0 }, 0)).toEqual([
      { year: 2025, income: 2_500_001, limit: 2_500_000, which: "previous year" },
    ]);
    expect(limitsPassed({ year: 2025, income: 0 }, { year: 2026, income: 9_990_000 }, 10_000)).toEqual([]);
    expect(limitsPassed({ year: 2025, income: 0 }, { year: 2026, income: 9_990_000 }, 10_001)).toEqual([
      { year: 2026, income: 10_000_001, limit: 10_000_000, which: "current year" },
    ]);
  });

  it("adds the note unless the notes already say why there is no VAT", () => {
    expect(notesWithoutVat(undefined)).toEqual({ notes: SMALL_BUSINESS_NOTE, added: true });
    expect(notesWithoutVat("Leistungen Oktober 2026")).toEqual({
      notes: `Leistungen Oktober 2026\n${SMALL_BUSINESS_NOTE}`,
      added: true,
    });
    for (const own of ["Kleinunternehmer gem. §19 UStG", "Reverse Charge", "steuerfrei"]) {
      expect(notesWithoutVat(own)).toEqual({ notes: own, added: false });
    }
  });
});
