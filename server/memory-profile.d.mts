// Types of server/memory-profile.mjs (plain JavaScript: server/start.mjs runs before any build).
export declare const MEMORY_PROFILE: { nodeFlags: string[]; env: Record<string, string> };
export declare function memoryProfileEnv(): Record<string, string>;
export declare function missingMemorySettings(execArgv?: string[], env?: NodeJS.ProcessEnv): { nodeFlags: string[]; env: Record<string, string> };
export declare function applyMemoryProfile(script: string): string | null;
export declare function keepServerOnlyEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
export declare function serverOnlyEnv(): Record<string, string>;
