import { z } from "zod";
import { createCustomer } from "../../api/customers.js";
import { activityTypeSchema, type Customer } from "../../api/schemas.js";
import { InputError } from "../../domain/input-error.js";
import { hasAtMostTwoDecimals } from "../../domain/money.js";
import { foldings } from "../../domain/resolver.js";
import { cleanText } from "../../domain/text.js";
import { defineTool } from "../define-tool.js";
import { eur } from "../format.js";

const optionalText = (description: string, max = 300) =>
  z.string().trim().min(1).max(max).optional().describe(description);

export const createCustomerTool = defineTool({
  name: "create_customer",
  title: "Create a customer",
  description:
    "Creates a customer with an hourly rate. If a customer with the same name (ignoring case, accents and ae/oe/ue spellings) exists, it is returned instead when the rate matches, and refused otherwise; a similar name gives a warning.",
  kind: "write",
  idempotent: true,
  input: z.object({
    name: z.string().trim().min(1).max(200).describe('Company or person, e.g. "Müller & Söhne GmbH".'),
    hourlyRate: z
      .number()
      .min(0)
      .max(100_000)
      .refine(hasAtMostTwoDecimals, "at most two decimals")
      .describe("EUR per hour, e.g. 95."),
    email: optionalText('Billing e-mail, e.g. "buchhaltung@mueller-soehne.de".'),
    address: optionalText('Postal address on one line, e.g. "Hauptstraße 5, 10115 Berlin".', 500),
    taxNumber: optionalText('The customer\'s tax number (Steuernummer), e.g. "27/123/45678".', 50),
    ustId: optionalText('The customer\'s VAT id (USt-IdNr.), e.g. "DE123456789".', 50),
    activityType: activityTypeSchema
      .optional()
      .describe('"freiberuflich" or "gewerblich": which kind of your income this customer\'s work is.'),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists"]),
    customer: z.object({ id: z.string(), name: z.string(), hourlyRate: z.number() }),
    warning: z.string().nullable().describe("Set when a customer with a similar name exists."),
  }),
  example: { name: "Neu GmbH", hourlyRate: 80 },
  verifyWith: "list_customers",
  async handler(args, context) {
    const existing = await context.directory.customers();
    const wanted = foldings(args.name);
    const sameName = existing.find((c) => foldings(c.name).some((f) => wanted.includes(f)));
    if (sameName) {
      if (sameName.hourlyRate === args.hourlyRate) {
        const customer = { id: sameName._id, name: cleanText(sameName.name), hourlyRate: args.hourlyRate };
        return {
          data: { outcome: "already_exists" as const, customer, warning: null },
          text: `Not created again: ${customer.name} (id ${customer.id}) already exists at ${eur(customer.hourlyRate)}/h.`,
        };
      }
      throw new InputError(
        `A customer named "${cleanText(sameName.name)}" already exists (id ${sameName._id}, ${eur(sameName.hourlyRate ?? 0)}/h). Use it, or choose a clearly different name.`,
      );
    }
    const similar = existing.filter((c) => isSimilar(c, wanted));
    const { id } = await createCustomer(context.client(), {
      name: args.name,
      hourlyRate: args.hourlyRate,
      ...(args.email === undefined ? {} : { email: args.email }),
      ...(args.address === undefined ? {} : { address: args.address }),
      ...(args.taxNumber === undefined ? {} : { taxNumber: args.taxNumber }),
      ...(args.ustId === undefined ? {} : { ustId: args.ustId }),
      ...(args.activityType === undefined ? {} : { activityType: args.activityType }),
    }).finally(() => {
      // Also when the outcome is unknown: the customer may exist now, and a retry must see it.
      context.directory.invalidate();
    });
    const warning =
      similar.length === 0
        ? null
        : `Similar names exist: ${similar.map((c) => `"${cleanText(c.name)}" (id ${c._id})`).join(", ")}. If this is the same customer, use the existing one.`;
    const customer = { id, name: cleanText(args.name), hourlyRate: args.hourlyRate };
    return {
      data: { outcome: "created" as const, customer, warning },
      text: `Created customer ${customer.name} (id ${id}) at ${eur(args.hourlyRate)}/h.${warning ? `\nWarning: ${warning}` : ""}`,
    };
  },
});

/** One name contains the other, or they share their first word of four letters or more. */
function isSimilar(customer: Customer, wanted: string[]): boolean {
  return foldings(customer.name).some((form) =>
    wanted.some((w) => form.includes(w) || w.includes(form) || sameFirstWord(form, w)),
  );
}

function sameFirstWord(a: string, b: string): boolean {
  const first = a.split(" ")[0] ?? "";
  return first.length >= 4 && first === b.split(" ")[0];
}
