/**
 * Query parameters. A parameter that is present must be valid (an empty value is not); unknown
 * parameters are ignored. Errors name the parameter.
 */
import { TZDate } from "@date-fns/tz";
import { berlinDayKey, ZONE } from "../calendar.js";
import { badRequest } from "../envelope.js";
import { INVOICE_STATUSES, type InvoiceStatus } from "../records.js";

export function statusParam(query: URLSearchParams): InvoiceStatus | undefined {
  const value = query.get("status");
  if (value === null) return undefined;
  const status = INVOICE_STATUSES.find((s) => s === value);
  if (!status) throw badRequest(`status must be one of ${INVOICE_STATUSES.join(", ")} (got "${value}")`);
  return status;
}

export function yearParam(query: URLSearchParams, fallback: number): number {
  const value = query.get("year");
  if (value === null) return fallback;
  const year = /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
  if (!(year >= 2000 && year <= 2100))
    throw badRequest(`year must be an integer from 2000 to 2100 (got "${value}")`);
  return year;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date or date-time → the Berlin calendar day it names ("YYYY-MM-DD"). A date-time
 * with an offset is converted to Berlin; one without an offset is Berlin local time already.
 */
export function dayParam(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const invalid = () => badRequest(`${name} must be an ISO 8601 date like 2026-03-01 (got "${value}")`);
  const m = ISO.exec(value);
  if (!m) throw invalid();
  const [, y, mo, d, hh = "0", mm = "0", ss = "0", offset] = m;
  const fields = [Number(y), Number(mo), Number(d), Number(hh), Number(mm), Number(ss)] as const;
  const [year, month, day, hour, minute, second] = fields;
  const local = new TZDate(year, month - 1, day, hour, minute, second, ZONE);
  // The Date constructor rolls 2026-02-30 over to March: a changed field means an invalid date.
  const real =
    local.getFullYear() === year &&
    local.getMonth() === month - 1 &&
    local.getDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  if (!real) throw invalid();
  if (offset === undefined) return value.slice(0, 10);
  const instant = Date.parse(value.length > 10 && /[+-]\d{4}$/.test(value) ? withColon(value) : value);
  if (Number.isNaN(instant)) throw invalid();
  return berlinDayKey(instant);
}

function withColon(value: string): string {
  return `${value.slice(0, -2)}:${value.slice(-2)}`;
}
