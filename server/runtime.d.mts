// Types of server/runtime.mjs (plain JavaScript: server/start.mjs runs before any build).
export declare const PINNED_RUNTIME_PACKAGE: string;
export declare function pinnedRuntimeVersion(root: string): string | null;
export declare function runtimeWarning(root: string, running?: string): string | null;
