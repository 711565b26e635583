/** Small helpers the tool tests share: the sandbox's data read directly, request counts, message checks. */

import type { Sandbox } from "@invoicing-mcp/sandbox";
import { expect } from "vitest";
import { listCustomers } from "../../src/api/customers.js";
import { type ListResult, wholeList } from "../../src/api/list.js";
import { listProjects } from "../../src/api/projects.js";
import type { Customer, Project } from "../../src/api/schemas.js";
import { clientFor } from "../helpers/sandbox.js";

/** An API client of its own, to read what the sandbox holds without going through the tools. */
export const api = (sandbox: Sandbox, apiKey = sandbox.keys.demo) => clientFor(sandbox, { apiKey });

/** How many requests with this method and path (no query) the sandbox has received so far. */
export function countRequests(sandbox: Sandbox, method: string, path: string): number {
  return sandbox.requests.filter((r) => r.method === method && r.path === path).length;
}

/** The YYYY-MM-DD day of an instant in Berlin, computed without our date code. */
export function berlinDay(ms: number): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(ms);
}

/** Berlin midnight of a day as Unix ms (Berlin is +01:00 in winter, +02:00 in summer). */
export function berlinMidnight(day: string): number {
  for (const offset of ["+01:00", "+02:00"]) {
    const ms = Date.parse(`${day}T00:00:00${offset}`);
    if (berlinDay(ms) === day && berlinDay(ms - 1) !== day) return ms;
  }
  throw new Error(`no Berlin midnight for ${day}`);
}

/** The last millisecond of a day in Berlin (the service's own invoices end their periods there). */
export function berlinDayEnd(day: string): number {
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return berlinMidnight(next) - 1;
}

export async function demoDirectory(sandbox: Sandbox): Promise<{
  customers: Customer[];
  projects: Project[];
  customer(name: string): Customer;
  project(name: string): Project;
}> {
  const client = api(sandbox);
  const [customers, projects] = (await Promise.all([listCustomers(client), listProjects(client)])).map(
    whole,
  ) as [Customer[], Project[]];
  const find = <T extends { name: string }>(list: T[], name: string): T => {
    const found = list.find((item) => item.name === name);
    if (!found) throw new Error(`no ${name} in the sandbox`);
    return found;
  };
  return {
    customers,
    projects,
    customer: (name) => find(customers, name),
    project: (name) => find(projects, name),
  };
}

/** An error text a user can act on: says what to do, and leaks nothing. */
export function expectActionable(text: string, secrets: string[] = []): void {
  expect(text.length).toBeGreaterThan(20);
  expect(text).toMatch(/try again|check|retry|set |create|use |call |pass |give |correct|list_\w+ shows/i);
  expect(text).not.toContain("    at ");
  expect(text).not.toMatch(/<html|<body|<!doctype/i);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

/** The items of a list the sandbox handed out whole; a test that got only part of one fails here. */
export function whole<T>(list: ListResult<T>): T[] {
  return wholeList(list, "items", "the test cannot check its result");
}

/**
 * The calls a text suggests in full: `create_invoice with customer "x", fromTime: true, period
 * "a..b" and supplement: true`. A value is a quoted string, true, false or a number.
 */
export function suggestedCalls(text: string): { tool: string; args: Record<string, unknown> }[] {
  const calls: { tool: string; args: Record<string, unknown> }[] = [];
  for (const found of text.matchAll(/\b([a-z]+_[a-z_]+) with (?=\w+:? (?:"|true|false|-?\d))/g)) {
    let rest = text.slice(found.index + found[0].length);
    const args: Record<string, unknown> = {};
    for (;;) {
      const pair = /^(\w+):? ("(?:[^"\\]|\\.)*"|true|false|-?\d+(?:\.\d+)?)/.exec(rest);
      if (!pair) break;
      const [whole, key, value] = pair as unknown as [string, string, string];
      args[key] = value.startsWith('"')
        ? JSON.parse(value)
        : value === "true"
          ? true
          : value === "false"
            ? false
            : Number(value);
      rest = rest.slice(whole.length);
      const joint = /^(?:, and |, | and )/.exec(rest);
      if (!joint) break;
      rest = rest.slice(joint[0].length);
    }
    calls.push({ tool: found[1]!, args });
  }
  return calls;
}

/** "call X again with the same arguments and flag: true": the call made, with that flag. */
export function sameCallWith(text: string, given: Record<string, unknown>): Record<string, unknown>[] {
  return [...text.matchAll(/again with the same arguments and (\w+): true/g)].map((m) => ({
    ...given,
    [m[1]!]: true,
  }));
}
