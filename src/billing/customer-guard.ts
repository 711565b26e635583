/**
 * Before a customer is created: is it one that exists already? The same name (folded: case, umlauts,
 * legal form) with nothing that differs is a replay; the same name with other details, or a similar
 * name, is refused with the candidates, since the API can change no customer and a duplicate would
 * split its invoices. `allowSimilar: true` is the caller's way past the refusal.
 */
import type { Customer } from "../api/schemas.js";
import { toCents } from "../domain/money.js";
import { cores, foldings } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";

/** What create_customer asks for, as far as the service lists it back. */
export interface CustomerRequest {
  name: string;
  hourlyRate: number;
  email?: string | undefined;
  address?: string | undefined;
  activityType?: string | undefined;
}

/** One field where a stored customer differs from what was asked; null where there is none. */
export interface FieldDifference {
  field: "hourly rate" | "e-mail" | "address" | "activity type";
  stored: string | number | null;
  asked: string | number;
}

export interface Candidate {
  customer: Customer;
  /** "same name": the names fold to the same; "similar name": one contains the other, or the same core. */
  likeness: "same name" | "similar name";
  /** For a same name: what differs from the request. */
  differences: FieldDifference[];
}

export type CustomerVerdict =
  /** The same customer was asked for again: return it. */
  | { kind: "replay"; customer: Customer }
  /** Not to be created without allowSimilar: these candidates may be the one meant. */
  | { kind: "refused"; candidates: Candidate[] }
  /** Go ahead; `near` are the candidates an allowSimilar override passed over (for a warning). */
  | { kind: "create"; near: Candidate[] };

/** `existing` are the active customers and the former ones met so far. */
export function customerVerdict(
  existing: readonly Customer[],
  request: CustomerRequest,
  allowSimilar: boolean,
): CustomerVerdict {
  const wanted = foldings(request.name);
  const sameName = existing.filter((c) => foldings(c.name).some((f) => wanted.includes(f)));
  // A replay: the same name with nothing that differs returns the customer, whatever allowSimilar says.
  const replayOf = sameName.find((c) => differences(c, request).length === 0);
  if (replayOf) return { kind: "replay", customer: replayOf };
  const similar = existing.filter((c) => !sameName.includes(c) && isSimilar(c.name, request.name));
  const candidates: Candidate[] = [
    ...sameName.map((customer) => ({
      customer,
      likeness: "same name" as const,
      differences: differences(customer, request),
    })),
    ...similar.map((customer) => ({ customer, likeness: "similar name" as const, differences: [] })),
  ];
  if (candidates.length > 0 && !allowSimilar) return { kind: "refused", candidates };
  return { kind: "create", near: candidates };
}

/**
 * What a request for an existing name asks for that the stored customer does not have, field by
 * field; only fields the service lists can be compared (tax number and VAT id it never shows).
 */
function differences(stored: Customer, wanted: CustomerRequest): FieldDifference[] {
  const found: FieldDifference[] = [];
  const norm = (text: string | null | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase();
  const compare = (
    field: FieldDifference["field"],
    has: string | null | undefined,
    asked: string | undefined,
  ) => {
    if (asked === undefined || norm(has) === norm(asked)) return;
    found.push({ field, stored: has ? cleanText(has, 120) : null, asked: cleanText(asked, 120) });
  };
  const storedRate = stored.hourlyRate;
  if (storedRate == null || toCents(storedRate) !== toCents(wanted.hourlyRate)) {
    found.push({ field: "hourly rate", stored: storedRate ?? null, asked: wanted.hourlyRate });
  }
  compare("e-mail", stored.email, wanted.email);
  compare("address", stored.address, wanted.address);
  compare("activity type", stored.activityType, wanted.activityType);
  return found;
}

/**
 * Two names for perhaps one business: the same once the legal form is dropped ("Müller & Söhne" and
 * "Mueller & Soehne GmbH"), or one starts or contains the other ("Nordlicht", "Studio Nordlicht").
 * Parts shorter than four letters are ignored, or "AG" would be like every name.
 */
function isSimilar(existingName: string, wantedName: string): boolean {
  const theirs = cores(existingName);
  const ours = cores(wantedName);
  return theirs.some((a) =>
    ours.some((w) => {
      const [ac, wc] = [a.replace(/ /g, ""), w.replace(/ /g, "")];
      if (a === w || ac === wc) return true;
      const contains = (long: string, short: string) => short.length >= 4 && long.includes(short);
      return contains(a, w) || contains(w, a) || contains(ac, wc) || contains(wc, ac);
    }),
  );
}
