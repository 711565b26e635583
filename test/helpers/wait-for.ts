/** Polls `condition` (sync or async) every 10 ms until it holds; fails with `what` after `withinMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { withinMs = 5_000, what = "condition" }: { withinMs?: number; what?: string } = {},
): Promise<void> {
  const until = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`${what} not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
