import { describe, expect, it } from "vitest";
import {
  amountForMinutes,
  coverBasis,
  germanPeriodLabel,
  hoursFromMinutes,
  timeNotes,
} from "../../src/domain/period-billing.js";

const ZONE = "Europe/Berlin";
const at = (iso: string) => Date.parse(iso);
const OCTOBER = { start: "2026-10-01", end: "2026-10-31" };

describe("amountForMinutes: minutes × rate, half-up to the cent", () => {
  it.each([
    [1635, 9500, 258875], // 27.25 h × 95.00
    [40, 8750, 5833], // 58.333…
    [1, 9550, 159], // 1.5916…
    [3, 10, 1], // 0.5 cent rounds up
    [0, 9500, 0],
  ])("%i min at %i ct/h = %i ct", (minutes, rate, cents) => {
    expect(amountForMinutes(minutes, rate)).toBe(cents);
  });

  it("hours to two decimals", () => {
    expect(hoursFromMinutes(1635)).toBe(27.25);
    expect(hoursFromMinutes(40)).toBe(0.67);
  });
});

describe("coverBasis", () => {
  it("a service period that shares a day overlaps; one that ends the day before does not", () => {
    const sep = {
      invoiceDate: at("2026-10-05T00:00:00+02:00"),
      periodStart: at("2026-09-01T00:00:00+02:00"),
      periodEnd: at("2026-09-30T00:00:00+02:00"),
    };
    expect(coverBasis(sep, OCTOBER, ZONE)).toBeNull();
    const lastDay = { ...sep, periodEnd: at("2026-10-01T00:00:00+02:00") };
    expect(coverBasis(lastDay, OCTOBER, ZONE)).toBe("service period");
    // An end given as the last millisecond of the month is the same last day.
    const oct = {
      invoiceDate: at("2026-11-03T00:00:00+01:00"),
      periodStart: at("2026-10-01T00:00:00+02:00"),
      periodEnd: at("2026-10-31T23:59:59.999+01:00"),
    };
    expect(coverBasis(oct, OCTOBER, ZONE)).toBe("service period");
    expect(coverBasis(oct, { start: "2026-11-01", end: "2026-11-30" }, ZONE)).toBeNull();
  });

  it("without a period, the invoice date inside the period or up to 45 days after it", () => {
    const dated = (iso: string) => ({ invoiceDate: at(iso) });
    expect(coverBasis(dated("2026-09-30T00:00:00+02:00"), OCTOBER, ZONE)).toBeNull();
    expect(coverBasis(dated("2026-10-01T00:00:00+02:00"), OCTOBER, ZONE)).toBe("invoice date");
    expect(coverBasis(dated("2026-12-15T00:00:00+01:00"), OCTOBER, ZONE)).toBe("invoice date");
    expect(coverBasis(dated("2026-12-16T00:00:00+01:00"), OCTOBER, ZONE)).toBeNull();
    // Days are Berlin days: 00:30 on 16 December in Berlin is still 15 December in UTC, yet day 46.
    expect(coverBasis(dated("2026-12-15T23:30:00+01:00"), OCTOBER, ZONE)).toBe("invoice date");
    expect(coverBasis(dated("2026-12-16T00:30:00+01:00"), OCTOBER, ZONE)).toBeNull();
  });
});

describe("German period labels and notes", () => {
  it.each([
    [{ start: "2026-10-01", end: "2026-10-31" }, "Oktober 2026"],
    [{ start: "2026-03-01", end: "2026-03-31" }, "März 2026"],
    [{ start: "2024-02-01", end: "2024-02-29" }, "Februar 2024"],
    [{ start: "2026-07-01", end: "2026-09-30" }, "3. Quartal 2026"],
    [{ start: "2026-01-01", end: "2026-12-31" }, "2026"],
    [{ start: "2026-10-15", end: "2026-10-15" }, "15.10.2026"],
    [{ start: "2026-10-01", end: "2026-10-15" }, "01.10.2026–15.10.2026"],
    [{ start: "2026-09-01", end: "2026-10-31" }, "01.09.2026–31.10.2026"],
  ])("%j → %s", (period, label) => {
    expect(germanPeriodLabel(period)).toBe(label);
  });

  it("lists hours and rate with German digits", () => {
    expect(timeNotes(OCTOBER, 1635, 9500)).toBe("Leistungen Oktober 2026: 27,25 Std. à 95,00 €");
    expect(timeNotes(OCTOBER, 6000, 120050)).toBe("Leistungen Oktober 2026: 100,00 Std. à 1.200,50 €");
    expect(timeNotes({ start: "2026-07-01", end: "2026-09-30" }, 40, 8750)).toBe(
      "Leistungen 3. Quartal 2026: 0,67 Std. à 87,50 €",
    );
  });
});
