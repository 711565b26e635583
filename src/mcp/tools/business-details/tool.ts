import { z } from "zod";
import { keepDetails } from "../../../profiles/keep.js";
import { customerArg } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { keptText } from "./answer.js";

const value = z.union([z.string().max(200), z.number()]);

export const businessDetailsTool = defineTool({
  name: "business_details",
  title: "Business details for e-invoices",
  description:
    "Shows or stores what e-invoices need and the service lacks: yours, or a customer's. Kept by this server, never sent to the service. Each value is checked; bad ones are refused, the rest stored.",
  kind: "write",
  family: "customers",
  idempotent: true,
  keepsOwnRecord: true,
  input: z.object({
    customer: customerArg.optional().describe("A customer's id or name; without it, your own."),
    set: z
      .record(z.string().max(40), value)
      .refine((values) => Object.keys(values).length <= 20, "at most 20 values")
      .optional()
      .describe(
        'Values ("" removes). Yours: name street postcode city country taxNumber vatId contactName phone email iban bic paymentDays. Customer: street postcode city country vatId buyerReference (Leitweg-ID) email',
      ),
  }),
  output: z.object({
    outcome: z.enum(["shown", "stored", "refused"]),
    place: z.string(),
    seller: z.record(z.string(), z.string()),
    customer: z
      .object({ id: z.string(), name: z.string(), details: z.record(z.string(), z.string()) })
      .nullable(),
    stored: z.array(z.string()),
    refused: z.array(z.object({ field: z.string(), problem: z.string() })),
  }),
  example: { set: { name: "Anna Berger Webdesign", paymentDays: 14 } },
  // What was stored shows in the check of any invoice (its gaps are what is still missing).
  verifyWith: "invoice_documents",
  async handler(args, context) {
    const { changed, ...kept } = await keepDetails(context.details, context, args);
    const asked = Object.keys(args.set ?? {}).length > 0;
    const outcome = !asked ? "shown" : changed ? "stored" : "refused";
    return { data: { outcome, ...kept } as const, text: keptText(kept, outcome) };
  },
});
