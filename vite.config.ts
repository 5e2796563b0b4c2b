import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

/**
 * The browser's chunks, by folder: React, React DOM and React Router in one file, and in
 * another what every public page shares — the frame of its pages (app/components/site/shell/)
 * and page delivery's browser side (app/page-delivery/), with what they import (icons,
 * i18n, formatting…) — rather than a dozen small files whose separate compression would
 * cost every visitor bytes (the public JavaScript budget, tests/integration/bundle-budget.test.ts).
 * The few modules that the home, room and guest-book pages share beyond the frame (prices,
 * rich text, a form field) join it too: as chunks of their own they cost those pages more
 * in compression than the legal notice pays for carrying them (1.6 KB, far under budget).
 */
const SITE_FOLDERS = /\/app\/(components\/site\/shell|lib\/every-page|page-delivery)\/|\/node_modules\/clsx\//;
const SITE_SHARED = /\/app\/(lib\/money|lib\/date-time-format|lib\/remember|components\/site\/(form-field|amenity-list|room-placeholder|rich-text))\.tsx?$/;

// What the room page's booking panel shares with the back office's stay forms (nights, stay
// rules, a quote line's words): one file rather than three, each compressed apart.
const STAY_SHARED = /\/app\/(lib\/nights|lib\/stay-rules|components\/quote-line-text)\.tsx?$/;

function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'framework';
  if (SITE_FOLDERS.test(id) || SITE_SHARED.test(id)) return 'site';
  if (STAY_SHARED.test(id)) return 'stay';
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  // The production server bundle starts from our server's entry, which imports the
  // React Router build: one bundle, one copy of every server module.
  build: isSsrBuild
    ? { rollupOptions: { input: './app/production-server.ts' }, target: 'node24' }
    : {
        target: 'es2022',
        // terser: a few KB below esbuild's output on React and React Router.
        minify: 'terser',
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: { output: { manualChunks: clientChunk } },
      },
  esbuild: { target: 'es2022' },
  // Bundled into the server build so that only the icons and Radix primitives we use are
  // kept: as external packages, Node loaded every lucide-react icon module (+30 MB RSS)
  // and every Radix primitive on the first request of any page (bench/RESULTS.md).
  // Drizzle and better-auth too (one copy of Drizzle for both): Node 22 and 24 parse a
  // package's package.json again for each of its modules they load, and Drizzle's is
  // 179 KB with ~450 modules — 150 MB of garbage at every start, which left the young
  // generation grown and an idle server at 255 MB instead of 135 (docs/decisions/0014).
  ssr: { noExternal: ['lucide-react', 'radix-ui', /^@radix-ui\//, 'drizzle-orm', 'better-auth', /^@better-auth\//] },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  server: { port: Number(process.env.PORT ?? 3000) },
}));
