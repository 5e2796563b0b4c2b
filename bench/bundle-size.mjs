// Measures the JavaScript a visitor's browser downloads per route (gzip), from the
// production build's route manifest, against DESIGN.md's budget (150 KB, aim 120 KB).
// Usage: npm run build && node bench/bundle-size.mjs [--write]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');
const assets = path.join(clientDir, 'assets');
const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('No route manifest: run `npm run build` first.');
const source = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));

const gzipSize = (url) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, url)), { level: 9 }).length;
const chain = (routeId) => {
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  return ids;
};

const PAGES = {
  '/': 'routes/site/home',
  '/room/:roomId': 'routes/site/room',
  '/livre-dor': 'routes/site/guest-book',
  '/mentions-legales': 'routes/site/legal',
  '/auth': 'routes/site/auth',
  '/admin (rooms)': 'routes/admin/rooms',
};

const rows = [];
for (const [page, routeId] of Object.entries(PAGES)) {
  if (!manifest.routes[routeId]) continue;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of chain(routeId)) {
    const route = manifest.routes[id];
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);
  rows.push({ page, kb: bytes / 1024, files: files.size });
}

const BUDGET = 150;
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
