// Types for scripts/bundle.mjs, so TypeScript tests can build a bundle with it.
import type { Metafile } from "esbuild";

export declare const BUNDLE_DIR: string;
export declare const BUNDLE_ENTRY_NAME: string;
export declare const MCPB_SERVER_DIR: string;
export declare function bundle(
  outdir?: string,
): Promise<{ outdir: string; entry: string; bytes: number; metafile: Metafile }>;
