import { type IncomingMessage, type OutgoingHttpHeaders, request, type ServerResponse } from "node:http";

/**
 * What the test fronts (the balancer, the documented proxy) do with a request they pass on: send it
 * to `target` with `headers` on a connection of its own, and its answer back, with `answerHeaders`
 * added; 502 when the backend does not answer.
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  headers: OutgoingHttpHeaders,
  answerHeaders: OutgoingHttpHeaders = {},
): void {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...answerHeaders });
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}
