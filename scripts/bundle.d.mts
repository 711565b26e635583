// Types for scripts/bundle.mjs, so TypeScript tests can build a bundle with it.
import type { Metafile } from "esbuild";

export declare const BUNDLE_FILE: string;
export declare function bundle(
  outfile?: string,
): Promise<{ outfile: string; bytes: number; metafile: Metafile }>;
