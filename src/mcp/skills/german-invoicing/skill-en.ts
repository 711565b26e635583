/**
 * SKILL.md of the german-invoicing skill: what an assistant needs to know of German invoicing law
 * around this server's tools, in English (the German text is skill-de.ts). Written for this product;
 * the figures are those in force for 2025 and later. Plain text in a string, so the sources, dist/
 * and the bundle all carry it without reading a file.
 */
export const SKILL_EN = `---
name: german-invoicing
description: German invoicing rules for freelancers using the Invoicing Service tools - the fields an invoice must carry (§ 14 UStG), the small-business rule (§ 19 UStG) and its limits including the first year, VAT return periods and due dates, polite payment reminder stages, and when e-invoices are required. Use it before creating an invoice, answering a VAT or § 19 question, or chasing a late payment. German version in references/de.md.
---

# German invoicing for freelancers

This skill explains the rules behind the invoicing tools (create_invoice, list_invoices,
vat_report, eur_report, revenue_report, outstanding_by_customer). Answer in the person's language;
the German text of this skill is in references/de.md, and legal terms are given in German in both.
This is general knowledge, not tax advice: for a person's own case, point them to their
Steuerberater or their Finanzamt.

## 1. What an invoice must show (§ 14 Abs. 4 UStG)

A full invoice (Rechnung) carries:

1. The full name and address of the seller and of the customer.
2. The seller's tax number (Steuernummer) or VAT ID (USt-IdNr.).
3. The date of issue (Rechnungsdatum).
4. A unique, sequential invoice number (fortlaufende Rechnungsnummer). Gaps are allowed, repeats
   are not; create_invoice lets the service number invoices.
5. What was supplied: the kind and scope of the service (e.g. "Web development, 12.5 hours").
6. When it was supplied (Leistungszeitpunkt or Leistungszeitraum); the month is enough
   ("Leistungszeitraum: März 2026").
7. The net amount per tax rate, and any discount agreed in advance (e.g. Skonto).
8. The VAT rate and the VAT amount, or the reason why there is none (a § 19 note, an exemption,
   or "Steuerschuldnerschaft des Leistungsempfängers" for reverse charge, § 13b UStG).

Lighter rules apply to:

- Small amounts (Kleinbetragsrechnung, § 33 UStDV): up to 250 EUR gross, the seller's name and
  address, the date, what was supplied, the gross amount and the VAT rate (or the exemption note)
  are enough.
- Small businesses (§ 34a UStDV): names and addresses, the date, what was supplied, the amount,
  and a note that the small-business exemption applies. A number and the tax number are still
  good practice.

## 2. The small-business rule (Kleinunternehmerregelung, § 19 UStG)

Since 1 January 2025 a small business charges no VAT: its sales are exempt. It also cannot
deduct input VAT (Vorsteuer). Both limits count the total net turnover (Gesamtumsatz), as money
received:

- Previous calendar year: at most 25,000 EUR. Above it, the rule does not apply in the following
  year.
- Current calendar year: at most 100,000 EUR. This limit ends the rule at once: the very sale that
  passes 100,000 EUR is already taxable, and so is every sale after it.
- First year (the business starts during the year): there is no previous year, so the lower limit
  applies to the current year: at most 25,000 EUR. The sale that passes 25,000 EUR is taxable, and
  so is every sale after it.

An invoice without VAT must say why, for example "Gemäß § 19 UStG wird keine Umsatzsteuer
berechnet." create_invoice adds that line when the VAT rate is 0 and the notes give no other
reason, and warns when a limit is passed (revenue_report shows the year's income). A small
business files no VAT returns during the year and, as a rule, no annual VAT return either.

## 3. VAT returns: periods and due dates (§ 18 UStG)

Businesses that charge VAT file advance returns (Umsatzsteuer-Voranmeldung) through ELSTER:

- Monthly if the previous year's VAT was more than 9,000 EUR.
- Quarterly if it was more than 2,000 EUR and at most 9,000 EUR.
- The Finanzamt may waive advance returns if it was at most 2,000 EUR; then only the annual return.
- Founders: the rule that new businesses file monthly in their first two years is suspended for
  2021 to 2026; the expected VAT of the current year decides.

Due date: the 10th day after the period ends (for March: 10 April; for Q2: 10 July). A due date on
a Saturday, Sunday or public holiday moves to the next working day. A permanent extension
(Dauerfristverlängerung, § 46 UStDV) moves every due date one month later; monthly filers then pay
a special prepayment of one eleventh of last year's VAT. The annual return (Umsatzsteuererklärung)
is due by 31 July of the following year (later when a tax adviser files it).

vat_report gives a period's output VAT per rate, the filing period and its due date. It reckons by
invoice date (Sollversteuerung, the default) or by payments received (Istversteuerung, which the
Finanzamt allows up to 800,000 EUR turnover and to freelancers); the person's setting decides.
Input VAT from expenses is not in the service, so the figure to pay is lower by it.

## 4. Polite payment reminders

A customer who does not pay by the due date is in default (Verzug, § 286 BGB) at once when the date
was fixed by the calendar ("zahlbar bis 15.04.2026"); otherwise after a reminder, and in any case
30 days after the due date and receipt of the invoice (for consumers only if the invoice said so).
Good practice, in stages:

1. Payment reminder (Zahlungserinnerung), a few days after the due date: friendly, assumes an
   oversight, names invoice number, amount and due date, asks for payment within 7 days.
2. First reminder (1. Mahnung): factual, repeats the details, sets a firm date (7 to 10 days).
3. Last reminder (letzte Mahnung): names the consequences: default interest, for businesses the
   40 EUR flat fee (§ 288 Abs. 5 BGB), and next the court dunning procedure (gerichtliches
   Mahnverfahren) or a collection agency.

Default interest (§ 288 BGB): 9 percentage points above the base rate between businesses,
5 points for consumers. Stay courteous in every stage; a long-standing customer may deserve a
phone call first. outstanding_by_customer lists who is late and by how much; the prompt
chase_overdue_invoices drafts the e-mails ("friendly" for stage 1, "firm" for later ones). Drafts
only: the person sends them.

## 5. When an e-invoice is required

An e-invoice (E-Rechnung) is structured data per EN 16931: XRechnung, or ZUGFeRD from version 2.0.1
(a PDF with the XML inside; the XML is what counts). A plain PDF is not an e-invoice.

- Receiving: since 1 January 2025 every business must be able to receive e-invoices from other
  businesses in Germany (an e-mail inbox is enough). This includes small businesses.
- Issuing, for sales to businesses in Germany (B2B):
  - until 31 December 2026 paper or a PDF is still allowed (a PDF with the customer's consent);
  - until 31 December 2027 for sellers with a previous-year turnover of at most 800,000 EUR;
  - from 1 January 2028 e-invoices are required for all.
- Not required: invoices to consumers (B2C), to customers abroad, small amounts up to 250 EUR, and
  invoices of small businesses under § 19.
- Public customers (B2G) already require XRechnung, usually through their own portal.

invoice_documents makes the documents of an invoice already in the service: XRechnung (CII, or UBL),
a ZUGFeRD PDF with the time sheet (Leistungsnachweis) attached, or the time sheet alone; make
"check" says what it still lacks, "duty" from when the person must issue e-invoices (their 2026 EÜR
income, § 19). What the API does not hold (your address in parts, Steuernummer or USt-IdNr, contact,
IBAN, payment days; per customer the address, a buyer reference, for a public client its Leitweg-ID)
is asked once and kept by this server with business_details, never sent to the service.
`;
