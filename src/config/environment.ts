/**
 * The process's environment, read here and nowhere else: the bin takes one copy at start and hands
 * it to the mode it runs, which parses what it needs through a schema (settings.ts for a person's
 * settings, the hosted mode's server settings). Tests pass an object of their own instead.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export function processEnvironment(): Env {
  return { ...process.env };
}
