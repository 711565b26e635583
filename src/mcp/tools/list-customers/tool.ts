import { z } from "zod";
import { customersPage } from "../../../reports/customers.js";
import { completenessOutput, limitArg, offsetArg, pageOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { completeness } from "../../format.js";
import { customersText } from "./answer.js";

export const listCustomersTool = defineTool({
  name: "list_customers",
  title: "List customers",
  description:
    "Active customers with ids, hourly rates and activity types; a name search also finds former customers met before, marked inactive.",
  kind: "read",
  family: "customers",
  input: z.object({
    query: z.string().trim().max(200).optional().describe("Part of a name."),
    limit: limitArg,
    offset: offsetArg,
  }),
  output: z.object({
    customers: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        hourlyRate: z.number().nullable(),
        activityType: z.string().nullable(),
        active: z.boolean().describe("false for a former customer (the service lists only active ones)."),
      }),
    ),
    ...pageOutput,
    ...completenessOutput,
  }),
  example: { query: "mueller" },
  async handler(args, context) {
    const found = await customersPage(context, args);
    return {
      data: { customers: found.customers, ...found.window, ...completeness(found.list) },
      text: customersText(found),
    };
  },
});
