/**
 * One sandbox's data: the two accounts and an id source for created records. Each `startSandbox`
 * builds its own store, so tests never see each other's writes.
 */
import type { AccountId } from "./keys.js";
import type { AccountData, SandboxData } from "./records.js";
import { emptyAccount } from "./records.js";
import { generateDemoAccount } from "./seed/demo.js";
import { generateOtherAccount } from "./seed/other-account.js";
import { createRandom, deriveSeed, idFactory } from "./seed/prng.js";

export interface Store {
  accounts: Record<AccountId, AccountData>;
  /** A new id with this prefix, unique across both accounts. */
  newId(prefix: string): string;
}

export function createStore(seed: number, reference: number, data?: SandboxData): Store {
  const accounts: Record<AccountId, AccountData> = data
    ? {
        demo: checked(structuredClone(data.demo)),
        other: checked(structuredClone(data.other ?? emptyAccount())),
      }
    : { demo: generateDemoAccount(seed, reference), other: generateOtherAccount(seed, reference) };
  const taken = new Set(Object.values(accounts).flatMap(allIds));
  const random = createRandom(deriveSeed(seed, "created"));
  return {
    accounts,
    newId(prefix) {
      const next = idFactory(random, prefix);
      let id = next();
      while (taken.has(id)) id = next();
      taken.add(id);
      return id;
    },
  };
}

function allIds(account: AccountData): string[] {
  return [
    account.customers,
    account.projects,
    account.timeEntries,
    account.invoices,
    account.expenses,
  ].flatMap((records) => records.map((r) => r._id));
}

/** Explicit test data must be usable by the reports: a paid invoice needs its payment date. */
function checked(account: AccountData): AccountData {
  for (const invoice of account.invoices) {
    if (invoice.status === "paid" && invoice.paidAt === undefined) {
      throw new TypeError(`sandbox data: paid invoice ${invoice._id} needs paidAt`);
    }
  }
  return account;
}
