/**
 * Words and number/date formats in German or English, following the host's locale. Amounts arrive
 * as EUR with two decimals; they are shown, never summed here beyond what a view must add up.
 */
export type Lang = "de" | "en";

export interface Formats {
  lang: Lang;
  money(eur: number): string;
  /** "2026-03-05" → "05.03.2026" / "5 Mar 2026". */
  day(iso: string): string;
  /** "2026-03" → "Mär 2026" / "Mar 2026" (short). */
  month(key: string, style?: "short" | "long"): string;
  /** "Mo., 16.11." / "Mon 16 Nov"; short: "Mo. 16." / "Mon 16". */
  weekday(iso: string, style?: "short"): string;
  hours(value: number): string;
  t(key: keyof typeof WORDS.en): string;
}

const WORDS = {
  en: {
    receivables: "Receivables",
    outstanding: "Outstanding",
    overdue: "Overdue",
    daysOverdue: "days overdue",
    due: "due",
    notDue: "not yet due",
    invoice: "Invoice",
    amount: "Amount",
    dueDate: "Due date",
    draftReminder: "Draft a reminder",
    reminderAsked: "Asked the assistant for a reminder",
    nothingOpen: "No open receivables.",
    revenue: "Revenue",
    paid: "Paid",
    open: "Open",
    draft: "Draft",
    other: "Other states",
    net: "net",
    gross: "gross",
    total: "Invoiced total",
    eurProfit: "EÜR profit",
    eurIncome: "EÜR income (paid)",
    eurNote: "EÜR: the service's cash-basis figures for the calendar year.",
    invoicedNote: "Invoiced: by invoice date, net.",
    allCustomers: "All customers",
    customer: "Customer",
    byCustomer: "Load per customer",
    incomplete: "The invoice list could not be read whole, so nothing is summed:",
    month: "Month",
    preview: "Invoice preview",
    number: "Number",
    invoiceDate: "Invoice date",
    period: "Service period",
    lines: "Time counted",
    vat: "VAT",
    notes: "Notes",
    verdictOk: "No other invoice covers this period: it can be created.",
    verdictConflict: "May bill this period twice; creating it is refused:",
    create: "Create this draft",
    creating: "Creating…",
    created: "Created draft",
    exists: "Already created: no second draft was made.",
    notDryRun: "This is the result, not a preview.",
    failed: "Not created:",
    week: "Week of time",
    hoursPerCustomer: "Hours per customer",
    overlap: "overlaps another entry",
    gap: "gap",
    running: "running",
    partialPage: "Showing the entries on this page only:",
    noEntries: "No time entries.",
    unknown: "This result has no view.",
  },
  de: {
    receivables: "Offene Posten",
    outstanding: "Offen",
    overdue: "Überfällig",
    daysOverdue: "Tage überfällig",
    due: "fällig",
    notDue: "noch nicht fällig",
    invoice: "Rechnung",
    amount: "Betrag",
    dueDate: "Fällig am",
    draftReminder: "Erinnerung entwerfen",
    reminderAsked: "Erinnerung beim Assistenten angefragt",
    nothingOpen: "Keine offenen Forderungen.",
    revenue: "Umsatz",
    paid: "Bezahlt",
    open: "Offen",
    draft: "Entwurf",
    other: "Sonstige",
    net: "netto",
    gross: "brutto",
    total: "Summe fakturiert",
    eurProfit: "EÜR-Gewinn",
    eurIncome: "EÜR-Einnahmen (bezahlt)",
    eurNote: "EÜR: Zahlen des Dienstes nach Zufluss im Kalenderjahr.",
    invoicedNote: "Fakturiert: nach Rechnungsdatum, netto.",
    allCustomers: "Alle Kunden",
    customer: "Kunde",
    byCustomer: "Nach Kunden laden",
    incomplete: "Die Rechnungsliste war nicht vollständig lesbar, daher keine Summen:",
    month: "Monat",
    preview: "Rechnungsvorschau",
    number: "Nummer",
    invoiceDate: "Rechnungsdatum",
    period: "Leistungszeitraum",
    lines: "Erfasste Zeit",
    vat: "USt.",
    notes: "Notizen",
    verdictOk: "Keine andere Rechnung deckt diesen Zeitraum ab: sie kann erstellt werden.",
    verdictConflict: "Könnte den Zeitraum doppelt abrechnen; das Erstellen wird abgelehnt:",
    create: "Diesen Entwurf erstellen",
    creating: "Wird erstellt…",
    created: "Entwurf erstellt",
    exists: "Schon erstellt: kein zweiter Entwurf angelegt.",
    notDryRun: "Dies ist das Ergebnis, keine Vorschau.",
    failed: "Nicht erstellt:",
    week: "Zeitwoche",
    hoursPerCustomer: "Stunden je Kunde",
    overlap: "überschneidet sich mit einem anderen Eintrag",
    gap: "Lücke",
    running: "läuft",
    partialPage: "Nur die Einträge dieser Seite:",
    noEntries: "Keine Zeiteinträge.",
    unknown: "Für dieses Ergebnis gibt es keine Ansicht.",
  },
} satisfies Record<Lang, Record<string, string>>;

export function formatsFor(locale: string | undefined): Formats {
  const lang: Lang = locale?.toLowerCase().startsWith("de") ? "de" : "en";
  const tag = lang === "de" ? "de-DE" : "en-GB";
  const money = new Intl.NumberFormat(tag, { style: "currency", currency: "EUR" });
  const utc = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  const dayFormat = new Intl.DateTimeFormat(tag, {
    timeZone: "UTC",
    day: "2-digit",
    month: lang === "de" ? "2-digit" : "short",
    year: "numeric",
  });
  const weekdayFormat = new Intl.DateTimeFormat(tag, {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: lang === "de" ? "numeric" : "short",
  });
  const hoursFormat = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  return {
    lang,
    money: (eur) => money.format(eur),
    day: (iso) => dayFormat.format(utc(iso)),
    month: (key, style = "short") =>
      new Intl.DateTimeFormat(tag, { timeZone: "UTC", month: style, year: "numeric" }).format(
        utc(`${key}-01`),
      ),
    weekday: (iso, style) =>
      style === "short"
        ? `${new Intl.DateTimeFormat(tag, { timeZone: "UTC", weekday: "short" }).format(utc(iso))} ${Number(iso.slice(8, 10))}${lang === "de" ? "." : ""}`
        : weekdayFormat.format(utc(iso)),
    hours: (value) => `${hoursFormat.format(value)} h`,
    t: (key) => WORDS[lang][key],
  };
}
