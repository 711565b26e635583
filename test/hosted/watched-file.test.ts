import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WatchedFile } from "../../src/hosted/watched-file.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("WatchedFile: an edit is seen from the next turn of the event loop on", () => {
  let dir: string;
  let path: string;
  let parses: number;
  const parse = (text: string) => {
    parses++;
    const value = JSON.parse(text) as { n: number };
    return value.n;
  };
  /** Writes and moves the modification time on, as an edit a second later would. */
  const write = (text: string, second: number) => {
    writeFileSync(path, text);
    utimesSync(path, second, second);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "watched-file-"));
    path = join(dir, "file.json");
    parses = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("parses once, reuses the value, and reads an edit in the next turn", async () => {
    write('{"n":1}', 1_000);
    const file = new WatchedFile(path, parse);
    expect(file.current()).toBe(1);
    expect(file.current()).toBe(1);
    await nextTurn();
    expect(file.current()).toBe(1);
    expect(parses).toBe(1);
    write('{"n":2}', 2_000);
    await nextTurn();
    expect(file.current()).toBe(2);
    expect(parses).toBe(2);
  });

  it("looks at the file once per turn: an edit within the turn waits for the next", async () => {
    write('{"n":1}', 1_000);
    const file = new WatchedFile(path, parse);
    expect(file.current()).toBe(1);
    write('{"n":2}', 2_000);
    expect(file.current()).toBe(1);
    await nextTurn();
    expect(file.current()).toBe(2);
  });

  it("keeps serving the last valid value over a half-written edit, and reads the fixed one", async () => {
    write('{"n":1}', 1_000);
    const file = new WatchedFile(path, parse);
    expect(file.current()).toBe(1);
    write('{"n":', 2_000);
    await nextTurn();
    expect(file.current()).toBe(1);
    write('{"n":3}', 3_000);
    expect(file.current()).toBe(3); // a failed parse is not remembered as looked at
  });

  it("a missing file has the default value until it is created; without a default it throws", async () => {
    const file = new WatchedFile(path, parse, () => 0);
    expect(file.current()).toBe(0);
    write('{"n":5}', 1_000);
    expect(file.current()).toBe(5);
    expect(() => new WatchedFile(join(dir, "none.json"), parse).current()).toThrow(/ENOENT/);
  });
});
