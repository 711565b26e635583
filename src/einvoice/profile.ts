/**
 * The parties and the payment of the document, from the person's profile and the service's
 * customer. Values that pass their check are written as the documents want them (spaces out, upper
 * case); others stay as given, so the check before the document can name them.
 */
import { looksLikeLeitwegId, normalBic, normalIban, normalLeitwegId, normalVatId } from "./identifiers.js";
import type { AddressParts, BuyerProfile, SellerProfile, ServiceCustomer } from "./input.js";
import type { Buyer, Payment, PostalAddress, Seller } from "./model.js";
import { germanDate } from "./words.js";

function address(parts: AddressParts | undefined): PostalAddress {
  return {
    street: parts?.street?.trim() ?? "",
    additionalLine: parts?.additionalLine?.trim() || undefined,
    postcode: parts?.postcode?.trim() ?? "",
    city: parts?.city?.trim() ?? "",
    country: parts?.country?.trim().toUpperCase() || "DE",
  };
}

export function seller(profile: SellerProfile): Seller {
  const email = profile.contact?.email?.trim() ?? "";
  return {
    name: profile.name?.trim() ?? "",
    address: address(profile.address),
    vatId: given(profile.vatId, normalVatId),
    taxNumber: profile.taxNumber?.trim() || undefined,
    contact: {
      name: profile.contact?.name?.trim() ?? "",
      phone: profile.contact?.phone?.trim() ?? "",
      email,
    },
    electronicAddress: profile.electronicAddress?.trim() || email || undefined,
  };
}

export function buyer(customer: ServiceCustomer, profile: BuyerProfile): Buyer {
  const reference = profile.buyerReference?.trim() || undefined;
  const leitwegId =
    reference && looksLikeLeitwegId(reference) ? given(reference, normalLeitwegId) : undefined;
  const email = customer.email?.trim();
  return {
    name: customer.name.trim(),
    address: address(profile.address),
    vatId: given(profile.vatId, normalVatId),
    buyerReference: leitwegId ?? reference,
    electronicAddress: leitwegId
      ? { scheme: "0204", value: leitwegId }
      : email
        ? { scheme: "EM", value: email }
        : undefined,
  };
}

export function payment(profile: SellerProfile, issueDate: string): Payment | undefined {
  if (!profile.iban?.trim()) return undefined;
  const days = profile.paymentTermsDays;
  const dueDate = typeof days === "number" && days >= 0 ? addDays(issueDate, days) : undefined;
  return {
    meansCode: "58",
    iban: given(profile.iban, normalIban) ?? "",
    bic: given(profile.bic, normalBic),
    accountName: profile.accountName?.trim() || profile.name?.trim() || undefined,
    dueDate,
    terms:
      dueDate === undefined
        ? undefined
        : days === 0
          ? `Zahlbar sofort ohne Abzug (bis ${germanDate(dueDate)}).`
          : `Zahlbar innerhalb von ${days} Tagen ohne Abzug bis ${germanDate(dueDate)}.`,
  };
}

/**
 * The value as the document writes it when it passes its check, else as given (trimmed), so the
 * check before the document can name it; undefined when nothing was given.
 */
function given(value: string | undefined, normal: (value: string) => string | null): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  return normal(trimmed) ?? trimmed;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
