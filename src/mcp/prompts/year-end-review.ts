import { z } from "zod";
import { languageArg, yearArg } from "./args.js";
import { definePrompt, languageLine } from "./define-prompt.js";

export const yearEndReviewPrompt = definePrompt({
  name: "year_end_review",
  title: "Year-end EÜR review",
  description:
    "Reviews a year's EÜR: income by activity type, expenses, profit, and what changed from the year before; with the year's VAT figures for the annual return.",
  args: (context) =>
    z.object({
      year: yearArg(context, 'The year to review, e.g. "2025" or "last year" (default: last year).'),
      language: languageArg(),
    }),
  text: ({ year }, language) => {
    const which = year || (language === "de" ? "letztes Jahr" : "last year");
    return language === "de"
      ? `Mach mit mir den Jahresrückblick (EÜR) für ${which}.

1. Rufe eur_report für ${which} und für das Jahr davor auf.
2. Stelle Einnahmen (freiberuflich und gewerblich getrennt), Ausgaben und Gewinn beider Jahre in einer Tabelle gegenüber, mit Veränderung in Prozent.
3. Rufe outstanding_by_customer auf und nenne offene Forderungen, die noch ins Jahr gehören.
4. Rufe vat_report mit period: "${which}" auf: die Umsatzsteuer je Satz für die Umsatzsteuererklärung, Umsätze nach § 19 UStG gesondert, und jede Rechnung, deren Steuer nicht stimmt.
5. Nenne die drei auffälligsten Veränderungen und was ich für die Steuererklärungen prüfen sollte. Das ist keine Steuerberatung.

${languageLine(language)}`
      : `Walk me through the year-end EÜR review for ${which}.

1. Call eur_report for ${which} and for the year before.
2. Compare income (freiberuflich and gewerblich separately), expenses and profit of both years in a table, with the change in percent.
3. Call outstanding_by_customer and list open receivables that still belong to the year.
4. Call vat_report with period: "${which}": the VAT per rate for the annual VAT return, § 19 UStG turnover apart, and any invoice whose tax does not add up.
5. Name the three most notable changes and what I should check for the tax returns. This is not tax advice.

${languageLine(language)}`;
  },
});
