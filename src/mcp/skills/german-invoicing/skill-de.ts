/**
 * references/de.md of the german-invoicing skill: the same knowledge as SKILL.md (skill-en.ts), in
 * German, for conversations in German.
 */
export const SKILL_DE = `# Rechnungen in Deutschland für Freiberufler

Diese Referenz erklärt die Regeln hinter den Werkzeugen des Invoicing Service (create_invoice,
list_invoices, vat_report, eur_report, revenue_report, outstanding_by_customer). Allgemeines Wissen,
keine Steuerberatung: für den eigenen Fall an Steuerberater oder Finanzamt verweisen.

## 1. Pflichtangaben einer Rechnung (§ 14 Abs. 4 UStG)

1. Vollständiger Name und Anschrift des leistenden Unternehmers und des Leistungsempfängers.
2. Steuernummer oder Umsatzsteuer-Identifikationsnummer (USt-IdNr.) des Leistenden.
3. Ausstellungsdatum.
4. Fortlaufende, einmalige Rechnungsnummer: Lücken sind erlaubt, Doppelungen nicht; bei
   create_invoice vergibt der Dienst die Nummer.
5. Menge und Art der Lieferung bzw. Umfang und Art der Leistung ("Webentwicklung, 12,5 Stunden").
6. Zeitpunkt oder Zeitraum der Leistung; der Monat genügt ("Leistungszeitraum: März 2026").
7. Das Entgelt (netto), aufgeschlüsselt nach Steuersätzen, und im Voraus vereinbarte Minderungen
   (z. B. Skonto).
8. Steuersatz und Steuerbetrag, oder der Grund, warum keine Umsatzsteuer anfällt (Hinweis auf
   § 19, eine Steuerbefreiung oder "Steuerschuldnerschaft des Leistungsempfängers" nach § 13b UStG).

Weniger verlangen:

- Kleinbetragsrechnungen bis 250 EUR brutto (§ 33 UStDV): Name und Anschrift des Leistenden, Datum,
  Art und Umfang der Leistung, Bruttobetrag und Steuersatz (oder Hinweis auf die Steuerbefreiung).
- Rechnungen von Kleinunternehmern (§ 34a UStDV): Namen und Anschriften, Datum, Art und Umfang der
  Leistung, Betrag und ein Hinweis, dass die Steuerbefreiung für Kleinunternehmer gilt. Nummer und
  Steuernummer bleiben gute Praxis.

## 2. Kleinunternehmerregelung (§ 19 UStG)

Seit dem 1. Januar 2025 sind die Umsätze von Kleinunternehmern steuerfrei; im Gegenzug gibt es
keinen Vorsteuerabzug. Beide Grenzen gelten für den Gesamtumsatz, netto, nach Zahlungseingang:

- Vorjahr: höchstens 25.000 EUR. Darüber gilt die Regelung im Folgejahr nicht mehr.
- Laufendes Jahr: höchstens 100.000 EUR. Diese Grenze wirkt sofort: schon der Umsatz, mit dem sie
  überschritten wird, ist steuerpflichtig, ebenso jeder danach.
- Gründungsjahr (Beginn im Laufe des Jahres): es gibt kein Vorjahr, daher gilt die untere Grenze
  für das laufende Jahr: höchstens 25.000 EUR. Der Umsatz, der sie überschreitet, ist bereits
  steuerpflichtig, ebenso jeder danach.

Eine Rechnung ohne Umsatzsteuer muss den Grund nennen, etwa "Gemäß § 19 UStG wird keine
Umsatzsteuer berechnet." create_invoice setzt diesen Satz bei Steuersatz 0, wenn die Notizen keinen
anderen Grund nennen, und warnt bei überschrittener Grenze (revenue_report zeigt die Einnahmen des
Jahres). Kleinunternehmer geben keine Voranmeldungen ab und in der Regel auch keine
Umsatzsteuererklärung.

## 3. Umsatzsteuer-Voranmeldung: Zeitraum und Fälligkeit (§ 18 UStG)

Wer Umsatzsteuer ausweist, meldet sie vorab über ELSTER an:

- monatlich, wenn die Umsatzsteuer des Vorjahres mehr als 9.000 EUR betrug;
- vierteljährlich bei mehr als 2.000 EUR bis 9.000 EUR;
- bis 2.000 EUR kann das Finanzamt von Voranmeldungen befreien; dann nur die Jahreserklärung.
- Gründer: die Pflicht zur monatlichen Abgabe in den ersten zwei Jahren ist für 2021 bis 2026
  ausgesetzt; maßgeblich ist die voraussichtliche Steuer des laufenden Jahres.

Fällig am 10. Tag nach Ablauf des Zeitraums (März: 10. April; 2. Quartal: 10. Juli). Fällt der Tag
auf einen Samstag, Sonntag oder Feiertag, gilt der nächste Werktag. Die Dauerfristverlängerung
(§ 46 UStDV) schiebt jede Frist um einen Monat; Monatszahler leisten dafür eine Sondervorauszahlung
von einem Elftel der Vorjahressteuer. Die Umsatzsteuererklärung ist bis zum 31. Juli des Folgejahres
fällig (mit Steuerberater später).

vat_report nennt die Umsatzsteuer eines Zeitraums je Steuersatz, den Voranmeldungszeitraum und die
Frist, nach Rechnungsdatum (Sollversteuerung, Standard) oder nach Zahlungseingang
(Istversteuerung, für Freiberufler und bis 800.000 EUR Umsatz auf Antrag); die Einstellung der
Person entscheidet. Vorsteuer aus Ausgaben kennt der Dienst nicht; die Zahllast ist um sie geringer.

## 4. Höflich mahnen

Verzug (§ 286 BGB) tritt sofort ein, wenn das Zahlungsziel kalendermäßig bestimmt ist ("zahlbar bis
15.04.2026"), sonst mit einer Mahnung, spätestens 30 Tage nach Fälligkeit und Zugang der Rechnung
(bei Verbrauchern nur, wenn die Rechnung darauf hinweist). Bewährt sind drei Stufen:

1. Zahlungserinnerung, wenige Tage nach Fälligkeit: freundlich, geht von einem Versehen aus, nennt
   Rechnungsnummer, Betrag und Fälligkeit, bittet um Zahlung binnen 7 Tagen.
2. 1. Mahnung: sachlich, wiederholt die Angaben, setzt eine feste Frist (7 bis 10 Tage).
3. Letzte Mahnung: nennt die Folgen: Verzugszinsen, bei Unternehmen die Pauschale von 40 EUR
   (§ 288 Abs. 5 BGB), danach das gerichtliche Mahnverfahren oder ein Inkassobüro.

Verzugszinsen (§ 288 BGB): 9 Prozentpunkte über dem Basiszinssatz unter Unternehmen, 5 Punkte bei
Verbrauchern. In jeder Stufe höflich bleiben; bei langjährigen Kunden zuerst anrufen.
outstanding_by_customer zeigt, wer wie lange und mit wie viel im Verzug ist; der Prompt
chase_overdue_invoices entwirft die E-Mails ("friendly" für Stufe 1, "firm" für spätere). Nur
Entwürfe: senden tut die Person.

## 5. Wann eine E-Rechnung Pflicht ist

Eine E-Rechnung ist ein strukturierter Datensatz nach EN 16931: XRechnung oder ZUGFeRD ab Version
2.0.1 (ein PDF mit eingebettetem XML; maßgeblich ist das XML). Ein einfaches PDF ist keine
E-Rechnung.

- Empfang: seit dem 1. Januar 2025 muss jedes Unternehmen E-Rechnungen anderer inländischer
  Unternehmen empfangen können (ein E-Mail-Postfach genügt), auch Kleinunternehmer.
- Ausstellung an inländische Unternehmen (B2B):
  - bis 31. Dezember 2026 sind Papier und PDF noch erlaubt (PDF mit Zustimmung des Empfängers);
  - bis 31. Dezember 2027 für Aussteller mit höchstens 800.000 EUR Vorjahresumsatz;
  - ab 1. Januar 2028 ist die E-Rechnung für alle Pflicht.
- Keine Pflicht: Rechnungen an Verbraucher (B2C), an Kunden im Ausland, Kleinbetragsrechnungen bis
  250 EUR und Rechnungen von Kleinunternehmern nach § 19.
- Öffentliche Auftraggeber (B2G) verlangen schon heute die XRechnung, meist über ihr eigenes Portal.

invoice_documents erzeugt die Dokumente einer Rechnung, die im Service schon besteht: XRechnung (CII
oder UBL), ein ZUGFeRD-PDF mit angehängtem Leistungsnachweis oder den Leistungsnachweis allein; make
"check" sagt, was noch fehlt, "duty", ab wann E-Rechnungen Pflicht sind (EÜR-Einnahmen 2026, § 19).
Was die API nicht kennt (Ihre Anschrift in Teilen, Steuernummer oder USt-IdNr., Ansprechperson, IBAN,
Zahlungsziel; je Kunde die Anschrift, eine Käuferreferenz, bei öffentlichen Auftraggebern die
Leitweg-ID), wird einmal erfragt und mit business_details hier gespeichert, nie an den Service gesendet.
`;
