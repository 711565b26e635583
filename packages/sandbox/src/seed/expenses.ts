/**
 * Business expenses of the year: two monthly running costs and the usual one-off purchases.
 * Amounts are gross as paid; the EÜR report treats them as they are (see README).
 */

import {
  addBerlinDays,
  addBerlinMonths,
  berlinMonthRange,
  berlinParts,
  isBerlinWeekend,
} from "../calendar.js";
import { toCents } from "../money.js";
import type { Expense } from "../records.js";
import type { Random } from "./prng.js";

interface OneOff {
  description: string;
  category: string;
  amountEur: number;
  /** Days before today, drawn from this range. */
  daysAgo: [number, number];
}

const ONE_OFFS: readonly OneOff[] = [
  { description: "MacBook Pro 14 Zoll", category: "Hardware", amountEur: 2399, daysAgo: [300, 330] },
  {
    description: "JetBrains All Products Pack (Jahreslizenz)",
    category: "Software",
    amountEur: 289,
    daysAgo: [250, 280],
  },
  {
    description: "Adobe Creative Cloud (Jahresabo)",
    category: "Software",
    amountEur: 714.38,
    daysAgo: [200, 230],
  },
  {
    description: "Berufshaftpflichtversicherung (Jahresbeitrag)",
    category: "Versicherung",
    amountEur: 386.4,
    daysAgo: [150, 180],
  },
  {
    description: "Bahnfahrt Stuttgart, Kundentermin Müller & Söhne",
    category: "Reisekosten",
    amountEur: 142.6,
    daysAgo: [100, 130],
  },
  {
    description: "Fachbuch „Barrierefreies Webdesign“",
    category: "Fortbildung",
    amountEur: 49.9,
    daysAgo: [60, 90],
  },
  {
    description: "Konferenzticket Frontend-Konferenz Köln",
    category: "Fortbildung",
    amountEur: 349,
    daysAgo: [30, 55],
  },
  {
    description: "Büromaterial und Druckerpatronen",
    category: "Büromaterial",
    amountEur: 37.85,
    daysAgo: [5, 25],
  },
];

export function generateExpenses(random: Random, today: number, newId: () => string): Expense[] {
  const expenses: Expense[] = [];
  // Every month since January of last year, like the hours.
  const monthsOfHistory = Math.max(11, berlinParts(today).month - 1 + 12);
  for (let monthsBack = monthsOfHistory; monthsBack >= 0; monthsBack--) {
    const { start } = berlinMonthRange(addBerlinMonths(today, -monthsBack));
    const rent = firstWeekdayFrom(start);
    const phone = addBerlinDays(start, 14);
    if (rent <= today) expenses.push(expense(newId, rent, 290, "Coworking-Arbeitsplatz", "Miete"));
    if (phone <= today)
      expenses.push(expense(newId, phone, 39.99, "Mobilfunk und Internet", "Telekommunikation"));
  }
  for (const item of ONE_OFFS) {
    const day = firstWeekdayFrom(addBerlinDays(today, -random.int(...item.daysAgo)));
    expenses.push(expense(newId, day, item.amountEur, item.description, item.category));
  }
  return expenses.sort((a, b) => a.date - b.date);
}

function expense(
  newId: () => string,
  date: number,
  eur: number,
  description: string,
  category: string,
): Expense {
  return { _id: newId(), date, amountCents: toCents(eur), description, category };
}

function firstWeekdayFrom(day: number): number {
  let d = day;
  while (isBerlinWeekend(d)) d = addBerlinDays(d, 1);
  return d;
}
