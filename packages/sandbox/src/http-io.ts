/** Reading request bodies and writing replies on node:http. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest, HttpError, type Reply } from "./envelope.js";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
/** Larger bodies get 413 (the document shows no limit; 1 MiB is far above any real request). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Beyond this we stop draining and drop the connection instead of reading forever. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

export function writeReply(res: ServerResponse, reply: Reply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...reply.headers,
    "Content-Type": JSON_CONTENT_TYPE,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}

/** The parsed JSON body; 400 for a wrong content type or bad JSON, 413 when too large. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers["content-type"] ?? "";
  const raw = await readLimited(req);
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw badRequest("Content-Type must be application/json");
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new HttpError(400, "Invalid JSON body");
  }
}

/** Reads the whole body, but keeps at most MAX_BODY_BYTES; an oversized body is drained, then 413. */
function readLimited(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = () =>
      new HttpError(413, `Request body too large: at most ${MAX_BODY_BYTES} bytes`, { Connection: "close" });
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        reject(tooLarge());
      }
    });
    req.on("end", () => (size > MAX_BODY_BYTES ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on("error", reject);
  });
}
