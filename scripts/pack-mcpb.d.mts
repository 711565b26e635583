// Types for scripts/pack-mcpb.mjs, so TypeScript tests can read where it packs.
export declare const MCPB_FILE: string;
export declare const PUBLISHED_SERVER_JSON: string;
export declare function packMcpb(output?: string, options?: { quiet?: boolean }): Promise<string>;
export declare function publishedServerJson(sha256: string): unknown;
