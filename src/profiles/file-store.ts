/**
 * The person's details on one machine: one JSON file in their configuration folder (place.ts),
 * replaced atomically (written to a temporary file beside it, then renamed), so a crash or a full
 * disk leaves the old file whole, never half of a new one.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { InputError } from "../domain/input-error.js";
import { type BusinessDetails, businessDetailsSchema, type DetailsStore, NO_DETAILS } from "./details.js";

export function fileDetailsStore(path: string): DetailsStore {
  // One update at a time in this process; another process's write in between is replaced whole.
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<BusinessDetails> => {
    let raw: string;
    try {
      raw = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return NO_DETAILS;
      throw error;
    }
    const parsed = businessDetailsSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      throw new InputError(
        `Your business details in ${path} cannot be read: the file was changed by hand or damaged. Correct it, or move it aside to enter the details again.`,
      );
    }
    return parsed.data;
  };
  return {
    place: `the file ${path}`,
    read,
    update(change) {
      const next = queue.then(async () => {
        const details = businessDetailsSchema.parse(change(await read()));
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
        try {
          await writeFile(temporary, `${JSON.stringify(details, null, 1)}\n`, { mode: 0o600 });
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        return details;
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
