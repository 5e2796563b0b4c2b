// Types of scripts/ensure-node.mjs (plain JavaScript: it runs at `npm install`, before any build).
export declare const RUNTIME_INTEGRITY: Record<string, string>;
export type RuntimePlan = { kind: 'link-running' } | { kind: 'fetch'; version: string } | { kind: 'unsupported'; message: string };
export declare function runtimePlan(machine: { running: string; required: string; pinned: string; platform: string; arch: string }): RuntimePlan;
