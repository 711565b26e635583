/**
 * One delivery attempt: a POST of the exact bytes, on a fresh connection, answered within the
 * timeout or counted as failed. Only the status matters; the answer's body is read and dropped.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export interface AttemptResult {
  /** The status received, if any. */
  status?: number;
  /** Why no status came: connection refused, reset, timeout. */
  error?: string;
}

export interface AttemptHandle {
  result: Promise<AttemptResult>;
  /** Ends the attempt at once (the sandbox is closing). */
  abort(): void;
}

export function attempt(
  url: URL,
  body: Buffer,
  headers: Record<string, string>,
  timeoutMs: number,
): AttemptHandle {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const req = send(url, {
    method: "POST",
    agent: false,
    headers: { ...headers, "Content-Length": String(body.length), Connection: "close" },
  });
  const result = new Promise<AttemptResult>((resolve) => {
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const finish = (outcome: AttemptResult) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    req.on("response", (res) => {
      res.resume();
      finish({ status: res.statusCode ?? 0 });
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
  });
  req.end(body);
  return { result, abort: () => req.destroy(new Error("sandbox closed")) };
}
