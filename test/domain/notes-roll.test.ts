import { describe, expect, it } from "vitest";
import { rollNotes } from "../../src/domain/notes-roll.js";

const OCT = { start: "2026-10-01", end: "2026-10-31" };
const NOV = { start: "2026-11-01", end: "2026-11-30" };
const DEC = { start: "2026-12-01", end: "2026-12-31" };
const JAN = { start: "2027-01-01", end: "2027-01-31" };
const Q3 = { start: "2026-07-01", end: "2026-09-30" };
const Q4 = { start: "2026-10-01", end: "2026-12-31" };
const Q1_27 = { start: "2027-01-01", end: "2027-03-31" };

describe("rollNotes", () => {
  it.each([
    ["Wartung Oktober 2026", OCT, NOV, "Wartung November 2026"],
    ["Wartung Dezember 2026", DEC, JAN, "Wartung Januar 2027"],
    ["Maintenance October 2026", OCT, NOV, "Maintenance November 2026"],
    ["Hosting Okt. 2026", OCT, NOV, "Hosting Nov. 2026"],
    ["Hosting Oct 2026", OCT, DEC, "Hosting Dec 2026"],
    ["Support Nov 2026", NOV, DEC, "Support Dez 2026"], // Nov is both: German, as the notes are
    ["Support Nov 2026, invoice for services", NOV, DEC, "Support Dez 2026, invoice for services"],
    ["Retainer September 2026 / October 2026", OCT, NOV, "Retainer September 2026 / November 2026"],
    ["Pauschale 10/2026", OCT, NOV, "Pauschale 11/2026"],
    ["Pauschale 12.2026", DEC, JAN, "Pauschale 01.2027"],
    ["Pauschale 2026-10", OCT, NOV, "Pauschale 2026-11"],
    ["Wartung Oktober", OCT, NOV, "Wartung November"],
    ["WARTUNG OKTOBER 2026", OCT, NOV, "WARTUNG NOVEMBER 2026"],
    ["Lizenz Q3 2026", Q3, Q4, "Lizenz Q4 2026"],
    ["Lizenz Q4/2026", Q4, Q1_27, "Lizenz Q1/2027"],
    ["Lizenz 3. Quartal 2026", Q3, Q4, "Lizenz 4. Quartal 2026"],
    ["Lizenz Q3", Q3, Q4, "Lizenz Q4"],
    ["Betreuung Oktober bis Dezember 2026", Q4, Q1_27, "Betreuung Januar bis März 2027"],
    [
      "Lizenz 2026",
      { start: "2026-01-01", end: "2026-12-31" },
      { start: "2027-01-01", end: "2027-12-31" },
      "Lizenz 2027",
    ],
    ["Wartung Oktober 2026", OCT, JAN, "Wartung Januar 2027"],
  ])("%s → %s", (notes, from, to, expected) => {
    const result = rollNotes(notes, from, to);
    expect("notes" in result && result.notes).toBe(expected);
  });

  it("says what it rolled and leaves other periods as written, reporting them", () => {
    expect(
      rollNotes("Wartung Oktober 2026 gemäß Vertrag vom März 2024, Rechnung 01.10.2026", OCT, NOV),
    ).toEqual({
      notes: "Wartung November 2026 gemäß Vertrag vom März 2024, Rechnung 01.10.2026",
      rolled: [{ from: "Oktober 2026", to: "November 2026" }],
      kept: ["März 2024"],
    });
  });

  it("leaves words that only look like months, amounts and bare years alone", () => {
    for (const notes of [
      "You may call us in May", // only the capitalised name, without a year, is a month
      "Ansprechpartner Jan Müller",
      "Pauschale 2000 EUR, 2026 vereinbart",
    ]) {
      expect(
        rollNotes(
          notes,
          { start: "2026-05-01", end: "2026-05-31" },
          { start: "2026-06-01", end: "2026-06-30" },
        ),
      ).toMatchObject({
        notes: notes.replace("in May", "in June"),
      });
    }
    expect(rollNotes("Pauschale 2000 EUR", OCT, NOV)).toEqual({
      notes: "Pauschale 2000 EUR",
      rolled: [],
      kept: [],
    });
  });

  it("cannot roll a month named in the notes into a period of another kind", () => {
    expect(rollNotes("Wartung Oktober 2026", OCT, Q1_27)).toEqual({ mentions: ["Oktober 2026"] });
    expect(rollNotes("Wartung 1.–15. Oktober 2026", { start: "2026-10-01", end: "2026-10-15" }, NOV)).toEqual(
      {
        mentions: ["Oktober 2026"],
      },
    );
    // Nothing of the old period named: the notes go as they are.
    expect(rollNotes("Hosting und Wartung", OCT, Q1_27)).toEqual({
      notes: "Hosting und Wartung",
      rolled: [],
      kept: [],
    });
  });
});
