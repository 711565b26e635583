/**
 * The account's active customers and projects, cached briefly so a burst of tool calls (a model
 * logging a day's entries) does not fetch the lists again for every call, and used to resolve
 * names and to name the ids in every answer.
 */

import { resolveByName } from "../domain/resolver.js";
import { cleanText } from "../domain/text.js";
import type { ApiClient } from "../http/client.js";
import { listCustomers } from "./customers.js";
import { listProjects } from "./projects.js";
import type { Customer, Project } from "./schemas.js";

export const DIRECTORY_TTL_MS = 30_000;

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

export class Directory {
  private customersCache: Cached<Customer[]> | undefined;
  private projectsCache: Cached<Project[]> | undefined;

  constructor(
    private readonly client: () => ApiClient,
    private readonly now: () => number,
    private readonly ttlMs = DIRECTORY_TTL_MS,
  ) {}

  customers(): Promise<Customer[]> {
    this.customersCache = this.fresh(
      this.customersCache,
      async () => (await listCustomers(this.client())).items,
    );
    return this.customersCache.value;
  }

  projects(): Promise<Project[]> {
    this.projectsCache = this.fresh(
      this.projectsCache,
      async () => (await listProjects(this.client())).items,
    );
    return this.projectsCache.value;
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

  /** id → name for the active customers, to name the ids in answers. */
  async customerNames(): Promise<Map<string, string>> {
    return new Map((await this.customers()).map((c) => [c._id, cleanText(c.name, 200)]));
  }

  async projectNames(): Promise<Map<string, string>> {
    return new Map((await this.projects()).map((p) => [p._id, cleanText(p.name, 200)]));
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
