import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_FILE_NAME, archiveFileName } from './manifest';
import { pruneArchives } from './nightly';

describe('archive names', () => {
  it('are dated in UTC and sort by date', () => {
    expect(archiveFileName(new Date('2026-11-23T03:05:09.123Z'))).toBe('sauvegarde-2026-11-23-030509.tar.gz');
    expect(ARCHIVE_FILE_NAME.test(archiveFileName())).toBe(true);
  });

  it('pruning keeps the newest N archives and nothing else is touched', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prune-'));
    const names = ['2026-11-20-030000', '2026-11-21-030000', '2026-11-22-030000', '2026-11-23-030000'].map((stamp) => `sauvegarde-${stamp}.tar.gz`);
    for (const name of [...names, 'notes.txt', 'sauvegarde-2026-11-19-030000.tar.gz.partial']) fs.writeFileSync(path.join(dir, name), 'x');
    const removed = pruneArchives(dir, 2).map((file) => path.basename(file));
    expect(removed.sort()).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.txt', 'sauvegarde-2026-11-19-030000.tar.gz.partial', ...names.slice(2)].sort());
    fs.rmSync(dir, { recursive: true });
  });
});
