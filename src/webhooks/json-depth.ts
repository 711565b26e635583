/**
 * How deep a parsed JSON value nests. JSON.parse copes with any depth, but JSON.stringify, a deep
 * freeze or any other recursive walk overflows the stack somewhere past a few thousand levels, and
 * a 1 MiB body can nest 500,000 deep. No event of the service nests more than a handful of levels.
 */

/** Deeper than this is refused on the way in and skipped on the way out. */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests at most `max` objects or arrays deep. Iterative, so it cannot overflow. */
export function nestsWithin(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > max) return false;
    for (const child of Object.values(item)) {
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
    }
  }
  return true;
}
