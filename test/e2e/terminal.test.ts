import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, StdioSession } from "../helpers/stdio.js";
import { waitFor } from "../helpers/wait-for.js";

const SAYS_WHAT_IT_IS =
  /this is an MCP server: it waits for an MCP client's JSON-RPC on stdin .*npm run demo/;

/**
 * Someone who runs the bin in a terminal sees a process that says nothing and waits: one line on
 * stderr tells them what it is and what to run instead. A client's pipe gets no such line.
 */
describe("the stdio server started by a person in a terminal", () => {
  it("says on stderr what it is and what to try, when stdin is a terminal", async () => {
    // util-linux's script gives the bin a pseudo-terminal as stdin, as a shell would.
    const child = spawn("script", ["-qec", `"${process.execPath}" "${BIN}" --sandbox`, "/dev/null"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    try {
      await waitFor(() => SAYS_WHAT_IT_IS.test(output), { withinMs: 10_000, what: `the line in ${output}` });
      expect(output.match(new RegExp(SAYS_WHAT_IT_IS, "g"))).toHaveLength(1);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("says nothing of the kind to a client, whose stdin is a pipe", async () => {
    const session = new StdioSession(["--sandbox"]);
    await session.initialize();
    await session.endInput();
    expect(session.stderr).not.toMatch(SAYS_WHAT_IT_IS);
  });
});
