/** The six events the service announces by webhook (API document, "Events"). */
export const EVENT_NAMES = [
  "invoice.created",
  "invoice.sent",
  "invoice.paid",
  "invoice.reminder_sent",
  "customer.created",
  "expense.created",
] as const;
