import type { App } from "@modelcontextprotocol/ext-apps";
import type { Formats } from "./locale.js";

export interface ViewContext {
  app: App;
  f: Formats;
  /** The arguments the tool was called with, when the host sent them. */
  input: Record<string, unknown> | undefined;
  /** Draw again (after the host's context changed). */
  rerender(): void;
}

/** Cents of an EUR amount with two decimals: views add amounts only in integers. */
export function cents(eur: number): number {
  return Math.round(eur * 100);
}
