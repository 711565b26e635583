/**
 * A second, small account (a translator) whose data must never show up in the demo account. Its
 * invoice numbers follow its own pattern (`2026-0007`), so a client cannot assume one format.
 */

import {
  addBerlinDays,
  berlinParts,
  berlinTime,
  berlinYear,
  isBerlinWeekend,
  startOfBerlinDay,
} from "../calendar.js";
import { invoiceAmounts, toCents } from "../money.js";
import type { AccountData, Customer, Invoice, Project, TimeEntry } from "../records.js";
import { createRandom, deriveSeed, idFactory } from "./prng.js";

export function generateOtherAccount(seed: number, reference: number): AccountData {
  const random = createRandom(deriveSeed(seed, "other"));
  const today = startOfBerlinDay(reference);
  const customerId = idFactory(random, "cus");
  const customers: Customer[] = [
    customer(
      customerId(),
      "Lindner Logistik AG",
      "gewerblich",
      68,
      "einkauf@lindner-logistik.de",
      "Am Hafen 5, 28217 Bremen",
    ),
    customer(
      customerId(),
      "Praxis Dr. Yılmaz",
      "freiberuflich",
      72,
      "praxis@dr-yilmaz.de",
      "Lindenallee 9, 14050 Berlin",
    ),
  ];
  const projectId = idFactory(random, "prj");
  const projects: Project[] = customers.map((c, i) => ({
    _id: projectId(),
    name: i === 0 ? "Handbuch-Übersetzung" : "Website-Texte Praxis",
    customerId: c._id,
    color: i === 0 ? "#3a86ff" : "#ff006e",
    isActive: true,
    activityType: c.activityType,
  }));

  const entryId = idFactory(random, "te");
  const timeEntries: TimeEntry[] = [];
  for (let back = 40; back >= 1; back -= 3) {
    const day = addBerlinDays(today, -back);
    if (isBerlinWeekend(day)) continue;
    const project = projects[back % 2] ?? projects[0];
    if (!project) continue;
    const { year, month, day: dom } = berlinParts(day);
    const start = berlinTime(year, month, dom, 9 + random.int(0, 3));
    const end = start + random.int(4, 16) * 15 * 60_000;
    const description = back % 2 ? "Fachübersetzung Kapitel" : "Lektorat Startseite";
    timeEntries.push({
      _id: entryId(),
      projectId: project._id,
      customerId: project.customerId,
      startTime: start,
      endTime: end,
      description,
    });
  }

  const invoiceId = idFactory(random, "inv");
  const invoices: Invoice[] = [
    invoice(invoiceId(), 5, customers[0], addBerlinDays(today, -62), "paid", 2180, addBerlinDays(today, -45)),
    invoice(invoiceId(), 6, customers[1], addBerlinDays(today, -24), "sent", 960),
    invoice(invoiceId(), 7, customers[0], addBerlinDays(today, -2), "draft", 1530),
  ].filter((i) => i !== undefined);
  const expenses = [
    {
      _id: idFactory(random, "exp")(),
      date: addBerlinDays(today, -50),
      amountCents: toCents(59.9),
      description: "Wörterbuch-Lizenz",
      category: "Software",
    },
    {
      _id: idFactory(random, "exp")(),
      date: addBerlinDays(today, -20),
      amountCents: toCents(24.5),
      description: "Porto",
      category: "Büromaterial",
    },
  ];
  return { customers, projects, timeEntries, invoices, expenses };
}

function customer(
  _id: string,
  name: string,
  activityType: Customer["activityType"],
  rateEur: number,
  email: string,
  address: string,
): Customer {
  return {
    _id,
    name,
    email,
    address,
    hourlyRateCents: toCents(rateEur),
    isActive: true,
    activityType,
    externalId: "",
  };
}

function invoice(
  _id: string,
  counter: number,
  owner: Customer | undefined,
  invoiceDate: number,
  status: Invoice["status"],
  netEur: number,
  paidAt?: number,
): Invoice | undefined {
  if (!owner) return undefined;
  const { net, tax, gross } = invoiceAmounts(toCents(netEur), 19);
  return {
    _id,
    invoiceNumber: `${berlinYear(invoiceDate)}-${String(counter).padStart(4, "0")}`,
    customerId: owner._id,
    invoiceDate,
    status,
    activityType: owner.activityType,
    taxRate: 19,
    netCents: net,
    taxCents: tax,
    grossCents: gross,
    createdAt: invoiceDate + 9 * 3_600_000,
    ...(paidAt === undefined ? {} : { paidAt: paidAt + 11 * 3_600_000 }),
  };
}
