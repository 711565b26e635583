/**
 * A small account for billing by period, every figure worked out by hand in the comments. Berlin
 * is +02:00 until 25 October 2026 and +01:00 after. "Today" is the tests' REFERENCE_DATE,
 * Sunday 22 November 2026.
 *
 * Müller (95.00 EUR/h), October 2026, completed entries by their Berlin start:
 *   te_m1 Website Relaunch  1 Oct 00:15–04:15  240 min (30 Sep in UTC: counts for October)
 *   te_m2 Website Relaunch  7 Oct 09:00–17:00  480 min
 *   te_m3 Website Relaunch 14 Oct 09:00–16:30  450 min
 *   te_m4 Produktkatalog   27 Oct 09:00–13:15  255 min
 *   te_m5 Produktkatalog   30 Oct 13:00–16:30  210 min
 *   = 1635 min = 27.25 h = 2588.75 EUR (Website Relaunch 1170 min = 19.5 h = 1852.50 EUR,
 *     Produktkatalog 465 min = 7.75 h = 736.25 EUR).
 *   Not October: te_mx1 1 Nov 00:30 (31 Oct in UTC), te_mx2 30 Sep 23:00; te_mrun is a running
 *   timer started 20 Oct; te_mnov is November's 180 min. The service's unbilled total is therefore
 *   1635 + 90 + 45 + 180 = 1950 min = 32.5 h = 3087.50 EUR, not October's 2588.75.
 *   Invoice RE-2026-008 bills September (period 1–30 Sep), dated 5 Oct: its period does not
 *   overlap October, but its date lies inside October (a date-only guess would name it).
 * Kanzlei (110.00 EUR/h): te_k1 5 Oct 10:00–12:00 = 120 min = 220.00 EUR, billed by RE-2026-010,
 *   dated 3 Nov, period 1–31 Oct.
 * Nordlicht (87.50 EUR/h): two October entries of 20 min: 40 min × 87.50 / 60 = 58.333… = 58.33
 *   EUR (rounding each entry would give 29.17 + 29.17 = 58.34).
 * Atelier (60.00 EUR/h): no time; RE-2026-011 dated 14 Nov and RE-2026-012 dated 15 Nov, both
 *   stored without period or notes. For September (ends 30 Sep) 14 Nov is day 45 after the end
 *   (a possible cover, guessed from the date) and 15 Nov is day 46 (not).
 */
import type { SandboxData } from "@invoicing-mcp/sandbox";

const at = (iso: string) => Date.parse(iso);

function customer(
  _id: string,
  name: string,
  hourlyRateCents: number,
  activityType: "freiberuflich" | "gewerblich",
) {
  return { _id, name, email: "", address: "", hourlyRateCents, isActive: true, activityType, externalId: "" };
}

function project(_id: string, name: string, customerId: string) {
  return { _id, name, customerId, color: "#336699", isActive: true, activityType: "gewerblich" as const };
}

function entry(
  _id: string,
  projectId: string,
  customerId: string,
  start: string,
  end: string | null,
  invoiceId?: string,
) {
  return {
    _id,
    projectId,
    customerId,
    startTime: at(start),
    endTime: end === null ? null : at(end),
    description: `Arbeit ${_id}`,
    ...(invoiceId === undefined ? {} : { invoiceId }),
  };
}

function invoice(
  _id: string,
  customerId: string,
  invoiceNumber: string,
  invoiceDate: string,
  netCents: number,
  period?: { start: string; end: string; notes: string },
) {
  const taxCents = Math.round(netCents * 0.19);
  return {
    _id,
    invoiceNumber,
    customerId,
    invoiceDate: at(invoiceDate),
    status: "sent" as const,
    activityType: "gewerblich" as const,
    taxRate: 19,
    netCents,
    taxCents,
    grossCents: netCents + taxCents,
    createdAt: at(invoiceDate),
    ...(period === undefined
      ? {}
      : { periodStart: at(period.start), periodEnd: at(period.end), notes: period.notes }),
  };
}

export const MUELLER = "cus_m";
export const KANZLEI = "cus_k";
export const NORDLICHT = "cus_n";
export const ATELIER = "cus_a";

export function billingData(): SandboxData {
  return {
    demo: {
      customers: [
        customer(MUELLER, "Müller & Söhne GmbH", 9500, "gewerblich"),
        customer(KANZLEI, "Kanzlei Weiß & Partner", 11000, "freiberuflich"),
        customer(NORDLICHT, "Studio Nordlicht", 8750, "freiberuflich"),
        customer(ATELIER, "Atelier Sommer", 6000, "freiberuflich"),
      ],
      projects: [
        project("prj_web", "Website Relaunch", MUELLER),
        project("prj_kat", "Produktkatalog", MUELLER),
        project("prj_portal", "Mandantenportal", KANZLEI),
        project("prj_brand", "Markenrelaunch", NORDLICHT),
        project("prj_atelier", "Ausstellung", ATELIER),
      ],
      timeEntries: [
        entry("te_m1", "prj_web", MUELLER, "2026-10-01T00:15:00+02:00", "2026-10-01T04:15:00+02:00"),
        entry("te_m2", "prj_web", MUELLER, "2026-10-07T09:00:00+02:00", "2026-10-07T17:00:00+02:00"),
        entry("te_m3", "prj_web", MUELLER, "2026-10-14T09:00:00+02:00", "2026-10-14T16:30:00+02:00"),
        entry("te_m4", "prj_kat", MUELLER, "2026-10-27T09:00:00+01:00", "2026-10-27T13:15:00+01:00"),
        entry("te_m5", "prj_kat", MUELLER, "2026-10-30T13:00:00+01:00", "2026-10-30T16:30:00+01:00"),
        entry("te_mx1", "prj_web", MUELLER, "2026-11-01T00:30:00+01:00", "2026-11-01T02:00:00+01:00"),
        entry("te_mx2", "prj_web", MUELLER, "2026-09-30T23:00:00+02:00", "2026-09-30T23:45:00+02:00"),
        entry("te_mrun", "prj_kat", MUELLER, "2026-10-20T09:00:00+02:00", null),
        entry("te_mnov", "prj_web", MUELLER, "2026-11-10T09:00:00+01:00", "2026-11-10T12:00:00+01:00"),
        entry(
          "te_k1",
          "prj_portal",
          KANZLEI,
          "2026-10-05T10:00:00+02:00",
          "2026-10-05T12:00:00+02:00",
          "inv_k1",
        ),
        entry("te_n1", "prj_brand", NORDLICHT, "2026-10-12T10:00:00+02:00", "2026-10-12T10:20:00+02:00"),
        entry("te_n2", "prj_brand", NORDLICHT, "2026-10-19T15:00:00+02:00", "2026-10-19T15:20:00+02:00"),
      ],
      invoices: [
        invoice("inv_m1", MUELLER, "RE-2026-008", "2026-10-05T00:00:00+02:00", 50000, {
          start: "2026-09-01T00:00:00+02:00",
          end: "2026-09-30T00:00:00+02:00",
          notes: "Leistungen September 2026",
        }),
        invoice("inv_k1", KANZLEI, "RE-2026-010", "2026-11-03T00:00:00+01:00", 22000, {
          start: "2026-10-01T00:00:00+02:00",
          end: "2026-10-31T23:59:59.999+01:00",
          notes: "Leistungen Oktober 2026: 2,00 Std. à 110,00 €",
        }),
        invoice("inv_a1", ATELIER, "RE-2026-011", "2026-11-14T00:00:00+01:00", 10000),
        invoice("inv_a2", ATELIER, "RE-2026-012", "2026-11-15T00:00:00+01:00", 20000),
      ],
      expenses: [],
    },
  };
}
