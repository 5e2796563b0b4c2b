// One PostgreSQL server per integration run: the embedded one in a temporary
// directory, or the server named by DATABASE_URL (CI's second run). A migrated
// template database is made once; each test file clones it (integration-setup.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../app/.server/db/embedded';
import { applyMigrations } from '../../app/.server/db/open';

declare module 'vitest' {
  export interface ProvidedContext {
    pgMaintenanceUrl: string;
    pgTemplate: string;
  }
}

const TEMPLATE = `guesthouse_template_${process.pid}`;

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let tempDir: string | undefined;
  let maintenanceUrl: string;
  if (process.env.DATABASE_URL) {
    maintenanceUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-it-'));
    embedded = await startEmbeddedPostgres(tempDir, () => {});
    maintenanceUrl = embedded.url('postgres');
  }
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${TEMPLATE}"`);
  await admin.query(`create database "${TEMPLATE}"`);
  await admin.end();
  await applyMigrations(withDatabase(maintenanceUrl, TEMPLATE));

  project.provide('pgMaintenanceUrl', maintenanceUrl);
  project.provide('pgTemplate', TEMPLATE);

  return async () => {
    if (embedded) {
      await embedded.stop();
      fs.rmSync(tempDir!, { recursive: true, force: true });
      return;
    }
    const cleanup = new pg.Client({ connectionString: maintenanceUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(`select datname from pg_database where datname like 'guesthouse_t_%' or datname = $1`, [
      TEMPLATE,
    ]);
    for (const { datname } of rows) await cleanup.query(`drop database if exists "${datname}" with (force)`);
    await cleanup.end();
  };
}
