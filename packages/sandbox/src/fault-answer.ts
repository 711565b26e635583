/**
 * Answers a request the broken way a fault asks for. Returns the status that went out (0 when no
 * status line was ever sent), for the request log.
 */
import { type ServerResponse, STATUS_CODES } from "node:http";
import { AUTH_MESSAGE } from "./envelope.js";
import type { FaultAction } from "./faults.js";
import { JSON_CONTENT_TYPE } from "./http-io.js";

/** A plausible list answer to cut in half when no real answer exists (a "before" fault). */
const CANNED_BODY = JSON.stringify({
  data: [{ _id: "inv_truncated", invoiceNumber: "RE-2026-001", netAmount: 1000, status: "sent" }],
  meta: { total: 1 },
  error: null,
});

export function answerFault(res: ServerResponse, action: FaultAction, realBody?: string): number {
  switch (action.kind) {
    case "hang":
      return 0;
    case "reset":
      res.socket?.resetAndDestroy();
      return 0;
    case "stall-body": {
      const status = action.status ?? 200;
      res.writeHead(status, { "Content-Type": JSON_CONTENT_TYPE });
      res.write('{"data":[{"_id":"inv_');
      return status;
    }
    case "truncated": {
      const full = realBody ?? CANNED_BODY;
      // Cut in the middle, but a complete HTTP message: the length header matches what is sent.
      return send(res, 200, JSON_CONTENT_TYPE, full.slice(0, Math.floor(full.length / 2)), {
        Connection: "close",
      });
    }
    case "not-envelope":
      return send(res, 200, JSON_CONTENT_TYPE, JSON.stringify(action.body ?? { ok: true }));
    case "malformed":
      return send(res, 200, JSON_CONTENT_TYPE, "not json{");
    case "html":
      return send(res, action.status, "text/html; charset=utf-8", htmlPage(action.status));
    case "status": {
      const headers: Record<string, string> =
        action.retryAfter === undefined ? {} : { "Retry-After": action.retryAfter };
      const error = action.message ?? defaultMessage(action.status, action.retryAfter);
      return send(
        res,
        action.status,
        JSON_CONTENT_TYPE,
        JSON.stringify({ data: null, meta: null, error }),
        headers,
      );
    }
  }
}

function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): number {
  res.writeHead(status, {
    ...headers,
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
  return status;
}

function defaultMessage(status: number, retryAfter: string | undefined): string {
  if (status === 401 || status === 403) return AUTH_MESSAGE;
  if (status === 429) {
    if (retryAfter === undefined) return "Rate limit exceeded.";
    return /^\d+$/.test(retryAfter)
      ? `Rate limit exceeded. Retry after ${retryAfter} seconds.`
      : `Rate limit exceeded. Retry after ${retryAfter}.`;
  }
  return STATUS_CODES[status] ?? `Error ${status}`;
}

function htmlPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}
