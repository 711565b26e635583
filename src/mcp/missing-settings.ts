import type { Config } from "../config/load.js";

/** The settings a server without its own client still lacks to reach the service; [] when none. */
export function missingSettings(config: Pick<Config, "apiKey" | "baseUrl">): string[] {
  return [...(config.apiKey ? [] : ["INVOICING_API_KEY"]), ...(config.baseUrl ? [] : ["INVOICING_BASE_URL"])];
}
