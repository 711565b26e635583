/** GET and POST /api/v1/time-entries, GET /api/v1/time-entries/by-customer/{id}/summary. */
import { z } from "zod";
import { berlinDayKey, MS_PER_MINUTE } from "../calendar.js";
import { badRequest, created, list, ok } from "../envelope.js";
import type { TimeEntry } from "../records.js";
import { timeSummary } from "../reports/time-summary.js";
import { nonEmptyText, parseBody, text, timestamp } from "../validation.js";
import { customerOr400, customerOr404, projectOr400, type RouteContext } from "./context.js";
import { dayParam } from "./query.js";
import { timeEntryItem } from "./views.js";

const MAX_ENTRY_MINUTES = 24 * 60;

const timeEntryBody = z.object({
  projectId: nonEmptyText(),
  customerId: nonEmptyText(),
  startTime: timestamp(),
  endTime: timestamp(),
  description: text().optional(),
});

/** `from`/`to` are inclusive Berlin calendar days, compared with the day the entry started. */
export function listTimeEntries({ account, query, now }: RouteContext) {
  const from = dayParam(query, "from");
  const to = dayParam(query, "to");
  if (from !== undefined && to !== undefined && from > to) throw badRequest("from must not be after to");
  const items = account.timeEntries
    .filter((e) => {
      const day = berlinDayKey(e.startTime);
      return (from === undefined || day >= from) && (to === undefined || day <= to);
    })
    .sort((a, b) => b.startTime - a.startTime || a._id.localeCompare(b._id))
    .map((e) => timeEntryItem(e, now));
  return list(items);
}

/** A completed, unbilled entry. The project must belong to the customer named. */
export function createTimeEntry({ account, body, newId }: RouteContext) {
  const input = parseBody(timeEntryBody, body);
  const customer = customerOr400(account, input.customerId);
  const project = projectOr400(account, input.projectId);
  if (project.customerId !== customer._id) {
    throw badRequest(
      `projectId "${project._id}" belongs to another customer than customerId "${customer._id}"`,
    );
  }
  if (input.endTime <= input.startTime) throw badRequest("endTime must be after startTime");
  if (input.endTime - input.startTime > MAX_ENTRY_MINUTES * MS_PER_MINUTE) {
    throw badRequest("endTime must be at most 24 hours after startTime");
  }
  const entry: TimeEntry = {
    _id: newId("te"),
    projectId: project._id,
    customerId: customer._id,
    startTime: input.startTime,
    endTime: input.endTime,
    description: input.description ?? "",
  };
  account.timeEntries.push(entry);
  return created(entry._id);
}

export function getTimeSummary({ account, params, now }: RouteContext) {
  return ok(timeSummary(account, customerOr404(account, params.id), now));
}
