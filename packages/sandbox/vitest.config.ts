import { defineConfig } from "vitest/config";

// `npm test -w @invoicing-mcp/sandbox` runs the package's tests alone; the root's `npm test` runs them
// too, with the same zone.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The sandbox's calendar must not depend on the machine's zone: run in a zone far from Berlin.
    env: { TZ: "America/Los_Angeles" },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
