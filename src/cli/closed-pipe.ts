/**
 * `invoicing-mcp doctor | head -1`: once the reader is gone, the next write to stdout fails with
 * EPIPE, and an 'error' event nobody listens to ends Node with a stack trace. The commands that
 * print (help, doctor, tokens, …) end quietly instead, exit code 0: whoever closed the pipe has read
 * what they wanted. The stdio server does not use this: it stops the way it stops when stdin ends.
 */
export function endQuietlyOnClosedStdout(stdout: NodeJS.WriteStream = process.stdout): void {
  stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    process.stderr.write(`invoicing-mcp: cannot write to stdout (${error.code ?? error.message})\n`);
    process.exit(1);
  });
}
