/** The six events the service announces by webhook, in the API document's order ("Events"). */
export const EVENT_NAMES = [
  "invoice.created",
  "invoice.sent",
  "invoice.paid",
  "invoice.reminder_sent",
  "customer.created",
  "expense.created",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];
