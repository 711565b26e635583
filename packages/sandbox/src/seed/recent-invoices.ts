/**
 * Fixed-price invoices of the last days: one sent and due within a week, one sent and still open,
 * and three drafts not yet sent. They bill no hours (an advance or a flat fee), so the unbilled
 * hours of the current month stay unbilled.
 */

import { addBerlinDays, berlinMonthRange, MS_PER_MINUTE } from "../calendar.js";
import { invoiceAmounts, toCents } from "../money.js";
import type { Customer, Invoice, InvoiceStatus } from "../records.js";
import type { Random } from "./prng.js";

interface FixedPrice {
  customer: string;
  daysAgo: number;
  status: InvoiceStatus;
  netEur: number;
  notes: string;
}

const FIXED_PRICE: readonly FixedPrice[] = [
  {
    customer: "Grünwald Verlag",
    daysAgo: 10,
    status: "sent",
    netEur: 1850,
    notes: "Pauschale Satz und Layout Frühjahrskatalog",
  },
  {
    customer: "Dr. Öztürk Architektur",
    daysAgo: 2,
    status: "sent",
    netEur: 1200,
    notes: "Pauschale Konzeption Ausstellungsseite",
  },
  {
    customer: "Kanzlei Weiß & Partner",
    daysAgo: 1,
    status: "draft",
    netEur: 3300,
    notes: "Anzahlung Mandantenportal Phase 2 (30 %)",
  },
  {
    customer: "Studio Nordlicht",
    daysAgo: 3,
    status: "draft",
    netEur: 640,
    notes: "Pauschale Bildbearbeitung Markenrelaunch",
  },
  {
    customer: "Müller & Söhne GmbH",
    daysAgo: 0,
    status: "draft",
    netEur: 450,
    notes: "Hosting und Wartung, nächstes Quartal",
  },
];

export function recentInvoices(
  random: Random,
  today: number,
  reference: number,
  customers: readonly Customer[],
  newId: () => string,
): Invoice[] {
  return FIXED_PRICE.flatMap((spec) => {
    const customer = customers.find((c) => c.name === spec.customer);
    if (!customer) return [];
    const invoiceDate = addBerlinDays(today, -spec.daysAgo);
    const period = berlinMonthRange(addBerlinDays(invoiceDate, -28));
    const amounts = invoiceAmounts(toCents(spec.netEur), 19);
    const invoice: Invoice = {
      _id: newId(),
      invoiceNumber: "",
      customerId: customer._id,
      invoiceDate,
      status: spec.status,
      activityType: customer.activityType,
      taxRate: 19,
      netCents: amounts.net,
      taxCents: amounts.tax,
      grossCents: amounts.gross,
      createdAt: Math.min(invoiceDate + random.int(8 * 60, 12 * 60) * MS_PER_MINUTE, reference),
      periodStart: period.start,
      periodEnd: period.end,
      notes: spec.notes,
    };
    return [invoice];
  });
}
