/**
 * The account's active customers and projects, cached briefly so a burst of tool calls (a model
 * logging a day's entries) does not fetch the lists again for every call, and used to resolve
 * names and to name the ids in every answer.
 *
 * The service lists active customers only, but its customer summary serves any id of the account.
 * So an id that is not in the list (a former customer on an old invoice) is looked up there once,
 * and the former customer is remembered: its id resolves, its name shows in rows, and a name search
 * finds it, marked inactive.
 */
import { resolveByName, UnknownNameError } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";
import type { ApiClient } from "../http/client.js";
import { ApiError, NotFoundError } from "../http/errors.js";
import { getCustomerSummary, listCustomers } from "./customers.js";
import { itemsOf, type ListResult, wholeList } from "./list.js";
import { listProjects } from "./projects.js";
import type { Customer, Project } from "./schemas.js";

const CUSTOMER_NOUN = { singular: "customer", listTool: "list_customers" };

export const DIRECTORY_TTL_MS = 30_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export class Directory {
  private customersCache: Cached<ListResult<Customer>> | undefined;
  private projectsCache: Cached<ListResult<Project>> | undefined;
  /** Former customers learnt from the summary endpoint; their names rarely change, so kept for the session. */
  private readonly former = new Map<string, Customer>();
  /** Ids the summary endpoint did not know, and when: asked again only after the TTL. */
  private readonly unknownIds = new Map<string, number>();

  constructor(
    private readonly client: () => ApiClient,
    private readonly now: () => number,
    private readonly ttlMs = DIRECTORY_TTL_MS,
  ) {}

  /** The customer list as read: whole, or partial with the reason. */
  customerList(): Promise<ListResult<Customer>> {
    this.customersCache = this.fresh(this.customersCache, () => listCustomers(this.client()));
    return this.customersCache.value;
  }

  projectList(): Promise<ListResult<Project>> {
    this.projectsCache = this.fresh(this.projectsCache, () => listProjects(this.client()));
    return this.projectsCache.value;
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
    this.customersCache = undefined;
    this.projectsCache = undefined;
  }

  /** An active customer by id or name, a former one by id, or one seen before by name. */
  async resolveCustomer(query: string): Promise<Customer> {
    const active = await this.customers();
    const activeIds = new Set(active.map((c) => c._id));
    const known = [...active, ...[...this.former.values()].filter((c) => !activeIds.has(c._id))];
    try {
      return resolveByName(known, query, CUSTOMER_NOUN);
    } catch (error) {
      if (!(error instanceof UnknownNameError)) throw error;
      const former = await this.formerCustomer(query.trim(), { quiet: false });
      if (former) return former;
      throw error;
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
    return resolveByName(candidates, query, { singular: "project", listTool: "list_projects" });
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
    for (const [id, customer] of this.former)
      if (!names.has(id)) names.set(id, cleanText(customer.name, 200));
    return names;
  }

  /** The former customers seen so far (never fetched for this: the service cannot list them). */
  formerCustomers(): Customer[] {
    return [...this.former.values()];
  }

  /**
   * A customer id the list does not hold, asked of the summary endpoint. Undefined when it is not
   * an id of this account. `quiet`: only naming a row depends on it, so a failing service leaves
   * the name unknown instead of failing the whole answer.
   */
  private async formerCustomer(id: string, { quiet }: { quiet: boolean }): Promise<Customer | undefined> {
    const known = this.former.get(id);
    if (known) return known;
    if (!isIdShaped(id)) return undefined;
    const missedAt = this.unknownIds.get(id);
    if (missedAt !== undefined && this.now() - missedAt < this.ttlMs) return undefined;
    try {
      const summary = await getCustomerSummary(this.client(), id);
      const customer: Customer = {
        _id: id,
        name: summary.customer.name,
        hourlyRate: summary.customer.hourlyRate ?? null,
        isActive: false,
      };
      this.former.set(id, customer);
      return customer;
    } catch (error) {
      if (error instanceof NotFoundError) {
        this.unknownIds.set(id, this.now());
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
      if (this.customersCache?.value === value) this.customersCache = undefined;
      if (this.projectsCache?.value === value) this.projectsCache = undefined;
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
