/**
 * The account's active customers and projects, cached briefly so a burst of tool calls (a model
 * logging a day's entries) does not fetch the lists again for every call, and used to resolve
 * names and to name the ids in every answer.
 */

import { resolveByName } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";
import type { ApiClient } from "../http/client.js";
import { listCustomers } from "./customers.js";
import { itemsOf, type ListResult, wholeList } from "./list.js";
import { listProjects } from "./projects.js";
import type { Customer, Project } from "./schemas.js";

export const DIRECTORY_TTL_MS = 30_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export class Directory {
  private customersCache: Cached<ListResult<Customer>> | undefined;
  private projectsCache: Cached<ListResult<Project>> | undefined;

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

  async resolveCustomer(query: string): Promise<Customer> {
    return resolveByName(await this.customers(), query, { singular: "customer", listTool: "list_customers" });
  }

  /** A project by name or id; with `customerId`, only that customer's projects are candidates. */
  async resolveProject(query: string, customerId?: string): Promise<Project> {
    const projects = await this.projects();
    const candidates =
      customerId === undefined ? projects : projects.filter((p) => p.customerId === customerId);
    return resolveByName(candidates, query, { singular: "project", listTool: "list_projects" });
  }

  /** id → name for the active customers, to name the ids in answers (what could be read is enough). */
  async customerNames(): Promise<Map<string, string>> {
    return new Map(itemsOf(await this.customerList()).map((c) => [c._id, cleanText(c.name, 200)]));
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
