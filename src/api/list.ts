/**
 * Reads a whole list. The document gives `meta.total` but leaves paging unshown; a service that
 * pages by itself would hand back fewer items than `total`. Then we ask for the rest the two usual
 * ways at once (`offset`, and `page` of the same size) and keep going while new items arrive, so a
 * paging server is read whole and one that ignores the parameters costs one extra request.
 */
import { z } from "zod";
import type { ApiClient, Query } from "../http/client.js";

const MAX_PAGES = 50;
const metaSchema = z.object({ total: z.number().int().nonnegative() }).partial().nullish();

export interface ListResult<T> {
  items: T[];
  /** `meta.total` as the service reported it (the item count where it reported none). */
  total: number;
  /** False when the service reported more items than it would hand out. */
  complete: boolean;
}

export async function listAll<T extends { _id: string }>(
  client: ApiClient,
  path: string,
  itemSchema: z.ZodType<T>,
  query: Query = {},
): Promise<ListResult<T>> {
  const first = await client.get(path, z.array(itemSchema), query);
  const items = [...first.data];
  const total = totalOf(first.meta) ?? items.length;
  const seen = new Set(items.map((item) => item._id));
  const pageSize = items.length;

  for (let page = 2; items.length < total && pageSize > 0 && page <= MAX_PAGES; page++) {
    const next = await client.get(path, z.array(itemSchema), {
      ...query,
      offset: items.length,
      limit: pageSize,
      page,
    });
    const fresh = next.data.filter((item) => !seen.has(item._id));
    if (fresh.length === 0) break;
    for (const item of fresh) {
      seen.add(item._id);
      items.push(item);
    }
  }
  return { items, total: Math.max(total, items.length), complete: items.length >= total };
}

function totalOf(meta: unknown): number | undefined {
  const parsed = metaSchema.safeParse(meta);
  return parsed.success ? parsed.data?.total : undefined;
}
