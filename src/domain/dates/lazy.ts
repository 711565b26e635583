/**
 * The date module, imported on first use instead of at start. Its phrase readers bring chrono-node
 * (about sixty modules, some 50 ms to import), and a server answering `initialize` and `tools/list`
 * needs none of it. Code loaded at start imports the small parts directly (format.js, errors.js,
 * duration.js, year.js) and reads phrases through `await loadDates()`.
 */
export type DateModule = typeof import("./index.js");

let loading: Promise<DateModule> | undefined;

export function loadDates(): Promise<DateModule> {
  loading ??= import("./index.js");
  return loading;
}
