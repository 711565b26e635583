// Types for scripts/check-server-json.mjs, so a TypeScript test can run its checks.
export declare function serverJsonProblems(server?: unknown): string[];
