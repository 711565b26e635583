import { z } from "zod";
import { listCustomers } from "../../../api/customers.js";
import { wholeList } from "../../../api/list.js";
import { activityTypeSchema } from "../../../api/schemas.js";
import { createCheckedCustomer } from "../../../billing/create-customer.js";
import { hasAtMostTwoDecimals } from "../../../domain/money.js";
import { defineTool } from "../../define-tool.js";
import { refusalOutput } from "../../refusal.js";
import { customerAnswer } from "./answer.js";

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
    return customerAnswer(await createCheckedCustomer(args, context));
  },
});
