/** How list_time_entries answers: the count and total time, then the page's entries by day. */
import { formatDuration } from "../../../domain/dates/duration.js";
import type { TimeEntriesPage } from "../../../reports/time-entries.js";
import { assumedText } from "../../date-args.js";
import { entryLines } from "../../entry-lines.js";
import { pageLine, partialNote } from "../../format.js";

/** The page's count and total time, then the entries by day. */
export function timeEntriesText(
  found: TimeEntriesPage,
  assumptions: readonly string[],
  timeZone: string,
): string {
  const { entries, projects, window, list, totalMinutes } = found;
  const head =
    totalMinutes === null
      ? `${partialNote(list, "time entries", "there is no total: it would under-count")} ${pageLine(entries.length, window.total, window.offset, "time entries read")}${assumedText(assumptions)}`
      : `${pageLine(entries.length, window.total, window.offset, "time entries")} All together: ${formatDuration(totalMinutes)}.${assumedText(assumptions)}`;
  return [
    head,
    ...entryLines(entries, projects, timeZone, {
      newerElsewhere: window.offset > 0,
      olderElsewhere: window.nextOffset !== null,
    }),
  ].join("\n");
}
