// Types for scripts/views.mjs, so TypeScript tests can build the views document with it.
export declare const VIEWS_HTML: string;
export declare function buildViews(): Promise<string>;
