/**
 * What create_customer answers for each outcome of its call (src/billing/create-customer.ts): the
 * customer created or found, a refusal with the candidates and the override, or what to give.
 */
import type { Customer } from "../../../api/schemas.js";
import type { CustomerOutcome } from "../../../billing/create-customer.js";
import type { Candidate, FieldDifference } from "../../../billing/customer-guard.js";
import { InputError } from "../../../domain/input-error.js";
import { cleanText } from "../../../domain/text.js";
import { eur } from "../../format.js";
import { overrideAdvice } from "../../refusal.js";

export function customerAnswer(outcome: CustomerOutcome) {
  switch (outcome.kind) {
    case "needs rate":
      throw noRate(outcome.same);
    case "exists": {
      const found = outcome.customer;
      const customer = { id: found._id, name: cleanText(found.name), hourlyRate: outcome.hourlyRate };
      return {
        data: { outcome: "already_exists" as const, customer, warning: null },
        text: `Not created again: ${customer.name} (id ${customer.id}) already exists at ${eur(customer.hourlyRate)}/h.${outcome.notCompared.length > 0 ? " The service does not show tax numbers or VAT ids, so the ones given were not compared; check them in the service's settings for this customer." : ""}`,
      };
    }
    case "refused":
      return refused(outcome.candidates);
    case "created": {
      const { id, near } = outcome;
      const warning =
        near.length === 0
          ? null
          : `Created although similar names exist (allowSimilar): ${candidates(near)}.`;
      const customer = { id, name: cleanText(outcome.name), hourlyRate: outcome.hourlyRate };
      return {
        data: { outcome: "created" as const, customer, warning },
        text: `Created customer ${customer.name} (id ${id}) at ${eur(outcome.hourlyRate)}/h.${warning ? `\nNote: ${warning}` : ""}`,
      };
    }
  }
}

/**
 * Every customer has an hourly rate in the service: without one nothing is created, and the answer
 * says what to give, and which customer of that name exists already (it may be the one meant).
 */
function noRate(same: readonly Customer[]): InputError {
  const exists =
    same.length === 0
      ? ""
      : ` A customer of that name exists already: ${same
          .map(
            (c) =>
              `"${cleanText(c.name)}" (id ${c._id}${c.hourlyRate == null ? "" : `, ${eur(c.hourlyRate)}/h`}${c.isActive === false ? ", inactive" : ""})`,
          )
          .join(
            ", ",
          )}. If that one is meant, use it (its id works wherever a customer is asked for) instead of creating another.`;
  return new InputError(
    `Not created: give hourlyRate, the customer's rate in EUR per hour (e.g. hourlyRate: 80); ask the user for it.${exists}`,
  );
}

/** The guard's answer: the customers that may be the one meant, and how to create it anyway. */
function refused(found: readonly Candidate[]) {
  const same = found.find((c) => c.likeness === "same name");
  const advice = overrideAdvice(
    "create_customer",
    "allowSimilar",
    "this is another customer of that name after all",
  );
  const text = same
    ? `Not created: a customer named "${cleanText(same.customer.name)}" already exists (id ${same.customer._id}), and this request differs from it: ${same.differences.map(differenceText).join("; ")}. The API cannot change a customer: change it in the Invoicing Service, or use the existing one as it is. ${advice}`
    : `Not created: similar names exist: ${candidates(found.map((c) => c.customer))}. If one of them is meant, use it (its id works wherever a customer is asked for). ${advice}`;
  return {
    data: {
      outcome: "refused" as const,
      customer: null,
      warning: null,
      refusal: {
        reason: same ? "a customer of the same name exists" : "customers of similar names exist",
        override: "allowSimilar" as const,
      },
      candidates: found.map((c) => ({
        id: c.customer._id,
        name: cleanText(c.customer.name),
        inactive: c.customer.isActive === false,
        likeness: c.likeness,
        differences: c.differences.map(differenceText),
      })),
    },
    text,
  };
}

function differenceText(d: FieldDifference): string {
  const show = (value: string | number | null) =>
    value === null ? "none" : typeof value === "number" ? eur(value) : `"${value}"`;
  return d.field === "hourly rate"
    ? `hourly rate ${show(d.stored)} stored, ${show(d.asked)} asked`
    : `${d.field} ${show(d.stored)} stored, ${show(d.asked)} asked`;
}

function candidates(customers: readonly Customer[]): string {
  return customers
    .map((c) => `"${cleanText(c.name)}" (id ${c._id}${c.isActive === false ? ", inactive" : ""})`)
    .join(", ");
}
