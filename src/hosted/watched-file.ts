/**
 * A small JSON file the operator edits while the server runs (tenants, tokens): parsed again when
 * its size, modification time or identity changed, so removing a tenant or revoking a token takes
 * effect on the next request, on every instance that reads the same file, without a restart. A
 * stat per request costs microseconds; a parse happens only after an edit.
 */
import { readFileSync, statSync } from "node:fs";

export class WatchedFile<T> {
  private fingerprint = "";
  private value: T | undefined;

  constructor(
    readonly path: string,
    private readonly parse: (text: string, path: string) => T,
    /** The value of a file that does not exist (tokens before the first is created). */
    private readonly missing?: () => T,
  ) {}

  current(): T {
    let print: string;
    try {
      const stat = statSync(this.path);
      print = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" && this.missing) return this.missing();
      throw error;
    }
    if (print !== this.fingerprint || this.value === undefined) {
      // A half-written edit fails to parse: keep serving what was valid, and try again next time.
      try {
        this.value = this.parse(readFileSync(this.path, "utf8"), this.path);
        this.fingerprint = print;
      } catch (error) {
        if (this.value === undefined) throw error;
      }
    }
    return this.value;
  }
}
