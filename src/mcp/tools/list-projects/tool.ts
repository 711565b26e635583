import { z } from "zod";
import { projectsPage } from "../../../reports/projects.js";
import { completenessOutput, customerArg, limitArg, offsetArg, pageOutput } from "../../args.js";
import { defineTool } from "../../define-tool.js";
import { completeness } from "../../format.js";
import { projectsText } from "./answer.js";

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
    const found = await projectsPage(context, args);
    return {
      data: { projects: found.projects, ...found.window, ...completeness(found.list) },
      text: projectsText(found),
    };
  },
});
