/**
 * The person's details on one machine: one JSON file in their configuration folder (place.ts),
 * replaced atomically (written to a temporary file beside it, then renamed), so a crash or a full
 * disk leaves the old file whole, never half of a new one.
 */
import { jsonFileRecord } from "../json-file-record.js";
import { businessDetailsSchema, type DetailsStore, NO_DETAILS } from "./details.js";

export function fileDetailsStore(path: string): DetailsStore {
  const record = jsonFileRecord(path, {
    schema: businessDetailsSchema,
    empty: NO_DETAILS,
    unreadable: `Your business details in ${path} cannot be read: the file was changed by hand or damaged. Correct it, or move it aside to enter the details again.`,
  });
  return { place: `the file ${path}`, read: record.read, update: record.update };
}
