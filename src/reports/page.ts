/** One page of rows, and where the next one starts (null on the last). */
export function page<T>(rows: readonly T[], offset: number, limit: number) {
  const slice = rows.slice(offset, offset + limit);
  const nextOffset = offset + slice.length < rows.length ? offset + slice.length : null;
  return { slice, total: rows.length, offset, limit, nextOffset };
}
