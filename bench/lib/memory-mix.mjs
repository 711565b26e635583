/**
 * The calls the memory benchmarks repeat: every read tool, with and without date phrases, and a
 * write as a dry run (nothing is created, so the sandbox's data, and with it the size of every
 * answer, stays the same from the first call to the last).
 */
export async function memoryMix(server) {
  const { structuredContent: first } = await server.callTool("list_customers", { limit: 1 });
  const customer = first.customers[0].name;
  return [
    ["list_invoices", {}],
    ["list_invoices", { from: "last month", to: "today", status: "paid" }],
    ["list_projects", {}],
    ["list_customers", { query: customer.slice(0, 4) }],
    ["list_time_entries", { from: "this month" }],
    ["customer_summary", { customer }],
    ["time_summary", {}],
    ["outstanding_by_customer", {}],
    ["eur_report", { year: "last year" }],
    ["create_invoice", { customer, netAmount: 1234.5, period: "last month", dryRun: true }],
  ];
}
