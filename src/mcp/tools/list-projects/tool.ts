import { z } from "zod";
import { itemsOf } from "../../../api/list.js";
import { cleanText } from "../../../domain/text.js";
import { completenessOutput, customerArg, limitArg, offsetArg, pageOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { completeness, named, page, pageLine, partialNote } from "../../format.js";

export const listProjectsTool = defineTool({
  name: "list_projects",
  title: "List projects",
  description: "Active projects with their ids and customers, optionally for one customer.",
  kind: "read",
  family: "customers",
  input: z.object({
    customer: customerArg.optional().describe("Only this customer's."),
    limit: limitArg,
    offset: offsetArg,
  }),
  output: z.object({
    projects: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        customerId: z.string(),
        customerName: z.string().nullable(),
        activityType: z.string().nullable(),
        color: z.string().nullable(),
      }),
    ),
    ...pageOutput,
    ...completenessOutput,
  }),
  example: { customer: "mueller" },
  async handler(args, context) {
    const customer =
      args.customer === undefined ? undefined : await context.directory.resolveCustomer(args.customer);
    const [list, names] = await Promise.all([
      context.directory.projectList(),
      context.directory.customerNames(),
    ]);
    const all = itemsOf(list);
    const matching = all
      .filter((p) => customer === undefined || p.customerId === customer._id)
      .sort((a, b) => a.name.localeCompare(b.name, "de"));
    const { slice, ...window } = page(matching, args.offset, args.limit);
    const projects = slice.map((p) => ({
      id: p._id,
      name: cleanText(p.name, 200),
      customerId: p.customerId,
      customerName: names.get(p.customerId) ?? null,
      activityType: p.activityType ?? null,
      color: p.color ?? null,
    }));
    const note = partialNote(list, "projects", "a project you look for may be missing");
    const lines = [
      `${note ? `${note} ` : ""}${pageLine(projects.length, window.total, window.offset, "projects")}`,
      ...projects.map(
        (p) => `- ${p.name} (id ${p.id}) · customer ${named(p.customerName ?? undefined, p.customerId)}`,
      ),
    ];
    return { data: { projects, ...window, ...completeness(list) }, text: lines.join("\n") };
  },
});
