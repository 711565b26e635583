/**
 * A server that cannot listen (`sandbox`, `webhooks serve`, `serve`) says so in one line that names
 * the address and what to do, instead of Node's "listen EADDRINUSE: address already in use …".
 * Anything else is returned as it is.
 */
export function explainListenError(error: unknown): unknown {
  const { code, syscall, address, port } = error as {
    code?: unknown;
    syscall?: unknown;
    address?: unknown;
    port?: unknown;
  };
  if (syscall !== "listen" || typeof port !== "number") return error;
  const where = `${typeof address === "string" ? address : "this host"} port ${port}`;
  if (code === "EADDRINUSE")
    return new Error(
      `${where} is already in use (another instance, or another program): stop that, or choose another port with --port N (0 picks a free one)`,
    );
  if (code === "EACCES")
    return new Error(`not allowed to listen on ${where}: choose a port above 1023 with --port N`);
  if (code === "EADDRNOTAVAIL")
    return new Error(`${where}: this machine has no such address; choose another with --host H`);
  return error;
}
