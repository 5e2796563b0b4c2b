// A feed is hostile input and node-ical is a large parser we do not control: a 589-byte
// feed once made it allocate until the heap limit aborted the whole server. So every
// feed is parsed in a child process with a heap of FEED_PARSE_MEMORY_MB and at most
// FEED_PARSE_TIMEOUT_MS of time. A feed that exceeds either kills only the child and is
// refused with a plain reason; the next feed gets a fresh child. One feed at a time; at
// most FEED_PARSE_QUEUE wait, the rest are refused at once (tried again later). A caller
// with a deadline of its own (a guest's request, issue 51) is not parsed past it: a parse
// still waiting then is dropped, one under way is cut (OutOfTime).
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FeedRefused, type ParsedFeed, type ParseOptions } from './ical-parse';

const CHILD = path.resolve('app/.server/booking/availability/feed-parse-child.ts');

export const FEED_PARSE_TIMEOUT_MS = 5_000;
export const FEED_PARSE_MEMORY_MB = 128;
export const FEED_PARSE_QUEUE = 32;
/** An idle child is kept this long for the next feed (the worker reads feeds one after another). */
const IDLE_MS = 5_000;

type Answer = { id: number; parsed?: ParsedFeed; refused?: string };

/** The caller's deadline came before the parse ended: nothing is wrong with the feed. */
export class OutOfTime extends Error {
  constructor() {
    super('the time allowed for reading the calendar ran out');
  }
}

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
let waiting = 0;
let queue: Promise<unknown> = Promise.resolve();
/** A parse is under way in the child (none of them ever overlap: `queue`). */
let parsing = false;

function startChild(): ChildProcess {
  const tsx = pathToFileURL(createRequire(path.resolve('package.json')).resolve('tsx')).href;
  const started = fork(CHILD, [], {
    execArgv: [`--max-old-space-size=${FEED_PARSE_MEMORY_MB}`, '--import', tsx],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  started.on('exit', () => {
    if (child === started) child = undefined;
  });
  // An idle child must not keep the server process alive on shutdown.
  started.unref();
  (started.channel as { unref?: () => void } | undefined)?.unref?.();
  return started;
}

function stopChild(worker: ChildProcess | undefined, kill: boolean) {
  if (!worker) return;
  if (child === worker) child = undefined;
  if (kill) worker.kill('SIGKILL');
  else if (worker.connected) worker.disconnect();
}

function parseOnce(bytes: Uint8Array, options: ParseOptions, deadline: number): Promise<ParsedFeed> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new OutOfTime());
  const cutByCaller = left < FEED_PARSE_TIMEOUT_MS;
  clearTimeout(idleTimer);
  parsing = true;
  child ??= startChild();
  const worker = child;
  const id = nextId++;
  return new Promise<ParsedFeed>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
    };
    const onMessage = (answer: Answer) => {
      if (answer.id !== id) return;
      done();
      if (answer.parsed) resolve(answer.parsed);
      else reject(new FeedRefused(answer.refused ?? 'calendrier illisible'));
    };
    const onExit = () => {
      done();
      reject(new FeedRefused('calendrier trop gros ou trop complexe à lire'));
    };
    const timer = setTimeout(
      () => {
        done();
        stopChild(worker, true);
        reject(cutByCaller ? new OutOfTime() : new FeedRefused('calendrier trop long à lire'));
      },
      Math.min(FEED_PARSE_TIMEOUT_MS, left),
    );
    worker.on('message', onMessage);
    worker.on('exit', onExit);
    worker.send({ id, bytes, options }, (error) => {
      if (!error) return;
      done();
      stopChild(worker, true);
      reject(new FeedRefused('calendrier trop gros ou trop complexe à lire'));
    });
  }).finally(() => {
    parsing = false;
    idleTimer = setTimeout(() => stopChild(worker, false), IDLE_MS);
    idleTimer.unref();
  });
}

/**
 * Starts the child ahead of parses about to come (a room's feeds being fetched for a
 * guest's request), so that its start — loading node-ical, several seconds on a loaded
 * machine — overlaps the network rather than the request's budget. Without a parse it
 * stops after IDLE_MS, like any idle child; during one it is left alone.
 */
export function warmFeedParser() {
  if (parsing) return;
  clearTimeout(idleTimer);
  const worker = (child ??= startChild());
  idleTimer = setTimeout(() => stopChild(worker, false), IDLE_MS);
  idleTimer.unref();
}

/**
 * Parses a feed's bytes in the child; rejects with FeedRefused (plain French) for any feed
 * it cannot read within its bounds, and with OutOfTime when `deadline` (ms since the
 * epoch) comes first, whether the parse was still waiting for the child or under way.
 */
export function parseFeedIsolated(bytes: Uint8Array, options: ParseOptions, deadline = Number.POSITIVE_INFINITY): Promise<ParsedFeed> {
  if (waiting >= FEED_PARSE_QUEUE) return Promise.reject(new FeedRefused('trop de calendriers à lire en même temps, nouvel essai plus tard'));
  waiting++;
  const run = queue.then(() => parseOnce(bytes, options, deadline));
  queue = run.catch(() => undefined).finally(() => waiting--);
  return run;
}

/** The running child's process id, or null (tests). */
export function feedParserPid(): number | null {
  return child?.pid ?? null;
}
