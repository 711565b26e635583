import { z } from "zod";
import { createCustomer, listCustomers } from "../../api/customers.js";
import { wholeList } from "../../api/list.js";
import { activityTypeSchema, type Customer } from "../../api/schemas.js";
import { type Candidate, customerVerdict, type FieldDifference } from "../../billing/customer-guard.js";
import { InputError } from "../../domain/input-error.js";
import { hasAtMostTwoDecimals } from "../../domain/money.js";
import { foldings } from "../../domain/resolver.js";
import { cleanText } from "../../domain/text.js";
import { defineTool } from "../define-tool.js";
import { eur } from "../format.js";
import { overrideAdvice, refusalOutput } from "../refusal.js";

const optionalText = (description: string, max = 300) =>
  z.string().trim().min(1).max(max).optional().describe(description);

export const createCustomerTool = defineTool({
  name: "create_customer",
  title: "Create a customer",
  description:
    "Creates a customer. The same name with the same details returns the existing one; the same or a similar name otherwise is refused with the candidates.",
  kind: "write",
  family: "customers",
  idempotent: true,
  input: z.object({
    name: z.string().trim().min(1).max(200).describe("Company or person."),
    hourlyRate: z
      .number()
      .min(0)
      .max(100_000)
      .refine(hasAtMostTwoDecimals, "at most two decimals")
      .optional()
      .describe("EUR per hour. Required."),
    email: optionalText("Billing e-mail."),
    address: optionalText("Postal address, one line.", 500),
    taxNumber: optionalText("Steuernummer.", 50),
    ustId: optionalText("USt-IdNr.", 50),
    activityType: activityTypeSchema.optional().describe("Which kind of income their work is."),
    allowSimilar: z.boolean().optional().describe("Create it anyway, once confirmed."),
  }),
  output: z.object({
    outcome: z.enum(["created", "already_exists", "refused"]),
    customer: z
      .object({ id: z.string(), name: z.string(), hourlyRate: z.number() })
      .nullable()
      .describe("null when refused"),
    warning: z
      .string()
      .nullable()
      .describe("Set when it was created with allowSimilar although similar names exist."),
    refusal: refusalOutput,
    candidates: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          inactive: z.boolean(),
          likeness: z.enum(["same name", "similar name"]),
          differences: z.array(z.string()),
        }),
      )
      .optional()
      .describe("When refused: the existing customers that may be the one meant."),
  }),
  example: { name: "Neu GmbH", hourlyRate: 80 },
  verifyWith: "list_customers",
  writeCase: {
    postPath: "/api/v1/customers",
    // "Fehlerfall 1" is part of "Fehlerfall 12": similar names, but faults are the subject here.
    args: (n) => ({ name: `Fehlerfall ${n}`, hourlyRate: 80, allowSimilar: true }),
    stored: async (api, args) =>
      wholeList(await listCustomers(api), "customers", "they cannot be counted").filter(
        (customer) => customer.name === args.name,
      ).length,
  },
  async handler(args, context) {
    const active = await context.directory.customers();
    const activeIds = new Set(active.map((c) => c._id));
    const existing = [
      ...active,
      ...(await context.directory.findFormerCustomers()).filter((c) => !activeIds.has(c._id)),
    ];
    if (args.hourlyRate === undefined) throw noRate(args.name, existing);
    const request = { ...args, hourlyRate: args.hourlyRate };
    const verdict = customerVerdict(existing, request, args.allowSimilar === true);
    if (verdict.kind === "replay") {
      const found = verdict.customer;
      const customer = { id: found._id, name: cleanText(found.name), hourlyRate: request.hourlyRate };
      const unlisted = args.taxNumber !== undefined || args.ustId !== undefined;
      return {
        data: { outcome: "already_exists" as const, customer, warning: null },
        text: `Not created again: ${customer.name} (id ${customer.id}) already exists at ${eur(customer.hourlyRate)}/h.${unlisted ? " The service does not show tax numbers or VAT ids, so the ones given were not compared; check them in the service's settings for this customer." : ""}`,
      };
    }
    if (verdict.kind === "refused") return refused(verdict.candidates);
    const { id } = await createCustomer(context.client(), {
      name: args.name,
      hourlyRate: request.hourlyRate,
      ...(args.email === undefined ? {} : { email: args.email }),
      ...(args.address === undefined ? {} : { address: args.address }),
      ...(args.taxNumber === undefined ? {} : { taxNumber: args.taxNumber }),
      ...(args.ustId === undefined ? {} : { ustId: args.ustId }),
      ...(args.activityType === undefined ? {} : { activityType: args.activityType }),
    }).finally(() => {
      // Also when the outcome is unknown: the customer may exist now, and a retry must see it.
      context.directory.invalidate();
    });
    const near = verdict.near.map((c) => c.customer);
    const warning =
      near.length === 0 ? null : `Created although similar names exist (allowSimilar): ${candidates(near)}.`;
    const customer = { id, name: cleanText(args.name), hourlyRate: request.hourlyRate };
    return {
      data: { outcome: "created" as const, customer, warning },
      text: `Created customer ${customer.name} (id ${id}) at ${eur(request.hourlyRate)}/h.${warning ? `\nNote: ${warning}` : ""}`,
    };
  },
});

/**
 * Every customer has an hourly rate in the service: without one nothing is created, and the answer
 * says what to give, and which customer of that name exists already (it may be the one meant).
 */
function noRate(name: string, existing: readonly Customer[]): InputError {
  const wanted = foldings(name);
  const same = existing.filter((c) => foldings(c.name).some((f) => wanted.includes(f)));
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
