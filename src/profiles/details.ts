/**
 * What the person tells the server once about their business and each customer, because the
 * service's API does not hold it: the seller's name, address, tax numbers, contact, bank account and
 * payment terms; per customer the address in parts, the buyer reference (a Leitweg-ID for public
 * clients), their USt-IdNr and an e-mail for invoices. Stored flat, one string per field, so a
 * form, a tool argument and the stored record name each value the same way. Nothing of it is sent
 * to the service.
 */
import { z } from "zod";

export const SELLER_FIELDS = [
  "name",
  "street",
  "addressLine2",
  "postcode",
  "city",
  "country",
  "taxNumber",
  "vatId",
  "contactName",
  "phone",
  "email",
  "iban",
  "bic",
  "paymentDays",
] as const;

export const CUSTOMER_FIELDS = [
  "street",
  "addressLine2",
  "postcode",
  "city",
  "country",
  "vatId",
  "buyerReference",
  "email",
] as const;

export type SellerField = (typeof SELLER_FIELDS)[number];
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

/** A stored value: short, one line. */
export const MAX_VALUE = 200;
/** Bounds what one person's record can grow to. */
export const MAX_CUSTOMERS = 1_000;

const value = z.string().max(MAX_VALUE);

const sellerSchema = z.partialRecord(z.enum(SELLER_FIELDS), value);
const customerSchema = z.object({
  /** The customer's name in the service when stored, so the record reads without the service. */
  name: z.string().max(MAX_VALUE).default(""),
  details: z.partialRecord(z.enum(CUSTOMER_FIELDS), value).default({}),
});

export const businessDetailsSchema = z.object({
  seller: sellerSchema.default({}),
  customers: z
    .record(z.string().min(1).max(MAX_VALUE), customerSchema)
    .default({})
    .refine((customers) => Object.keys(customers).length <= MAX_CUSTOMERS, "too many customers"),
});

export type BusinessDetails = z.output<typeof businessDetailsSchema>;
export type SellerDetails = BusinessDetails["seller"];
export type CustomerDetails = BusinessDetails["customers"][string]["details"];

export const NO_DETAILS: BusinessDetails = { seller: {}, customers: {} };

/** Where the person's details are kept: a file on one machine, a row per principal when hosted. */
export interface DetailsStore {
  read(): Promise<BusinessDetails>;
  /** Stores what `change` makes of the stored details; returns it. */
  update(change: (details: BusinessDetails) => BusinessDetails): Promise<BusinessDetails>;
  /** Where it is kept, in words for the answer ("the file …", "this server's database"). */
  readonly place: string;
}
