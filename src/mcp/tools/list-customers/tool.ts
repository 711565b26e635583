import { z } from "zod";
import { itemsOf } from "../../../api/list.js";
import { foldings } from "../../../domain/resolver.js";
import { cleanText } from "../../../domain/text.js";
import { completenessOutput, limitArg, offsetArg, pageOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { completeness, eur, page, pageLine, partialNote } from "../../format.js";

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
    const list = await context.directory.customerList();
    const active = itemsOf(list);
    const activeIds = new Set(active.map((c) => c._id));
    // Former customers only for a search: the plain list is the service's list of active ones.
    const former = args.query
      ? (await context.directory.findFormerCustomers()).filter((c) => !activeIds.has(c._id))
      : [];
    const all = [...active, ...former];
    const wanted = args.query ? foldings(args.query) : [];
    const matching = all
      .filter(
        (c) => wanted.length === 0 || foldings(c.name).some((form) => wanted.some((w) => form.includes(w))),
      )
      .sort((a, b) => a.name.localeCompare(b.name, "de"));
    const { slice, ...window } = page(matching, args.offset, args.limit);
    const customers = slice.map((c) => ({
      id: c._id,
      name: cleanText(c.name, 200),
      email: c.email ? cleanText(c.email, 200) : null,
      hourlyRate: c.hourlyRate ?? null,
      activityType: c.activityType ?? null,
      active: c.isActive !== false,
    }));
    const note = partialNote(list, "customers", "a customer you look for may be missing");
    const lines = [
      `${note ? `${note} ` : ""}${pageLine(customers.length, window.total, window.offset, "customers")}`,
      ...customers.map(
        (c) =>
          `- ${c.name} (id ${c.id})${c.hourlyRate === null ? "" : ` · ${eur(c.hourlyRate)}/h`}${c.activityType ? ` · ${c.activityType}` : ""}${c.email ? ` · ${c.email}` : ""}${c.active ? "" : " · inactive (former customer)"}`,
      ),
    ];
    return { data: { customers, ...window, ...completeness(list) }, text: lines.join("\n") };
  },
});
