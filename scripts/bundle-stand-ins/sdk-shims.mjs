// The bundle's stand-in for the SDK's internal "@modelcontextprotocol/server/_shims" (its Node
// shim), which scripts/bundle.mjs resolves here. The Node shim's default JSON Schema validator is
// Ajv, whose CommonJS runs when the SDK is imported, whether or not anything is validated; the
// server names its validator itself (src/mcp/server.ts), and this makes the SDK's default the same
// one, so Ajv is not in the bundle. Same exports as the SDK's; test/packaging/bundle.test.ts checks that.

export { default as process } from "node:process";
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
