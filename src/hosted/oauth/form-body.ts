/** A small urlencoded form body, read up to a limit; undefined when larger or not a form. */
import type { IncomingMessage } from "node:http";

export const MAX_FORM_BYTES = 16 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = req.headers["content-type"] ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
