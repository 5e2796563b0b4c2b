// Lighthouse (the `lighthouse` package, its default mobile configuration: Moto G Power
// emulation, simulated slow 4G and 4× CPU slowdown) on the public pages, in French and
// English, against the BUILT app on the demo content in a fresh DATA_DIR, with Chromium
// at /usr/bin/chromium (CHROME_PATH to change it). Each page is audited `--runs` times
// (3) and every figure is the median of those runs.
//
// Usage: node bench/lighthouse.mjs [--runs=3] [--base=http://…] [--write]
//   --base: audit a server that is already running instead of starting one.
// As a module: `auditPages({ base, pages, runs })` for other scripts and tests.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createDataDir, firstRoomPath, machineLine, parseArgs, removeDataDir, requireBuild, startApp, writeSection } from './app-server.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const TARGETS = { score: 100, fcpMs: 1000, lcpMs: 1200 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The audits that cost points in a run, worst first, as `id` (category). */
function lostPoints(lhr) {
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) lost.push({ id: ref.id, category: id, cost: ref.weight * (1 - audit.score) });
    }
  }
  return lost.sort((a, b) => b.cost - a.cost).map((a) => `${a.id} (${a.category})`);
}

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, seen on a loaded machine) is retried twice. */
async function auditOnce(url, port) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}), again…`);
  }
}

/**
 * Audits each { label, url } `runs` times in one headless Chromium (Lighthouse resets
 * storage between runs) and returns the medians per page.
 */
export async function auditPages({ pages, runs = 3, log = console.log, onPage = () => {} }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const results = [];
    for (const page of pages) {
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        lhrs.push(await auditOnce(page.url, chrome.port));
      }
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(lhrs.map((l) => Math.round((l.categories[id].score ?? 0) * 100)))]));
      const fcp = median(lhrs.map((l) => l.audits['first-contentful-paint'].numericValue));
      const lcp = median(lhrs.map((l) => l.audits['largest-contentful-paint'].numericValue));
      // The run whose performance score is the median, for the audits that cost points.
      const medianRun = [...lhrs].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[Math.floor(lhrs.length / 2)];
      const result = { ...page, scores, fcp, lcp, lost: lostPoints(medianRun) };
      log(`${page.label}: ${CATEGORIES.map((id) => scores[id]).join('/')} · FCP ${(fcp / 1000).toFixed(2)} s · LCP ${(lcp / 1000).toFixed(2)} s`);
      results.push(result);
      onPage(results);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** The four public pages in French and English. */
export async function publicPages(base) {
  const room = await firstRoomPath(base);
  const paths = [
    ['/', '/'],
    ['/room/:id', room],
    ['/livre-dor', '/livre-dor'],
    ['/mentions-legales', '/mentions-legales'],
  ];
  // Page by page, both languages together: a run cut short still covers whole pages.
  return paths.flatMap(([label, path]) => ['fr', 'en'].map((lang) => ({ label: `${label} (${lang})`, path: label, lang, url: `${base}${path}?lang=${lang}` })));
}

export function reportSection(results, { started, runs, planned = results.length }) {
  const ok = (met) => (met ? 'met' : '**not met**');
  const lines = [
    '<!-- lighthouse:start (written by node bench/lighthouse.mjs --write) -->',
    '## Lighthouse, mobile',
    '',
    `${machineLine(started)} · Lighthouse ${lighthouseVersion()} default mobile configuration (emulated Moto G Power, simulated ` +
      `slow 4G, 4× CPU slowdown), headless Chromium (${CHROME_PATH}) · median of ${runs} runs per page · the built app on the demo content, ` +
      'page cache in its default state, each page first visited by the audit itself.',
    '',
    '| page | performance | accessibility | best practices | SEO | FCP (s) | LCP (s) | target | points lost on (median run) |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...results.map((r) => {
      const all100 = CATEGORIES.every((id) => r.scores[id] >= TARGETS.score);
      const parts = [`100 in all four: ${ok(all100)}`];
      if (r.path === '/') {
        parts.push(`FCP ≤ ${TARGETS.fcpMs / 1000} s: ${ok(r.fcp <= TARGETS.fcpMs)}`, `LCP ≤ ${TARGETS.lcpMs / 1000} s: ${ok(r.lcp <= TARGETS.lcpMs)}`);
      }
      return (
        `| \`${r.label}\` | ${CATEGORIES.map((id) => r.scores[id]).join(' | ')} | ${(r.fcp / 1000).toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} | ` +
        `${parts.join('; ')} | ${r.lost.slice(0, 4).join(', ') || '—'} |`
      );
    }),
    ...(results.length < planned
      ? ['', `**Incomplete:** ${results.length} of ${planned} pages audited so far (the section is rewritten after each page).`]
      : []),
    '<!-- lighthouse:end -->',
  ];
  return lines.join('\n');
}

function lighthouseVersion() {
  const file = new URL('../node_modules/lighthouse/package.json', import.meta.url);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).version : '?';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs();
  const runs = Number(args.runs ?? 3);
  const started = new Date();
  let app;
  let dataDir;
  let base = args.base;
  try {
    if (!base) {
      requireBuild();
      dataDir = createDataDir('lighthouse');
      app = await startApp({ dataDir });
      base = app.base;
    }
    const pages = await publicPages(base);
    // Written after each page, so that a run stopped early leaves what it measured.
    const onPage = (done) =>
      args.write === 'true' && done.length < pages.length && writeSection('lighthouse', reportSection(done, { started, runs, planned: pages.length }));
    const results = await auditPages({ pages, runs, onPage });
    const section = reportSection(results, { started, runs });
    console.log(`\n${section}`);
    if (args.write === 'true') writeSection('lighthouse', section);
  } catch (error) {
    console.error(error);
    if (app) console.error(app.errors());
    process.exitCode = 1;
  } finally {
    await app?.stop();
    if (dataDir) removeDataDir(dataDir);
  }
}
