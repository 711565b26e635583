/**
 * Reads a whole list. The document gives `meta.total` but leaves paging unshown; a service that
 * pages by itself would hand back fewer items than `total`. Then we ask for the rest the two usual
 * ways at once (`offset`, and `page` of the same size) and keep going while new items arrive, so a
 * paging server is read whole and one that ignores the parameters costs one extra request.
 *
 * A list that could not be read whole (the service stopped handing out new items, or the call's
 * time or rate budget ran out) is a different type from a whole one: its items are `itemsRead`, not
 * `items`, so no caller can sum, search or check for duplicates in it without deciding what a partial
 * list means for its answer. `wholeList` is that decision for callers that need everything.
 *
 * One answer that lists the same `_id` twice is not a list to sum: a record would count twice, and
 * where the two differ nothing says which is right. Such a list is partial, with that as its
 * reason. Across pages a repeat is ordinary (an offset that shifted while records were added) and
 * is dropped.
 *
 * One call reads at most MAX_LIST_RECORDS items and MAX_LIST_BYTES of answers: a service that
 * claims a billion items and hands out new ones on every page would otherwise hold the whole call
 * in memory until its time ran out (gigabytes). Past either bound the list is partial, like one the
 * service would not hand out whole.
 */
import { z } from "zod";
import type { ApiClient, Query } from "../http/client.js";
import { ApiError } from "../http/errors.js";
import { type QuickCheck, quickCheckOf, withQuickCheck } from "../http/validate.js";

/** Far beyond any real account at any page size; the call's budget usually ends a runaway first. */
const MAX_PAGES = 1_000;
/** Items one call reads of one list: far beyond a freelancer's invoices, customers or time entries. */
export const MAX_LIST_RECORDS = 100_000;
/** Bytes of answers one call reads for one list (each answer is at most 8 MiB). */
export const MAX_LIST_BYTES = 64 * 1024 * 1024;

/** The bounds of one read; tests make them small. */
export interface ListBounds {
  maxRecords?: number;
  maxBytes?: number;
}
const metaSchema = z.object({ total: z.number().int().nonnegative() }).partial().nullish();

export interface WholeList<T> {
  complete: true;
  items: T[];
  /** `meta.total` as the service reported it (the item count where it reported none). */
  total: number;
}

export interface PartialList<T> {
  complete: false;
  /** What could be read: not everything, so not to be summed or searched for duplicates. */
  itemsRead: T[];
  /** What the service said there is. */
  total: number;
  /** Why the rest is missing, as a clause: "the service stopped handing out new items after 1000". */
  reason: string;
}

export type ListResult<T> = WholeList<T> | PartialList<T>;

/**
 * Thrown where a caller needs the whole list (a replay or overlap check, a total over every
 * customer) and could only get part of it. Its message is the sentence to show.
 */
export class IncompleteListError extends Error {
  constructor(
    readonly what: string,
    readonly list: PartialList<unknown>,
    consequence: string,
  ) {
    super(
      `Only ${list.itemsRead.length} of ${list.total} ${what} could be read (${list.reason}), so ${consequence}. Try again in a minute; if it persists, the service is not handing out its whole list: check it in the service itself.`,
    );
    this.name = "IncompleteListError";
  }
}

/** The items of a whole list, or an IncompleteListError that says what cannot be done without the rest. */
export function wholeList<T>(list: ListResult<T>, what: string, consequence: string): T[] {
  if (list.complete) return list.items;
  throw new IncompleteListError(what, list, consequence);
}

const pageSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema of a page of `itemSchema`, made once: a zod schema is dear to build (and its parser
 * is compiled on first use), and a list is read on most tool calls. An item schema with a check
 * written out by hand (src/http/validate.ts) gives its page one: every item by hand, or zod.
 */
function pageOf<T>(itemSchema: z.ZodType<T>): z.ZodType<T[]> {
  let schema = pageSchemas.get(itemSchema);
  if (!schema) {
    schema = z.array(itemSchema);
    pageSchemas.set(itemSchema, schema);
    const quickItem = quickCheckOf(itemSchema);
    if (quickItem) withQuickCheck(schema, (data) => quickPage(data, quickItem));
  }
  return schema as z.ZodType<T[]>;
}

function quickPage<T>(data: unknown, quickItem: QuickCheck<T>): T[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const items: T[] = [];
  for (const value of data) {
    const item = quickItem(value);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

/** Whatever could be read, for display only (labels, a page with a note that it is partial). */
export function itemsOf<T>(list: ListResult<T>): T[] {
  return list.complete ? list.items : list.itemsRead;
}

export async function listAll<T extends { _id: string }>(
  client: ApiClient,
  path: string,
  itemSchema: z.ZodType<T>,
  query: Query = {},
  bounds: ListBounds = {},
): Promise<ListResult<T>> {
  const maxRecords = bounds.maxRecords ?? MAX_LIST_RECORDS;
  const maxBytes = bounds.maxBytes ?? MAX_LIST_BYTES;
  const pageSchema = pageOf(itemSchema);
  const first = await client.get(path, pageSchema, query);
  const items: T[] = [];
  const seen = new Set<string>();
  let stopped = addDistinct(first.data, items, seen);
  let bytes = first.bytes;
  const reported = totalOf(first.meta);
  const pageSize = first.data.length;

  for (let page = 2; stopped === undefined && items.length < (reported ?? 0); page++) {
    if (pageSize === 0) {
      stopped = "the first page was empty";
      break;
    }
    if (items.length >= maxRecords) {
      stopped = `it holds more than ${maxRecords} items, more than one call reads`;
      break;
    }
    if (bytes >= maxBytes) {
      stopped = `it is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, more than one call reads`;
      break;
    }
    if (page > MAX_PAGES) {
      stopped = `it would take more than ${MAX_PAGES} pages`;
      break;
    }
    let answer: T[];
    try {
      const next = await client.get(path, pageSchema, {
        ...query,
        offset: items.length,
        limit: pageSize,
        page,
      });
      bytes += next.bytes;
      answer = next.data;
    } catch (error) {
      // Out of time or requests part-way: say how far we got rather than lose what was read.
      if (error instanceof ApiError && (error.kind === "rate_limited" || error.kind === "timeout")) {
        stopped = `page ${page} could not be fetched: ${error.kind === "timeout" ? "no answer in time" : "the rate limit"}`;
        break;
      }
      throw error;
    }
    const before = items.length;
    stopped = addDistinct(answer, items, seen);
    if (stopped === undefined && items.length === before)
      stopped = `the service stopped handing out new items after ${items.length}`;
  }
  const total = Math.max(reported ?? items.length, items.length);
  if (stopped === undefined) return { complete: true, items, total };
  return { complete: false, itemsRead: items, total, reason: stopped };
}

/**
 * Appends the answer's items not yet seen. Returns why the list cannot be whole when the answer
 * itself lists one id twice (what was read before that point is kept, for display).
 */
function addDistinct<T extends { _id: string }>(
  answer: T[],
  items: T[],
  seen: Set<string>,
): string | undefined {
  const inAnswer = new Set<string>();
  for (const item of answer) {
    if (inAnswer.has(item._id)) return `the service listed the id ${item._id} twice in one answer`;
    inAnswer.add(item._id);
    if (seen.has(item._id)) continue;
    seen.add(item._id);
    items.push(item);
  }
  return undefined;
}

function totalOf(meta: unknown): number | undefined {
  const parsed = metaSchema.safeParse(meta);
  return parsed.success ? parsed.data?.total : undefined;
}
