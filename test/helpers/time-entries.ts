/**
 * list_time_entries sends its entries under their projects (each project's name and customer
 * once): this flattens them back, each entry with its project's and customer's ids and names, as
 * a reader of the data would join them, newest first as the page has them.
 */
interface SentProject {
  id: string;
  name: string | null;
  customerId: string;
  customerName: string | null;
  entries: Array<Record<string, unknown> & { id: string; start: string }>;
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read as untyped JSON, like the others here
export function entriesOf(data: { projects: SentProject[] }): any[] {
  const entries = data.projects.flatMap((p) =>
    p.entries.map((e) => ({
      ...e,
      projectId: p.id,
      projectName: p.name,
      customerId: p.customerId,
      customerName: p.customerName,
    })),
  );
  return entries.sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
}
