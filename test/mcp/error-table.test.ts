/**
 * The error table (src/mcp/error-text.ts): one instance of every kind finds its own row, is worded
 * by it (never the "unexpected" sentence) and is expected; anything else is unexpected and worded
 * as such, without its message.
 */
import { describe, expect, it } from "vitest";
import { IncompleteListError } from "../../src/api/list.js";
import { EntriesRefused, InvoiceNumberTaken } from "../../src/billing/errors.js";
import { DateInputError } from "../../src/domain/dates/errors.js";
import { InputError } from "../../src/domain/input-error.js";
import { EngineOutageError } from "../../src/engine-outage.js";
import { WaitCancelled } from "../../src/http/call-budget.js";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from "../../src/http/errors.js";
import { PathParameterError } from "../../src/http/path.js";
import { ERRORS, type ErrorKind, errorKind, errorText, isExpectedError } from "../../src/mcp/error-text.js";

const request = { method: "POST", path: "/api/v1/invoices" };
const server = new ServerError("boom", request, 502);

const samples: Record<ErrorKind, unknown> = {
  entries_refused: new EntriesRefused(
    [{ index: 2, problem: { kind: "invalid", error: new InputError("No.") } }],
    3,
  ),
  number_taken: new InvoiceNumberTaken(
    {
      _id: "inv_1",
      invoiceNumber: "RE-2026-001",
      customerId: "cus_1",
      invoiceDate: Date.UTC(2026, 0, 5),
      netAmount: 100,
      status: "draft",
      activityType: null,
      notes: null,
    } as never,
    ["customer"],
  ),
  input: new InputError("Give a name."),
  date_input: new DateInputError("day", "irgendwann"),
  incomplete_list: new IncompleteListError(
    "invoices",
    { complete: false, itemsRead: [], total: 3, reason: "page 2 failed" } as never,
    "nothing was created",
  ),
  path_parameter: new PathParameterError("contains a slash"),
  wait_cancelled: new WaitCancelled(),
  bad_request: new BadRequestError("year is invalid", request),
  authentication: new AuthenticationError(request),
  permission: new PermissionError(request),
  not_found: new NotFoundError("no such invoice", request),
  rate_limited: new RateLimitedError(5000, request, Date.UTC(2026, 10, 22, 9)),
  server,
  network: new NetworkError("ECONNREFUSED", false, request),
  timeout: new TimeoutError(10_000, request),
  invalid_response: new InvalidResponseError("not JSON", request, 200, "<html>"),
  outcome_unknown: new OutcomeUnknownError(server, request),
  engine_outage: new EngineOutageError("Redis", "the shared rate budget"),
};

describe("the error table", () => {
  it("has a row for every kind, and nothing else", () => {
    expect(Object.keys(ERRORS).sort()).toEqual(Object.keys(samples).sort());
  });

  it.each(Object.entries(samples))("%s: found by its own row, worded, expected", (kind, error) => {
    expect(errorKind(error)).toBe(kind);
    const text = errorText(error, { timeZone: "Europe/Berlin", verifyWith: "list_invoices" });
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toMatch(/Unexpected internal error/);
    expect(isExpectedError(error)).toBe(true);
  });

  it("anything else is unexpected, and its message is not shown", () => {
    const bug = new TypeError("cannot read properties of undefined (secret detail)");
    expect(errorKind(bug)).toBeUndefined();
    expect(isExpectedError(bug)).toBe(false);
    expect(errorText(bug)).toMatch(/^Unexpected internal error/);
    expect(errorText(bug)).not.toContain("secret");
  });

  it("a batch's input problems are listed by entry, each worded by its own row", () => {
    expect(errorText(samples.entries_refused)).toBe(
      "Nothing was logged: 1 of 3 entries needs a change. Correct it and send the whole batch again.\n- entry 2: No.",
    );
  });

  it.each([
    ["local", { kind: "local" }, /"env" block/],
    ["tenant", { kind: "tenant" }, /operator.*tenants file/],
    [
      "oauth",
      { kind: "oauth", webhookUrl: "https://mcp.example/webhooks/x" },
      /sign in to this server again/,
    ],
    ["key", { kind: "key" }, /your MCP client's configuration of this server/],
  ] as const)("a refused key is worded for a %s caller: who replaces it", (kind, signIn, fix) => {
    for (const error of [samples.authentication, samples.permission]) {
      const text = errorText(error, { signIn });
      expect(text).toMatch(fix);
      if (kind !== "local") expect(text).not.toMatch(/INVOICING_API_KEY|"env" block/);
    }
  });

  it("a hosted caller is not told to change this server's variables: its operator is", () => {
    const hosted = { signIn: { kind: "tenant" } } as const;
    for (const kind of ["network", "timeout", "invalid_response"] as const) {
      expect(errorText(samples[kind]), kind).toMatch(/INVOICING_(BASE_URL|TIMEOUT_MS)/);
      expect(errorText(samples[kind], hosted), kind).not.toMatch(/INVOICING_/);
      expect(errorText(samples[kind], hosted), kind).toMatch(/tell this server's operator/);
    }
  });
});
