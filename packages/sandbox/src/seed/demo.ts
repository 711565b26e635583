/**
 * The demo account: a German web developer's work since 1 January of last year (so at least
 * twelve months, and last year's EÜR is whole), generated from a seed and a reference date
 * ("today"). Same seed and same reference date give identical data, ids included.
 */

import { startOfBerlinDay } from "../calendar.js";
import { toCents } from "../money.js";
import type { AccountData, Customer, Project } from "../records.js";
import { DEMO_CUSTOMERS, type PaymentHabit } from "./catalog.js";
import { generateExpenses } from "./expenses.js";
import { billMonths, numberInvoices } from "./invoices.js";
import { createRandom, deriveSeed, idFactory } from "./prng.js";
import { recentInvoices } from "./recent-invoices.js";
import { generateTimeEntries, runningTimer, type WorkProject } from "./time-entries.js";

/** The inactive customer's project ended about nine months ago. */
const RETIRED_PROJECT_DAYS_AGO = 270;

export function generateDemoAccount(seed: number, reference: number): AccountData {
  const ids = createRandom(deriveSeed(seed, "demo-ids"));
  const today = startOfBerlinDay(reference);
  const customers: Customer[] = [];
  const projects: Project[] = [];
  const pool: WorkProject[] = [];
  const habits = new Map<string, PaymentHabit>();
  for (const spec of DEMO_CUSTOMERS) {
    const customer: Customer = {
      _id: idFactory(ids, "cus")(),
      name: spec.name,
      email: spec.email,
      address: spec.address,
      hourlyRateCents: toCents(spec.hourlyRateEur),
      isActive: spec.isActive,
      activityType: spec.activityType,
      externalId: spec.externalId,
      ...(spec.ustId === undefined ? {} : { ustId: spec.ustId }),
    };
    customers.push(customer);
    habits.set(customer._id, spec.habit);
    for (const p of spec.projects) {
      const project: Project = {
        _id: idFactory(ids, "prj")(),
        name: p.name,
        customerId: customer._id,
        color: p.color,
        isActive: p.isActive,
        activityType: spec.activityType,
      };
      projects.push(project);
      pool.push({ project, tasks: p.tasks, activeUntilDaysAgo: p.isActive ? 0 : RETIRED_PROJECT_DAYS_AGO });
    }
  }

  const newEntryId = idFactory(ids, "te");
  const newInvoiceId = idFactory(ids, "inv");
  const timeEntries = generateTimeEntries(createRandom(deriveSeed(seed, "hours")), today, pool, newEntryId);
  const relaunch = pool.find((w) => w.project.name === "Website Relaunch") ?? pool[0];
  if (relaunch) timeEntries.push(runningTimer(reference, relaunch, newEntryId));

  const billing = createRandom(deriveSeed(seed, "billing"));
  const invoices = [
    ...billMonths({
      random: billing,
      today,
      reference,
      customers,
      habits,
      entries: timeEntries,
      newId: newInvoiceId,
    }),
    ...recentInvoices(billing, today, reference, customers, newInvoiceId),
  ];
  const names = new Map(customers.map((c) => [c._id, c.name]));
  numberInvoices(invoices, (id) => names.get(id) ?? "");

  const expenses = generateExpenses(createRandom(deriveSeed(seed, "expenses")), today, idFactory(ids, "exp"));
  return { customers, projects, timeEntries, invoices, expenses };
}
