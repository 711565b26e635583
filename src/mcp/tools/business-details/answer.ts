import { cleanText } from "../../../domain/text.js";
import type { Kept } from "../../../profiles/keep.js";

/** What an XRechnung needs of the seller, in the order a person would give it. */
const SELLER_NEEDS = [
  "name",
  "street",
  "postcode",
  "city",
  "contactName",
  "phone",
  "email",
  "iban",
  "paymentDays",
];
const CUSTOMER_NEEDS = ["street", "postcode", "city", "buyerReference"];

export function keptText(kept: Omit<Kept, "changed">, outcome: "shown" | "stored" | "refused"): string {
  const lines: string[] = [];
  if (kept.stored.length > 0) lines.push(`Stored: ${kept.stored.join(", ")}.`);
  if (kept.refused.length > 0) {
    lines.push(
      `Refused (${kept.stored.length > 0 ? "the values above were stored all the same" : "nothing was stored"}):`,
      ...kept.refused.map((r) => `- ${r.field}: ${r.problem}.`),
    );
  }
  lines.push(`Yours: ${described(kept.seller)}`);
  const missing = SELLER_NEEDS.filter((field) => !kept.seller[field as keyof typeof kept.seller]);
  if (!kept.seller.taxNumber && !kept.seller.vatId) missing.push("taxNumber or vatId");
  if (missing.length > 0) lines.push(`An e-invoice still needs of yours: ${missing.join(", ")}.`);
  if (kept.customer) {
    const details = kept.customer.details;
    lines.push(`${cleanText(kept.customer.name)} (id ${kept.customer.id}): ${described(details)}`);
    const gaps = CUSTOMER_NEEDS.filter((field) => !details[field as keyof typeof details]);
    if (gaps.length > 0) lines.push(`An e-invoice still needs of theirs: ${gaps.join(", ")}.`);
  }
  lines.push(
    `Kept in ${kept.place}; never sent to the service.${outcome === "shown" ? " Change a value with set." : ""}`,
  );
  return lines.join("\n");
}

function described(values: Readonly<Record<string, string | undefined>>): string {
  const given = Object.entries(values).filter(([, v]) => v !== undefined);
  return given.length === 0 ? "nothing stored yet." : given.map(([k, v]) => `${k} ${v}`).join("; ");
}
