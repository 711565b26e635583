/**
 * A JSON answer of this package's own HTTP servers (the hosted mode and the webhook receiver): the
 * body as UTF-8 JSON with its length, never cached unless a header given says otherwise.
 */
import type { ServerResponse } from "node:http";

export function answerJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    ...headers,
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}
