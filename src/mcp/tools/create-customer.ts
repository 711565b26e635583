import { z } from "zod";
import { createCustomer } from "../../api/customers.js";
import { activityTypeSchema, type Customer } from "../../api/schemas.js";
import { InputError } from "../../domain/input-error.js";
import { hasAtMostTwoDecimals } from "../../domain/money.js";
import { cores, foldings } from "../../domain/resolver.js";
import { cleanText } from "../../domain/text.js";
import { defineTool } from "../define-tool.js";
import { eur } from "../format.js";

const optionalText = (description: string, max = 300) =>
  z.string().trim().min(1).max(max).optional().describe(description);

export const createCustomerTool = defineTool({
  name: "create_customer",
  title: "Create a customer",
  description:
    "Creates a customer with an hourly rate. Looks for the name first (ignoring case, accents, ae/oe/ue/ss spellings and legal forms like GmbH): the same name with the same details returns the existing customer; the same name with other details, or a similar name (one contains the other), creates nothing and lists the candidates with their ids: use one of them, or call again with allowSimilar: true once the person confirmed it is a different customer.",
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
    allowSimilar: z
      .boolean()
      .optional()
      .describe(
        "true: create it although a customer of the same or a similar name exists (only after the person confirmed it is a different customer). Default false.",
      ),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists"]),
    customer: z.object({ id: z.string(), name: z.string(), hourlyRate: z.number() }),
    warning: z
      .string()
      .nullable()
      .describe("Set when it was created with allowSimilar although similar names exist."),
  }),
  example: { name: "Neu GmbH", hourlyRate: 80 },
  verifyWith: "list_customers",
  async handler(args, context) {
    const active = await context.directory.customers();
    const activeIds = new Set(active.map((c) => c._id));
    const existing = [...active, ...context.directory.formerCustomers().filter((c) => !activeIds.has(c._id))];
    const wanted = foldings(args.name);
    const sameName = existing.filter((c) => foldings(c.name).some((f) => wanted.includes(f)));
    // A replay: the same name with nothing that differs returns the customer, whatever allowSimilar says.
    const replayOf = sameName.find((c) => differences(c, args).length === 0);
    if (replayOf) {
      const customer = { id: replayOf._id, name: cleanText(replayOf.name), hourlyRate: args.hourlyRate };
      const unlisted = args.taxNumber !== undefined || args.ustId !== undefined;
      return {
        data: { outcome: "already_exists" as const, customer, warning: null },
        text: `Not created again: ${customer.name} (id ${customer.id}) already exists at ${eur(customer.hourlyRate)}/h.${unlisted ? " The service does not show tax numbers or VAT ids, so the ones given were not compared; check them in the service's settings for this customer." : ""}`,
      };
    }
    const similar = existing.filter((c) => !sameName.includes(c) && isSimilar(c.name, args.name));
    if (!args.allowSimilar) {
      const same = sameName[0];
      if (same) {
        throw new InputError(
          `Not created: a customer named "${cleanText(same.name)}" already exists (id ${same._id}), and this request differs from it: ${differences(same, args).join("; ")}. The API cannot change a customer: change it in the Invoicing Service, or use the existing one as it is. If this is another customer of the same name, call create_customer again with allowSimilar: true.`,
        );
      }
      if (similar.length > 0) {
        throw new InputError(
          `Not created: similar names exist: ${candidates(similar)}. If one of them is meant, use it (its id works wherever a customer is asked for). If this is a different customer, call create_customer again with allowSimilar: true.`,
        );
      }
    }
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
    const near = [...sameName, ...similar];
    const warning =
      near.length === 0 ? null : `Created although similar names exist (allowSimilar): ${candidates(near)}.`;
    const customer = { id, name: cleanText(args.name), hourlyRate: args.hourlyRate };
    return {
      data: { outcome: "created" as const, customer, warning },
      text: `Created customer ${customer.name} (id ${id}) at ${eur(args.hourlyRate)}/h.${warning ? `\nNote: ${warning}` : ""}`,
    };
  },
});

function candidates(customers: readonly Customer[]): string {
  return customers
    .map((c) => `"${cleanText(c.name)}" (id ${c._id}${c.isActive === false ? ", inactive" : ""})`)
    .join(", ");
}

interface Requested {
  hourlyRate: number;
  email?: string | undefined;
  address?: string | undefined;
  activityType?: string | undefined;
}

/**
 * What a request for an existing name asks for that the stored customer does not have, field by
 * field; only fields the service lists can be compared (tax number and VAT id it never shows).
 */
function differences(stored: Customer, wanted: Requested): string[] {
  const found: string[] = [];
  const compare = (label: string, has: string | null | undefined, asked: string | undefined) => {
    if (asked === undefined) return;
    const norm = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
    if (norm(has) !== norm(asked))
      found.push(
        `${label} ${has ? `"${cleanText(has, 120)}"` : "none"} stored, "${cleanText(asked, 120)}" asked`,
      );
  };
  if (stored.hourlyRate !== wanted.hourlyRate) {
    const rate = stored.hourlyRate == null ? "none" : eur(stored.hourlyRate);
    found.push(`hourly rate ${rate} stored, ${eur(wanted.hourlyRate)} asked`);
  }
  compare("e-mail", stored.email, wanted.email);
  compare("address", stored.address, wanted.address);
  compare("activity type", stored.activityType, wanted.activityType);
  return found;
}

/**
 * Two names for perhaps one business: the same once the legal form is dropped ("Müller & Söhne" and
 * "Mueller & Soehne GmbH"), or one starts or contains the other ("Nordlicht", "Studio Nordlicht").
 * Parts shorter than four letters are ignored, or "AG" would be like every name.
 */
function isSimilar(existingName: string, wantedName: string): boolean {
  const theirs = cores(existingName);
  const ours = cores(wantedName);
  return theirs.some((a) =>
    ours.some((w) => {
      const [ac, wc] = [a.replace(/ /g, ""), w.replace(/ /g, "")];
      if (a === w || ac === wc) return true;
      const contains = (long: string, short: string) => short.length >= 4 && long.includes(short);
      return contains(a, w) || contains(w, a) || contains(ac, wc) || contains(wc, ac);
    }),
  );
}
