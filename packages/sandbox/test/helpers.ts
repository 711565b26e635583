/** Talking to a real sandbox over HTTP, the way any client would. */
import { afterEach } from "vitest";
import { type Sandbox, type SandboxOptions, startSandbox } from "../src/index.js";

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { data: T; meta: unknown; error: string | null };
}

const open: Sandbox[] = [];

/** A quiet sandbox that is closed after the test. */
export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ quiet: true, ...options });
  open.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

export async function get<T = unknown>(
  sb: Sandbox,
  path: string,
  key: string | null = sb.keys.demo,
): Promise<Answer<T>> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const res = await fetch(`${sb.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>["body"] };
}

export async function post<T = unknown>(
  sb: Sandbox,
  path: string,
  body: unknown,
  key: string = sb.keys.demo,
): Promise<Answer<T>> {
  const res = await fetch(`${sb.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T>["body"] };
}

/** Unix ms of a Berlin wall-clock time given with its offset, e.g. at("2026-03-18T10:00:00+01:00"). */
export function at(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`bad test date ${iso}`);
  return ms;
}
