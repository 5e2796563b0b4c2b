// Runs before each integration test file: a fresh database cloned from the
// migrated template, and a private DATA_DIR. App modules read both on first use.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

const maintenanceUrl = inject('pgMaintenanceUrl');
const template = inject('pgTemplate');
const database = `guesthouse_t_${randomBytes(6).toString('hex')}`;

const admin = new pg.Client({ connectionString: maintenanceUrl });
await admin.connect();
await admin.query(`create database "${database}" template "${template}"`);
await admin.end();

const url = new URL(maintenanceUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'guesthouse-data-'));
process.env.SEED_DEMO = 'false';
process.env.PUBLIC_URL = 'http://localhost:3000';
// The sign-up tests need it on (a fresh site has it off: config.test.ts).
process.env.ALLOW_SIGNUP = 'true';
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;
delete process.env.SMTP_URL;
