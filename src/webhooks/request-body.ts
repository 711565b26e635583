/** The raw request body, as bytes (the signature covers exactly these), with a size cap. */
import type { IncomingMessage } from "node:http";

/** The document shows no limit; events are small, and 1 MiB keeps a flood from filling memory. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { kind: "ok"; body: Buffer } | { kind: "too-large" };

/**
 * Reads the body, or stops reading as soon as it passes `limit` (a declared Content-Length over the
 * limit is refused before a byte is read). Rejects when the client goes away mid-body.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: "too-large" });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      done();
      req.pause(); // no more reading: the answer says 413 and the connection is closed after it
      resolve({ kind: "too-large" });
    };
    const onEnd = () => {
      done();
      resolve({ kind: "ok", body: Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error("client closed the connection before the body was complete"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
