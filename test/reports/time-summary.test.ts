import { describe, expect, it } from "vitest";
import { type SummaryRow, sortRows, totalsOf } from "../../src/reports/time-summary.js";

const row = (id: string, name: string, more: Partial<SummaryRow> = {}): SummaryRow => ({
  customerId: id,
  customerName: name,
  hourlyRate: 90,
  totalHours: 10,
  billedHours: 5,
  unbilledHours: 1.11,
  unbilledAmount: 99.9,
  weekHours: 0.33,
  monthHours: 2.5,
  ...more,
});

const notYet = (amount: number) => ({
  amount,
  minutes: 60,
  hours: 1,
  months: ["2026-11"],
  ifUnclearBillHours: null,
  unclear: [],
});

describe("sortRows: most time in the period, then most unbilled, then by name", () => {
  it("orders by unbilled amount, then names in German order", () => {
    const rows = [row("c1", "Zander"), row("c2", "Ärztehaus"), row("c3", "Bauer", { unbilledAmount: 500 })];
    sortRows(rows);
    expect(rows.map((r) => r.customerName)).toEqual(["Bauer", "Ärztehaus", "Zander"]);
  });
});

describe("totalsOf: hours to two decimals, amounts to the cent", () => {
  it("without a period, adds what is not yet billed, or none where one row could not tell", () => {
    const rows = [
      row("c1", "A", { notYetBilled: notYet(0.1) }),
      row("c2", "B", { notYetBilled: notYet(0.2) }),
      row("c3", "C", { notYetBilled: notYet(0.3) }),
    ];
    expect(totalsOf(rows, false)).toEqual({
      unbilledHours: 3.33,
      unbilledAmount: 299.7,
      weekHours: 0.99,
      monthHours: 7.5,
      notYetBilledAmount: 0.6,
    });
    expect(totalsOf([...rows, row("c4", "D", { notYetBilled: null })], false).notYetBilledAmount).toBeNull();
  });

  it("with a period, has no period amount when a customer has no rate", () => {
    const time = (hours: number, amount: number | null) =>
      ({ hours, amount, minutes: hours * 60 }) as NonNullable<SummaryRow["inPeriod"]>["time"];
    const billed = {} as NonNullable<SummaryRow["inPeriod"]>["billed"];
    const rows = [
      row("c1", "A", { inPeriod: { time: time(1.5, 135), billed } }),
      row("c2", "B", { inPeriod: { time: time(0.25, 22.5), billed } }),
    ];
    expect(totalsOf(rows, true)).toMatchObject({ periodHours: 1.75, periodAmount: 157.5 });
    const noRate = [...rows, row("c3", "C", { inPeriod: { time: time(2, null), billed } })];
    expect(totalsOf(noRate, true)).toMatchObject({ periodHours: 3.75, periodAmount: null });
  });
});
