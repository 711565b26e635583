/**
 * A small JSON file the operator edits while the server runs (tenants, tokens): parsed again when
 * its size, modification time or identity changed, so removing a tenant or revoking a token takes
 * effect on the next request, on every instance that reads the same file, without a restart. A
 * parse happens only after an edit.
 *
 * The file is looked at (a stat) once per turn of the event loop, not once per request: the requests
 * one turn handles were ready together when it began, and each of the two files (tokens, tenants)
 * cost a stat per request under load. A request arriving after an edit is handled in a later turn,
 * which looks again, so it sees the edit.
 */
import { readFileSync, type Stats, statSync } from "node:fs";

export class WatchedFile<T> {
  private ino = -1;
  private size = -1;
  private mtimeMs = -1;
  private value: T | undefined;
  /** Set when the file was looked at in this turn of the event loop; cleared by setImmediate. */
  private lookedAt = false;
  private readonly nextTurn = () => {
    this.lookedAt = false;
  };

  constructor(
    readonly path: string,
    private readonly parse: (text: string, path: string) => T,
    /** The value of a file that does not exist (tokens before the first is created). */
    private readonly missing?: () => T,
  ) {}

  current(): T {
    if (this.lookedAt && this.value !== undefined) return this.value;
    let stat: Stats;
    try {
      stat = statSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && this.missing) return this.missing();
      throw error;
    }
    const changed = stat.ino !== this.ino || stat.size !== this.size || stat.mtimeMs !== this.mtimeMs;
    if (changed || this.value === undefined) {
      // A half-written edit fails to parse: keep serving what was valid, and try again next time.
      try {
        this.value = this.parse(readFileSync(this.path, "utf8"), this.path);
        this.ino = stat.ino;
        this.size = stat.size;
        this.mtimeMs = stat.mtimeMs;
      } catch (error) {
        if (this.value === undefined) throw error;
        return this.value; // not remembered as looked at: the next request tries again
      }
    }
    if (!this.lookedAt) {
      this.lookedAt = true;
      setImmediate(this.nextTurn).unref();
    }
    return this.value;
  }
}
