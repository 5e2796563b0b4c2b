// Measures the JavaScript a visitor's browser downloads per route (gzip), from the
// production build's route manifest, against DESIGN.md's budget (150 KB, aim 120 KB).
// Usage: npm run build && node bench/bundle-size.mjs [--write]
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

/** Pages measured; `/auth` and the back office are listed for comparison, not held to the public budget. */
export const PAGES = {
  '/': 'routes/site/home',
  '/room/:roomId': 'routes/site/room',
  '/livre-dor': 'routes/site/guest-book',
  '/mentions-legales': 'routes/site/legal',
  '/auth': 'routes/site/auth',
  '/admin (rooms)': 'routes/admin/rooms',
};

/** Files a route needs: the entry, then every route from the root down to it, with their imports. */
function filesOf(manifest, routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  for (const id of ids) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

/** The production build's route manifest (build/client/assets/manifest-*.js). */
export function readRouteManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error('No route manifest: run `npm run build` first.');
  const source = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
}

/** Gzip bytes (level 9) of the JavaScript each page loads, with the files it loads. */
export function measurePages(clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client'), pages = PAGES) {
  const manifest = readRouteManifest(clientDir);
  const gzipSize = (url) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, url)), { level: 9 }).length;
  return Object.entries(pages)
    .filter(([, routeId]) => manifest.routes[routeId])
    .map(([page, routeId]) => {
      const files = [...filesOf(manifest, routeId)];
      const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
      return { page, routeId, kb: bytes / 1024, files };
    });
}

// Run as a script (not when imported by the budget test).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const BUDGET = 150;
  const rows = measurePages().map((r) => ({ ...r, files: r.files.length }));
  const lines = [
    `# JavaScript per page (gzip), ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Budget ${BUDGET} KB per public page (aim 120 KB). Measured by \`node bench/bundle-size.mjs\` on a production build.`,
    '',
    '| page | JS gzip (KB) | files | within budget |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${r.page} | ${r.kb.toFixed(1)} | ${r.files} | ${r.page.startsWith('/admin') ? 'n/a (back office)' : r.kb <= BUDGET ? 'yes' : '**no**'} |`),
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) fs.writeFileSync(path.resolve('bench/results/bundle-size.md'), `${lines.join('\n')}\n`);
  const over = rows.filter((r) => !r.page.startsWith('/admin') && r.kb > BUDGET);
  if (over.length) process.exitCode = 1;
}
