/**
 * Where a person's own files live on their machine, by the platform's convention: the details file
 * in the configuration folder ($XDG_CONFIG_HOME/invoicing-mcp or ~/.config/invoicing-mcp on Linux,
 * ~/Library/Application Support/invoicing-mcp on macOS, %APPDATA%\invoicing-mcp on Windows), and the
 * documents the server makes in ~/Documents/Invoicing. Never the working directory: a client starts
 * the server wherever it likes. Pure: the environment, the platform and the home folder come in.
 */
import { posix, win32 } from "node:path";
import type { Env } from "../config/environment.js";

const FOLDER = "invoicing-mcp";

export function configFolder(env: Env, platform: NodeJS.Platform, home: string): string {
  if (platform === "win32") {
    const appData = env.APPDATA?.trim();
    return win32.join(appData || win32.join(home, "AppData", "Roaming"), FOLDER);
  }
  if (platform === "darwin") return posix.join(home, "Library", "Application Support", FOLDER);
  const xdg = env.XDG_CONFIG_HOME?.trim();
  // The XDG spec: a relative value is invalid and ignored.
  return posix.join(xdg?.startsWith("/") ? xdg : posix.join(home, ".config"), FOLDER);
}

export interface LocalPlaces {
  detailsFile: string;
  documentsFolder: string;
}

/** The defaults of INVOICING_DETAILS_FILE and INVOICING_DOCUMENTS_DIR. */
export function localPlaces(env: Env, platform: NodeJS.Platform, home: string): LocalPlaces {
  const path = platform === "win32" ? win32 : posix;
  return {
    detailsFile: path.join(configFolder(env, platform, home), "business-details.json"),
    documentsFolder: path.join(home, "Documents", "Invoicing"),
  };
}
