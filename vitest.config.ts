import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const sandboxSource = (file: string) =>
  fileURLToPath(new URL(`packages/sandbox/src/${file}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run the sandbox package from its TypeScript source (the same files as its
    // "invoicing-mcp-source" export), so they need no build of it and see an edit at once.
    alias: [
      { find: /^@invoicing-mcp\/sandbox$/, replacement: sandboxSource("index.ts") },
      { find: /^@invoicing-mcp\/sandbox\/cli$/, replacement: sandboxSource("main.ts") },
    ],
  },
  test: {
    // The sandbox package's own tests run here too, so `npm test` (and .ci/run's count) covers them.
    include: ["test/**/*.test.ts", "packages/*/test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Date logic must not depend on the machine's zone: run everything in a zone far from Berlin.
    env: { TZ: "America/Los_Angeles" },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
