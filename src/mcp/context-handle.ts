/**
 * What a server needs of its tool context before anything is called: whether there are events, the
 * clock and the zone (prompts and resources complete years and VAT periods from them), the shelf of
 * made documents. The whole context (API client, directory, stores; context.ts and all it imports)
 * is made on the first call that needs it, so a start reads none of that code: tools/list and a
 * first answer come sooner (docs/benchmarks.md, cold start).
 */
import type { Config } from "../config/load.js";
import type { ContextOptions, ToolContext } from "./context.js";
import { DocumentShelf } from "./document-shelf.js";

export interface ContextHandle {
  timeZone: string;
  now: () => Date;
  /** Stored webhook events exist (an inbox file, or the hosted mode's table). */
  hasEvents: boolean;
  documents: DocumentShelf;
  /** The whole context; made once, on first use. */
  full(): Promise<ToolContext>;
}

/** A handle whose context is made, from its module, the first time it is asked for. */
export function lazyContext(config: Config, options: ContextOptions): ContextHandle {
  const documents = new DocumentShelf();
  let made: Promise<ToolContext> | undefined;
  return {
    timeZone: config.timeZone,
    now: options.now ?? (() => new Date()),
    // The same test createToolContext makes: events given, or an inbox file to read them from.
    hasEvents: options.events !== undefined || Boolean(config.inbox),
    documents,
    full: () => {
      made ??= import("./context.js").then(({ createToolContext }) =>
        createToolContext(config, { ...options, documents }),
      );
      return made;
    },
  };
}

/** A handle on a context made already (the hosted mode's tenants, tests). */
export function madeContext(context: ToolContext): ContextHandle {
  const ready = Promise.resolve(context);
  return {
    timeZone: context.timeZone,
    now: context.now,
    hasEvents: context.events !== undefined,
    documents: context.documents,
    full: () => ready,
  };
}
