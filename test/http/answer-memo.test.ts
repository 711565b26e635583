/**
 * An invoice list answered byte for byte as the last one is not read again: the request is made,
 * and what reading the same bytes gave comes back, frozen. Any other answer is read in full.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createInvoice, listInvoices } from "../../src/api/invoices.js";
import { itemsOf } from "../../src/api/list.js";
import { invoiceSchema } from "../../src/api/schemas.js";
import { AnswerMemo, MAX_MEMO_PATHS } from "../../src/http/answer-memo.js";
import { withQuickCheck } from "../../src/http/validate.js";
import { clientFor, REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

describe("AnswerMemo", () => {
  const schema = z.array(z.object({ a: z.number() }));
  withQuickCheck(schema, () => undefined);
  const answer = (body: string, status = 200, contentType = "application/json") => ({
    status,
    contentType,
    raw: Buffer.from(body),
  });

  it("gives back what the same bytes gave, frozen, for the same path, schema, status and type", () => {
    const memo = new AnswerMemo();
    const data = memo.remember("GET /x", schema, answer('[{"a":1}]'), { data: [{ a: 1 }], meta: null });
    expect(Object.isFrozen(data) && Object.isFrozen(data[0])).toBe(true);
    expect(memo.recall("GET /x", schema, answer('[{"a":1}]'))).toEqual({ data, meta: null });
    expect(memo.recall("GET /x", schema, answer('[{"a":1}]'))?.data).toBe(data);
    expect(memo.recall("GET /x", schema, answer('[{"a":2}]'))).toBeUndefined();
    expect(memo.recall("GET /y", schema, answer('[{"a":1}]'))).toBeUndefined();
    expect(memo.recall("GET /x", z.array(z.unknown()), answer('[{"a":1}]'))).toBeUndefined();
    expect(memo.recall("GET /x", schema, answer('[{"a":1}]', 201))).toBeUndefined();
    expect(memo.recall("GET /x", schema, answer('[{"a":1}]', 200, "text/plain"))).toBeUndefined();
  });

  it("keeps the answers of at most MAX_MEMO_PATHS paths, letting the one read longest ago go first", () => {
    const memo = new AnswerMemo();
    const keep = (path: string) => memo.remember(path, schema, answer("[]"), { data: [], meta: null });
    for (let page = 0; page < MAX_MEMO_PATHS; page++) keep(`GET /x?page=${page}`);
    expect(memo.recall("GET /x?page=0", schema, answer("[]"))).toBeDefined(); // page 0 read again: newest
    keep("GET /x?page=new");
    expect(memo.recall("GET /x?page=1", schema, answer("[]"))).toBeUndefined(); // the oldest went
    expect(memo.recall("GET /x?page=0", schema, answer("[]"))).toBeDefined();
    expect(memo.recall("GET /x?page=new", schema, answer("[]"))).toBeDefined();
    for (let page = 2; page < MAX_MEMO_PATHS; page++)
      expect(memo.recall(`GET /x?page=${page}`, schema, answer("[]")), `page ${page}`).toBeDefined();
  });

  it("keeps nothing of a schema that is not read on the hot path", () => {
    const memo = new AnswerMemo();
    const other = z.array(z.object({ a: z.number() }));
    const data = memo.remember("GET /x", other, answer("[]"), { data: [], meta: null });
    expect(Object.isFrozen(data)).toBe(false);
    expect(memo.recall("GET /x", other, answer("[]"))).toBeUndefined();
  });
});

describe("the invoice list read twice", () => {
  const sandbox = useSandbox();

  it("is the same list, read once; a new invoice makes a new answer, read in full", async () => {
    const client = clientFor(sandbox());
    const first = itemsOf(await listInvoices(client));
    const requests = sandbox().requests.length;
    const second = itemsOf(await listInvoices(client));
    expect(sandbox().requests.length).toBe(requests + 1); // asked again, every time
    expect(second).toEqual(first);
    expect(second[0]).toBe(first[0]);
    expect(Object.isFrozen(second[0])).toBe(true);
    expect(second).toStrictEqual(invoiceSchema.array().parse(second.map((invoice) => ({ ...invoice }))));

    await createInvoice(client, {
      customerId: first[0]!.customerId,
      invoiceNumber: "RE-MEMO-1",
      invoiceDate: REFERENCE_DATE,
      periodStart: REFERENCE_DATE,
      periodEnd: REFERENCE_DATE,
      netAmount: 12.34,
    });
    const third = itemsOf(await listInvoices(client));
    expect(third).toHaveLength(first.length + 1);
    expect(third.find((invoice) => invoice.invoiceNumber === "RE-MEMO-1")?.netAmount).toBe(12.34);
  });
});
