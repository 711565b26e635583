/**
 * The last answer of each path read on the hot path (a schema with a check written out by hand,
 * src/http/validate.ts: the invoice list), and what reading it gave. Reading an answer (its key
 * scan, JSON, the check of every item, the cleaning of every text) is a function of its bytes, its
 * content type and the schema alone, so an answer byte for byte the last one gives what that one
 * gave: the comparison (a memcmp of the bytes) stands in for reading 64 KB again. The request is
 * still made, every time; only its reading is not repeated. What is remembered is frozen: it is
 * handed to every call that gets the same answer, and none may change it for the others.
 *
 * One answer per path (the query included) and client, at most MAX_MEMO_PATHS paths (the one
 * read longest ago goes first), and none larger than MAX_MEMO_BYTES: a hosted tenant keeps its few
 * list answers, not a history, however many pages and filters it reads.
 */
import type { ZodType } from "zod";
import { quickCheckOf } from "./validate.js";

const MAX_MEMO_BYTES = 1024 * 1024;
export const MAX_MEMO_PATHS = 8;

interface Memo {
  schema: ZodType;
  status: number;
  contentType: string | undefined;
  raw: Buffer;
  data: unknown;
  meta: unknown;
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  raw: Buffer;
}

export class AnswerMemo {
  private readonly last = new Map<string, Memo>();

  /** What reading `answer` with `schema` gave, if it is the last answer of `path`, byte for byte. */
  recall<T>(path: string, schema: ZodType<T>, answer: Answer): { data: T; meta: unknown } | undefined {
    const memo = this.last.get(path);
    if (
      memo === undefined ||
      memo.schema !== schema ||
      memo.status !== answer.status ||
      memo.contentType !== answer.contentType ||
      !memo.raw.equals(answer.raw)
    )
      return undefined;
    // Read again: now the newest, the last to go.
    this.last.delete(path);
    this.last.set(path, memo);
    return { data: memo.data as T, meta: memo.meta };
  }

  /** Keeps what reading `answer` gave, where its schema is read on the hot path; returns it frozen. */
  remember<T>(path: string, schema: ZodType<T>, answer: Answer, read: { data: T; meta: unknown }): T {
    if (quickCheckOf(schema) === undefined || answer.raw.length > MAX_MEMO_BYTES) return read.data;
    const data = frozen(read.data);
    this.last.delete(path);
    if (this.last.size >= MAX_MEMO_PATHS) this.last.delete(this.last.keys().next().value!);
    this.last.set(path, {
      schema,
      status: answer.status,
      contentType: answer.contentType,
      // A copy: the bytes a connection handed over are not ours to keep.
      raw: Buffer.from(answer.raw),
      data,
      meta: frozen(read.meta),
    });
    return data;
  }
}

function frozen<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) frozen(item);
  return Object.freeze(value);
}
