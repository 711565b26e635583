/**
 * A change of the person's details, value by value: each is checked as it comes in (an IBAN's
 * check digits, a USt-IdNr's shape, a postcode for its country, a Leitweg-ID's check digits …). A
 * value that fails is refused with what is wrong and what to do; the others of the same change are
 * stored all the same, and the outcome says which were. An empty value removes the stored one.
 */
import {
  looksLikeLeitwegId,
  normalBic,
  normalEmail,
  normalIban,
  normalLeitwegId,
  normalPostcode,
  normalVatId,
} from "../einvoice/identifiers.js";
import {
  type BusinessDetails,
  CUSTOMER_FIELDS,
  type CustomerField,
  MAX_CUSTOMERS,
  MAX_VALUE,
  SELLER_FIELDS,
  type SellerField,
} from "./details.js";

export type DetailsField = SellerField | CustomerField;

export interface DetailsChange {
  seller?: Readonly<Record<string, unknown>> | undefined;
  customer?: { id: string; name: string; values: Readonly<Record<string, unknown>> } | undefined;
}

export interface RefusedValue {
  /** "seller.iban", "customer.buyerReference" */
  field: string;
  problem: string;
}

export interface ChangeOutcome {
  details: BusinessDetails;
  /** The fields stored (or removed, for an empty value), as "seller.iban", "customer.street". */
  stored: string[];
  refused: RefusedValue[];
}

export function applyChange(current: BusinessDetails, change: DetailsChange): ChangeOutcome {
  const stored: string[] = [];
  const refused: RefusedValue[] = [];
  const seller = { ...current.seller };
  const customers = { ...current.customers };
  if (change.seller) {
    const country = countryOf(change.seller.country, seller.country);
    for (const [key, raw] of Object.entries(change.seller)) {
      const verdict = checkValue(key, raw, SELLER_FIELDS, country);
      if ("problem" in verdict) refused.push({ field: `seller.${key}`, problem: verdict.problem });
      else {
        setOrRemove(seller, key as SellerField, verdict.value);
        stored.push(`seller.${key}`);
      }
    }
  }
  if (change.customer) {
    const { id, name, values } = change.customer;
    const before = customers[id] ?? { name, details: {} };
    const details = { ...before.details };
    const country = countryOf(values.country, details.country);
    for (const [key, raw] of Object.entries(values)) {
      const verdict = checkValue(key, raw, CUSTOMER_FIELDS, country);
      if ("problem" in verdict) refused.push({ field: `customer.${key}`, problem: verdict.problem });
      else {
        setOrRemove(details, key as CustomerField, verdict.value);
        stored.push(`customer.${key}`);
      }
    }
    if (customers[id] === undefined && Object.keys(customers).length >= MAX_CUSTOMERS) {
      refused.push(
        ...stored
          .filter((field) => field.startsWith("customer."))
          .map((field) => ({ field, problem: `at most ${MAX_CUSTOMERS} customers' details are kept` })),
      );
      return {
        details: { seller, customers },
        stored: stored.filter((f) => f.startsWith("seller.")),
        refused,
      };
    }
    customers[id] = { name: name.slice(0, MAX_VALUE), details };
  }
  return { details: { seller, customers }, stored, refused };
}

function setOrRemove<K extends string>(record: Partial<Record<K, string>>, key: K, value: string): void {
  if (value === "") delete record[key];
  else record[key] = value;
}

/** The country the postcode is checked for: the one given with it, else the stored one, else DE. */
function countryOf(given: unknown, stored: string | undefined): string {
  const text = typeof given === "string" ? given.trim().toUpperCase() : "";
  return /^[A-Z]{2}$/.test(text) ? text : (stored ?? "DE");
}

type Verdict = { value: string } | { problem: string };

function checkValue(key: string, raw: unknown, fields: readonly string[], country: string): Verdict {
  if (!fields.includes(key)) return { problem: `not a field here; the fields are ${fields.join(", ")}` };
  const text =
    typeof raw === "number" && Number.isFinite(raw) ? String(raw) : typeof raw === "string" ? raw : undefined;
  if (text === undefined) return { problem: "give it as text" };
  const value = text.replace(/\s+/g, " ").trim();
  if (value === "") return { value: "" };
  if (value.length > MAX_VALUE) return { problem: `longer than ${MAX_VALUE} characters: shorten it` };
  if (/[\p{Cc}\p{Cf}]/u.test(value)) return { problem: "contains control characters: type it again" };
  const check = CHECKS[key as DetailsField];
  return check ? check(value, country) : { value };
}

const CHECKS: Partial<Record<DetailsField, (value: string, country: string) => Verdict>> = {
  country: (value) =>
    /^[A-Za-z]{2}$/.test(value)
      ? { value: value.toUpperCase() }
      : { problem: `"${value}" is not a two-letter country code: give the ISO code, e.g. DE or AT` },
  postcode: (value, country) => {
    const code = normalPostcode(value, country);
    return code === null
      ? {
          problem: `"${value}" is not a postcode of ${country}${country === "DE" ? " (five digits)" : ""}: check it, or give the country with it`,
        }
      : { value: code };
  },
  vatId: (value) => {
    const id = normalVatId(value);
    return id === null
      ? {
          problem: `"${value}" does not have the shape of a USt-IdNr (in Germany DE and nine digits, e.g. DE123456789): check it on the tax office's letter`,
        }
      : { value: id };
  },
  taxNumber: (value) =>
    /^\d{10,13}$/.test(value.replace(/[\s/]/g, ""))
      ? { value }
      : {
          problem: `"${value}" does not have 10 to 13 digits: give the Steuernummer as the tax office's notice shows it, e.g. 21/815/08150`,
        },
  phone: (value) =>
    /^\+?[0-9 ()/.-]{5,30}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5
      ? { value }
      : { problem: `"${value}" is not a phone number: give digits, e.g. +49 30 1234567` },
  email: (value) => {
    const email = normalEmail(value);
    return email === null
      ? { problem: `"${value}" is not an e-mail address: give one like name@example.de` }
      : { value: email };
  },
  iban: (value) => {
    const iban = normalIban(value);
    return iban === null
      ? {
          problem: `"${value}" is not a valid IBAN (its check digits or length are wrong): copy it again from the bank statement`,
        }
      : { value: iban };
  },
  bic: (value) => {
    const bic = normalBic(value);
    return bic === null
      ? {
          problem: `"${value}" is not a BIC (8 or 11 letters and digits, e.g. COBADEFFXXX): check it, or leave it out`,
        }
      : { value: bic };
  },
  paymentDays: (value) =>
    /^\d{1,3}$/.test(value) && Number(value) <= 120
      ? { value: String(Number(value)) }
      : {
          problem: `"${value}" is not a number of days from 0 to 120: give the days until payment is due, e.g. 14`,
        },
  buyerReference: (value) => {
    if (!looksLikeLeitwegId(value)) return { value };
    const id = normalLeitwegId(value);
    return id === null
      ? {
          problem: `"${value}" looks like a Leitweg-ID but its check digits (the last two) are wrong: ask the client for it again`,
        }
      : { value: id };
  },
};
