/**
 * A small record the server keeps for the person in one JSON file (their business details, the
 * payment dates they gave): read whole and checked against its schema; changed one update at a time
 * in this process (another process's write in between is replaced whole); replaced atomically,
 * written to a temporary file beside it and renamed, so a crash or a full disk leaves the old file
 * whole, never half of a new one. The file is the person's alone (mode 0600).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { z } from "zod";
import { InputError } from "./domain/input-error.js";

export interface JsonFileRecord<T> {
  read(): Promise<T>;
  /** Stores what `change` makes of the stored record, checked against the schema; returns it. */
  update(change: (current: T) => T): Promise<T>;
}

export interface JsonFileRecordOptions<T> {
  schema: z.ZodType<T, unknown>;
  /** The record before anything was stored (no file yet). */
  empty: T;
  /** What to tell the person when the file cannot be read as the record (changed by hand, damaged). */
  unreadable: string;
}

export function jsonFileRecord<T>(path: string, options: JsonFileRecordOptions<T>): JsonFileRecord<T> {
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<T> => {
    let raw: string;
    try {
      raw = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return options.empty;
      throw error;
    }
    const parsed = options.schema.safeParse(safeJson(raw));
    if (!parsed.success) throw new InputError(options.unreadable);
    return parsed.data;
  };
  return {
    read,
    update(change) {
      const next = queue.then(async () => {
        const record = options.schema.parse(change(await read()));
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
        try {
          await writeFile(temporary, `${JSON.stringify(record, null, 1)}\n`, { mode: 0o600 });
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        return record;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
