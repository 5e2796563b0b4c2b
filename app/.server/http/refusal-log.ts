// Expected refusals (400, 403, 404, 405, 413, 429) are normal traffic on a public site:
// scanners send thousands. Each logs one short line without a stack, and the same
// refusal repeated by one client within a minute is counted, then summarised in one
// line, so a flood cannot grow the log. Stack traces are for real server errors.

export interface Refusal {
  status: number;
  method: string;
  path: string;
  client: string;
  reason?: string;
}

const WINDOW_MS = 60_000;
/** Distinct lines one client may write per window before the rest is only counted. */
const LINES_PER_CLIENT = 10;
/** Keys remembered per window; past it, refusals are counted under one overflow entry. */
const MAX_KEYS = 2_000;

interface Window {
  started: number;
  /** refusal key → repeats after its first line */
  repeats: Map<string, number>;
  /** client → lines written */
  lines: Map<string, number>;
  /** client → refusals only counted (past LINES_PER_CLIENT, or past MAX_KEYS) */
  silenced: Map<string, number>;
}

let current: Window | undefined;
let write: (line: string) => void = (line) => console.warn(line);

/** Tests capture the lines instead of the console. */
export function setRefusalWriter(writer: (line: string) => void) {
  write = writer;
}

const clean = (text: string, max: number) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, max);

function describe(refusal: Refusal) {
  const reason = refusal.reason ? ` (${clean(refusal.reason, 80)})` : '';
  return `${refusal.status} ${clean(refusal.method, 10)} ${clean(refusal.path, 120)} from ${clean(refusal.client, 45)}${reason}`;
}

/** Writes the summary of the window that ended and starts a new one. */
export function flushRefusals(now = Date.now()) {
  if (current) {
    for (const [key, count] of current.repeats) if (count > 0) write(`[refused] ${key} repeated ${count} more time(s) in the last minute`);
    for (const [client, count] of current.silenced) write(`[refused] ${count} more refusal(s) from ${client} in the last minute`);
  }
  current = { started: now, repeats: new Map(), lines: new Map(), silenced: new Map() };
}

export function logRefusal(refusal: Refusal, now = Date.now()) {
  if (!current || now - current.started >= WINDOW_MS) flushRefusals(now);
  const window = current!;
  const key = describe({ ...refusal, reason: undefined });
  const client = clean(refusal.client, 45);
  const seen = window.repeats.get(key);
  if (seen !== undefined) return void window.repeats.set(key, seen + 1);
  const lines = window.lines.get(client) ?? 0;
  if (lines >= LINES_PER_CLIENT || window.repeats.size >= MAX_KEYS) {
    const counted = window.silenced.has(client) || window.silenced.size < MAX_KEYS ? client : 'other clients';
    return void window.silenced.set(counted, (window.silenced.get(counted) ?? 0) + 1);
  }
  window.lines.set(client, lines + 1);
  window.repeats.set(key, 0);
  write(`[refused] ${describe(refusal)}`);
}

// Summaries of a quiet period still reach the log, without keeping the process alive.
setInterval(() => {
  if (current && Date.now() - current.started >= WINDOW_MS) flushRefusals();
}, WINDOW_MS).unref();
