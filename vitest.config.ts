import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Date logic must not depend on the machine's zone: run everything in a zone far from Berlin.
    env: { TZ: "America/Los_Angeles" },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
