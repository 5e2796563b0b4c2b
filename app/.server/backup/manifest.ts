// The layout of a backup archive (one .tar.gz) and its manifest, the last entry:
//   tables/{table}/{0001…}.copy   rows in PostgreSQL's COPY text format, cut at row ends
//   images/{storage key}          uploaded originals, byte for byte (variants are rebuilt)
//   manifest.json                 schema migration, counts, sha256 of every part, creation time
import { isValidKey } from '../media/storage';
import { z } from '~/lib/zod';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'guesthouse-backup';
export const FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_$]{0,62}$/);

const Part = z.object({ file: z.string().min(1), bytes: z.number().int().min(0), sha256 });

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  migration: z.object({ tag: z.string().min(1), when: z.number().int(), hash: z.string() }),
  /** In an order that foreign keys accept (referenced tables first). */
  tables: z.array(z.object({ name: identifier, columns: z.array(identifier), rows: z.number().int().min(0), parts: z.array(Part) })),
  sequences: z.array(z.object({ name: identifier, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  images: z.array(Part.extend({ key: z.string().refine(isValidKey, 'not an image key') })),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestPart = z.infer<typeof Part>;

export const tablePartName = (table: string, index: number) => `tables/${table}/${String(index + 1).padStart(4, '0')}.copy`;
export const imageEntryName = (key: string) => `images/${key}`;

/** Every part the manifest lists, by entry name. */
export function partsOf(manifest: Manifest): Map<string, ManifestPart> {
  const parts = new Map<string, ManifestPart>();
  for (const part of [...manifest.tables.flatMap((t) => t.parts), ...manifest.images]) parts.set(part.file, part);
  return parts;
}

/** `sauvegarde-2026-11-23-031500.tar.gz` (UTC): the name of downloads, command-line and nightly archives. */
export function archiveFileName(date = new Date()): string {
  const stamp = date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace('T', '-')
    .replace(/:/g, '');
  return `sauvegarde-${stamp}.tar.gz`;
}

export const ARCHIVE_FILE_NAME = /^sauvegarde-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/;
