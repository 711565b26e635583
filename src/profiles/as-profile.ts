/** The stored details as the e-invoice builder takes them (src/einvoice/input.ts). */
import type { BuyerProfile, SellerProfile } from "../einvoice/input.js";
import type { CustomerDetails, SellerDetails } from "./details.js";

export function sellerProfile(seller: SellerDetails): SellerProfile {
  const days = seller.paymentDays === undefined ? undefined : Number(seller.paymentDays);
  return {
    name: seller.name,
    address: {
      street: seller.street,
      additionalLine: seller.addressLine2,
      postcode: seller.postcode,
      city: seller.city,
      country: seller.country,
    },
    vatId: seller.vatId,
    taxNumber: seller.taxNumber,
    contact: { name: seller.contactName, phone: seller.phone, email: seller.email },
    iban: seller.iban,
    bic: seller.bic,
    paymentTermsDays: Number.isInteger(days) ? days : undefined,
  };
}

export function buyerProfile(customer: CustomerDetails | undefined): BuyerProfile {
  return {
    address: {
      street: customer?.street,
      additionalLine: customer?.addressLine2,
      postcode: customer?.postcode,
      city: customer?.city,
      country: customer?.country,
    },
    vatId: customer?.vatId,
    buyerReference: customer?.buyerReference,
  };
}

/**
 * Where each gap of the check (src/einvoice/check.ts, by its field) is filled: a field of the
 * person's details, or the service's record (no field: the fix is made there).
 */
export const GAP_FIELDS: Readonly<Record<string, { party: "seller" | "customer"; field: string }>> = {
  "seller.name": { party: "seller", field: "name" },
  "seller.address.street": { party: "seller", field: "street" },
  "seller.address.postcode": { party: "seller", field: "postcode" },
  "seller.address.city": { party: "seller", field: "city" },
  "seller.address.country": { party: "seller", field: "country" },
  "seller.vatId": { party: "seller", field: "vatId" },
  "seller.taxNumber": { party: "seller", field: "taxNumber" },
  "seller.contact.name": { party: "seller", field: "contactName" },
  "seller.contact.phone": { party: "seller", field: "phone" },
  "seller.contact.email": { party: "seller", field: "email" },
  "payment.iban": { party: "seller", field: "iban" },
  "payment.bic": { party: "seller", field: "bic" },
  "payment.terms": { party: "seller", field: "paymentDays" },
  "buyer.address.street": { party: "customer", field: "street" },
  "buyer.address.postcode": { party: "customer", field: "postcode" },
  "buyer.address.city": { party: "customer", field: "city" },
  "buyer.address.country": { party: "customer", field: "country" },
  "buyer.buyerReference": { party: "customer", field: "buyerReference" },
  "buyer.electronicAddress": { party: "customer", field: "email" },
  "buyer.vatId": { party: "customer", field: "vatId" },
};
