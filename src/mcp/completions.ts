/**
 * Completion values for resource-template variables and prompt arguments. They never fail: a
 * completion that cannot reach the service offers nothing rather than an error.
 */
import type { ContextHandle } from "./context-handle.js";

const MAX_VALUES = 20;

/** The clock and zone of a context: all that years and VAT periods are completed from. */
type Clock = Pick<ContextHandle, "timeZone" | "now">;

/** The active customers, or none when the service cannot be reached (a completion never fails). */
export async function customersOf(context: ContextHandle) {
  try {
    return await (await context.full()).directory.customers();
  } catch {
    return [];
  }
}

/** Active customers whose name matches what was typed ("mü" → "Müller & Söhne GmbH"), best first. */
async function matchingCustomers(context: ContextHandle, typed: string) {
  // The name matching is read with the customers, not at start.
  const [customers, { foldings }] = await Promise.all([
    customersOf(context),
    import("../domain/resolver.js"),
  ]);
  const wanted = foldings(typed);
  const score = (name: string): number => {
    if (typed.trim() === "") return 2;
    const forms = foldings(name);
    if (forms.some((f) => wanted.some((w) => f.startsWith(w)))) return 0;
    if (forms.some((f) => wanted.some((w) => f.includes(w)))) return 1;
    return 3;
  };
  return customers
    .map((customer) => ({ customer, score: score(customer.name) }))
    .filter((x) => x.score < 3)
    .sort((a, b) => a.score - b.score || a.customer.name.localeCompare(b.customer.name, "de"))
    .map((x) => x.customer)
    .slice(0, MAX_VALUES);
}

export async function completeCustomerName(context: ContextHandle, typed: string): Promise<string[]> {
  return (await matchingCustomers(context, typed)).map((c) => c.name);
}

/** For a variable that holds an id: the ids of customers whose name or id matches what was typed. */
export async function completeCustomerId(context: ContextHandle, typed: string): Promise<string[]> {
  const customers = await customersOf(context);
  const byId = customers.filter((c) => typed !== "" && c._id.startsWith(typed));
  const byName = await matchingCustomers(context, typed);
  return [...new Set([...byId, ...byName].map((c) => c._id))].slice(0, MAX_VALUES);
}

/** This year and the nine before it, matching what was typed ("202" → 2026, 2025, …). */
export function completeYear(context: Clock, typed: string): string[] {
  const current = Number(
    new Intl.DateTimeFormat("en", { timeZone: context.timeZone, year: "numeric" }).format(context.now()),
  );
  return Array.from({ length: 10 }, (_, i) => String(current - i)).filter((year) =>
    year.startsWith(typed.trim()),
  );
}

/**
 * The VAT periods a person files most often, newest first: the last three months and the last two
 * quarters before today ("2026-10", "2026-09", "2026-08", "2026-Q3", "2026-Q2").
 */
export function recentVatPeriods(context: Clock): string[] {
  const [year, month] = new Intl.DateTimeFormat("sv-SE", { timeZone: context.timeZone })
    .format(context.now())
    .split("-")
    .map(Number) as [number, number];
  const months = [1, 2, 3].map((back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
  const quarter = year * 4 + Math.floor((month - 1) / 3);
  const quarters = [1, 2].map((back) => `${Math.floor((quarter - back) / 4)}-Q${((quarter - back) % 4) + 1}`);
  return [...months, ...quarters];
}

/** Recent VAT periods and years that start with what was typed. */
export function completeVatPeriod(context: Clock, typed: string): string[] {
  const wanted = typed.trim().toUpperCase();
  return [...recentVatPeriods(context), ...completeYear(context, "").slice(0, 3)].filter((period) =>
    period.toUpperCase().startsWith(wanted),
  );
}

const LANGUAGES = ["en", "de"] as const;

export function completeLanguage(typed: string): (typeof LANGUAGES)[number][] {
  return LANGUAGES.filter((language) => language.startsWith(typed.trim().toLowerCase()));
}
