// Types of scripts/chromium.mjs, for playwright.config.ts.
export declare const HEADLESS_SHELL: string;
export declare const FULL_CHROMIUM: string;
/** The executable the e2e suite launches: CHROMIUM_PATH, else the headless shell, else the full Chromium when it is the only one. */
export declare function e2eChromium(): string;
