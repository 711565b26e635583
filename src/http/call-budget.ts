/**
 * One time budget for a whole tool call. A tool may make several requests in turn (look up a name,
 * list, then write), and each one's own budget would add up past the 60 s an MCP client waits.
 * Inside `withCallBudget`, the first request sets the deadline and every later one shares it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<{ deadline?: number }>();

export function withCallBudget<T>(work: () => Promise<T>): Promise<T> {
  return scope.run({}, work);
}

/** The deadline of the current call, set by its first request to `proposed`; `proposed` outside a call. */
export function callDeadline(proposed: number): number {
  const current = scope.getStore();
  if (!current) return proposed;
  current.deadline ??= proposed;
  return current.deadline;
}
