// Types of server/runtime.mjs (plain JavaScript: server/start.mjs and the postinstall run before any build).
export declare function nodeRequirement(root: string): string;
export declare function satisfiesRequirement(version: string, requirement: string): boolean;
export declare function runtimeWarning(root: string, running?: string): string | null;
