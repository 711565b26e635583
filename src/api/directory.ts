/**
 * The account's active customers and projects, cached briefly so a burst of tool calls (a model
 * logging a day's entries) does not fetch the lists again for every call, and used to resolve
 * names and to name the ids in every answer.
 *
 * The service lists active customers only, but its customer summary serves any id of the account.
 * So an id that is not in the list (a former customer on an old invoice) is looked up there once,
 * and the former customer is remembered: its id resolves, its name shows in rows, and a name search
 * finds it, marked inactive. A name that matches no customer known so far makes the directory
 * look for former customers once (findFormerCustomers): the customer ids on invoices that the list
 * lacks, at most MAX_FORMER_LOOKUPS summaries, repeated at most every FORMER_SCAN_TTL_MS.
 */
import { resolveByName, UnknownNameError } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";
import type { ApiClient } from "../http/client.js";
import { ApiError, NotFoundError } from "../http/errors.js";
import { getCustomerSummary, listCustomers } from "./customers.js";
import { listInvoices } from "./invoices.js";
import { itemsOf, type ListResult, wholeList } from "./list.js";
import { listProjects } from "./projects.js";
import type { Customer, Project } from "./schemas.js";

const CUSTOMER_NOUN = { singular: "customer", listTool: "list_customers" };

export const DIRECTORY_TTL_MS = 30_000;
/** Former customers looked up by one scan of the invoices, newest invoice first. */
export const MAX_FORMER_LOOKUPS = 20;
/** Customers rarely become former ones: a scan holds for ten minutes. */
export const FORMER_SCAN_TTL_MS = 10 * 60_000;
/** Summaries asked at once during a scan, so a scan does not take the whole rate window at once. */
const SCAN_CONCURRENCY = 4;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/** What a directory knows: one per session, shared by the directory of every tool call (forCall). */
class Known {
  customersCache: Cached<ListResult<Customer>> | undefined;
  projectsCache: Cached<ListResult<Project>> | undefined;
  /** Former customers learnt from the summary endpoint; their names rarely change, so kept for the session. */
  readonly former = new Map<string, Customer>();
  /** Ids the summary endpoint did not know, and when: asked again only after the TTL. */
  readonly unknownIds = new Map<string, number>();
  /** The last scan of the invoices for former customers. */
  scan: { at: number; done: Promise<void> } | undefined;
}

export class Directory {
  constructor(
    private readonly client: () => ApiClient,
    private readonly now: () => number,
    private readonly ttlMs = DIRECTORY_TTL_MS,
    private readonly known = new Known(),
  ) {}

  /**
   * The same object in the session's directory and in every call's: what lives as long as the
   * session (the invoices this server created) is kept by it.
   */
  get session(): object {
    return this.known;
  }

  /**
   * The directory of one tool call: what is known stays shared with this directory (and every other
   * call's), only the requests it makes go through `client`, the call's client with the call's budget.
   */
  forCall(client: () => ApiClient): Directory {
    return new Directory(client, this.now, this.ttlMs, this.known);
  }

  /** The customer list as read: whole, or partial with the reason. */
  customerList(): Promise<ListResult<Customer>> {
    this.known.customersCache = this.fresh(this.known.customersCache, () => listCustomers(this.client()));
    return this.known.customersCache.value;
  }

  projectList(): Promise<ListResult<Project>> {
    this.known.projectsCache = this.fresh(this.known.projectsCache, () => listProjects(this.client()));
    return this.known.projectsCache.value;
  }

  /**
   * Every active customer, or an IncompleteListError: a name matched against part of the list could
   * pick the wrong customer (the exact one may be on a page never read), and a total would under-count.
   */
  async customers(): Promise<Customer[]> {
    return wholeList(
      await this.customerList(),
      "customers",
      "names cannot be matched and totals would be short",
    );
  }

  async projects(): Promise<Project[]> {
    return wholeList(await this.projectList(), "projects", "project names cannot be matched safely");
  }

  /** After a write that changes the lists. */
  invalidate(): void {
    this.known.customersCache = undefined;
    this.known.projectsCache = undefined;
  }

  /**
   * An active customer by id or name, a former one by id or by name (found on the invoices). A text
   * shaped like the account's ids that the service does not know is said to be no customer's id.
   */
  async resolveCustomer(query: string): Promise<Customer> {
    const active = await this.customers();
    const activeIds = new Set(active.map((c) => c._id));
    const known = () => [...active, ...this.formerCustomers().filter((c) => !activeIds.has(c._id))];
    try {
      return resolveByName(known(), query, CUSTOMER_NOUN);
    } catch (error) {
      if (!(error instanceof UnknownNameError)) throw error;
      const trimmed = query.trim();
      const former = await this.formerCustomer(trimmed, { quiet: false });
      if (former) return former;
      if (looksLikeIdOf(trimmed, active)) {
        throw new UnknownNameError(
          `No customer has the id "${cleanText(trimmed, 80)}": the service does not know it (it may belong to another account). Call list_customers for the ids, or give the name.`,
        );
      }
      const before = this.known.former.size;
      await this.findFormerCustomers();
      if (this.known.former.size === before) throw error;
      return resolveByName(known(), query, CUSTOMER_NOUN);
    }
  }

  /**
   * The former customers, after looking for those not met yet on the account's invoices (bounded,
   * and at most once per FORMER_SCAN_TTL_MS). A failing scan leaves those met so far.
   */
  async findFormerCustomers(): Promise<Customer[]> {
    const now = this.now();
    if (this.known.scan === undefined || now - this.known.scan.at >= FORMER_SCAN_TTL_MS) {
      const done = this.scanInvoices();
      this.known.scan = { at: now, done };
      done.catch(() => {
        if (this.known.scan?.done === done) this.known.scan = undefined;
      });
    }
    await this.known.scan.done.catch(() => undefined);
    return this.formerCustomers();
  }

  private async scanInvoices(): Promise<void> {
    const active = new Set((await this.customers()).map((c) => c._id));
    // What could be read is enough: this only adds names to search.
    const invoices = itemsOf(await listInvoices(this.client()));
    const newestFirst = [...invoices].sort((a, b) => b.invoiceDate - a.invoiceDate);
    const ids = [...new Set(newestFirst.map((invoice) => invoice.customerId))]
      .filter((id) => !active.has(id) && !this.known.former.has(id))
      .slice(0, MAX_FORMER_LOOKUPS);
    for (let i = 0; i < ids.length; i += SCAN_CONCURRENCY) {
      await Promise.all(
        ids.slice(i, i + SCAN_CONCURRENCY).map((id) => this.formerCustomer(id, { quiet: true })),
      );
    }
  }

  /** Any customer of the account by id: active from the list, former through the summary endpoint. */
  async customerById(id: string): Promise<Customer | undefined> {
    return (
      (await this.customers()).find((c) => c._id === id) ?? (await this.formerCustomer(id, { quiet: true }))
    );
  }

  /** A project by name or id; with `customerId`, only that customer's projects are candidates. */
  async resolveProject(query: string, customerId?: string): Promise<Project> {
    const projects = await this.projects();
    const candidates =
      customerId === undefined ? projects : projects.filter((p) => p.customerId === customerId);
    return resolveByName(candidates, query, {
      singular: "project",
      listTool: "list_projects",
      ...(customerId === undefined ? {} : { among: " of this customer" }),
    });
  }

  /**
   * id → name for the active customers and those former customers seen so far, to name the ids in
   * answers; `ids` that are neither are looked up first (rows of former customers' invoices).
   */
  async customerNames(ids: Iterable<string> = []): Promise<Map<string, string>> {
    // Labels only: what could be read of the list is enough to name a row.
    const listed = itemsOf(await this.customerList());
    const names = new Map(listed.map((c) => [c._id, cleanText(c.name, 200)]));
    const missing = [...new Set(ids)].filter((id) => !names.has(id));
    await Promise.all(missing.map((id) => this.formerCustomer(id, { quiet: true })));
    for (const [id, customer] of this.known.former)
      if (!names.has(id)) names.set(id, cleanText(customer.name, 200));
    return names;
  }

  /** The former customers seen so far (never fetched for this: the service cannot list them). */
  formerCustomers(): Customer[] {
    return [...this.known.former.values()];
  }

  /**
   * A customer id the list does not hold, asked of the summary endpoint. Undefined when it is not
   * an id of this account. `quiet`: only naming a row depends on it, so a failing service leaves
   * the name unknown instead of failing the whole answer.
   */
  private async formerCustomer(id: string, { quiet }: { quiet: boolean }): Promise<Customer | undefined> {
    const known = this.known.former.get(id);
    if (known) return known;
    if (!isIdShaped(id)) return undefined;
    const missedAt = this.known.unknownIds.get(id);
    if (missedAt !== undefined && this.now() - missedAt < this.ttlMs) return undefined;
    try {
      const summary = await getCustomerSummary(this.client(), id);
      const customer: Customer = {
        _id: id,
        name: summary.customer.name,
        hourlyRate: summary.customer.hourlyRate ?? null,
        isActive: false,
      };
      this.known.former.set(id, customer);
      return customer;
    } catch (error) {
      if (error instanceof NotFoundError) {
        this.known.unknownIds.set(id, this.now());
        return undefined;
      }
      if (quiet && error instanceof ApiError) return undefined;
      throw error;
    }
  }

  async projectNames(): Promise<Map<string, string>> {
    return new Map(itemsOf(await this.projectList()).map((p) => [p._id, cleanText(p.name, 200)]));
  }

  private fresh<T>(cached: Cached<T> | undefined, load: () => Promise<T>): Cached<T> {
    const now = this.now();
    if (cached && now - cached.at < this.ttlMs) return cached;
    const value = load();
    // A failed load is not cached: the next call tries again.
    value.catch(() => {
      if (this.known.customersCache?.value === value) this.known.customersCache = undefined;
      if (this.known.projectsCache?.value === value) this.known.projectsCache = undefined;
    });
    return { at: now, value };
  }
}

/**
 * Text that may be an id, worth one summary request: a single token of letters, digits and
 * `_ - . :`, as ids are. Names with spaces, and text aiming at other paths (`/`, `?`, `#`, `..`),
 * never reach the service as a path.
 */
function isIdShaped(text: string): boolean {
  return text.length <= 200 && /^[\p{L}\p{N}][\p{L}\p{N}_.:-]*$/u.test(text) && !text.includes("..");
}

/**
 * Whether a text is shaped like this account's customer ids: the same prefix ("cus_"), or, for
 * ids without one, the same length and alphabet (24 hex digits). Only such a text is said to be an
 * unknown id; anything else is taken for a name.
 */
function looksLikeIdOf(text: string, customers: readonly Customer[]): boolean {
  if (!isIdShaped(text)) return false;
  return customers.some(({ _id }) => {
    const prefix = /^[A-Za-z]+[_-]/.exec(_id)?.[0];
    if (prefix) return text.startsWith(prefix) && text.length > prefix.length;
    const hex = /^[0-9a-f]+$/i;
    return hex.test(_id) && hex.test(text) && text.length === _id.length;
  });
}
