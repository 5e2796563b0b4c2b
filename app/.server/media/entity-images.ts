// The image lists of rooms, homepage sections and the site configuration's hero
// (SPEC §7 "Storage"): upload appends, delete removes (and clears a primary image
// that pointed at it), set-primary picks one, move swaps one with its neighbour (the
// hero slider and the galleries show them in this order). Files and rows never disagree for
// long: stored files are removed again when the row update fails, and a file is
// deleted only when it belongs to the entity's own folder.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { db, type Executor } from '../db/client';
import { homepageSections, rooms, siteConfig } from '../db/schema';
import type { ImageTarget } from '~/lib/schemas/media-action';
import type { PreparedImage } from './images';
import { keyFromUrl, publicUrl, storage } from './storage';
import { deleteStoredImage } from './variants';

export class TargetMissing extends Error {}

/** The storage folder of a target (SPEC §7 buckets and folders). */
export function folderOf(target: ImageTarget): string {
  switch (target.kind) {
    case 'room':
      return `room-images/${target.id}`;
    case 'section':
      return `homepage-images/${target.id}`;
    case 'hero':
      return 'homepage-images/hero';
  }
}

/** A server-made name: timestamp, random part, extension of the detected format. */
export function uniqueName(extension: string): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}.${extension}`;
}

function tableOf(target: Exclude<ImageTarget, { kind: 'hero' }>) {
  return target.kind === 'room' ? rooms : homepageSections;
}

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The target's current images and primary image (null when the target does not exist). Locks the row inside a transaction. */
async function lockImages(tx: Executor, target: ImageTarget) {
  if (target.kind === 'hero') {
    const [row] = await tx.select({ images: siteConfig.heroImages }).from(siteConfig).limit(1).for('update');
    return row ? { images: row.images, primaryImage: null } : null;
  }
  const table = tableOf(target);
  const [row] = await tx.select({ images: table.images, primaryImage: table.primaryImage }).from(table).where(eq(table.id, target.id)).for('update');
  return row ?? null;
}

export async function targetExists(target: ImageTarget): Promise<boolean> {
  if (target.kind === 'hero') {
    const [row] = await db.select({ id: siteConfig.id }).from(siteConfig).limit(1);
    return Boolean(row);
  }
  const table = tableOf(target);
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, target.id));
  return Boolean(row);
}

/** Appends URLs in one statement, so concurrent uploads never drop each other's images. */
async function appendImages(tx: Executor, target: ImageTarget, urls: string[]): Promise<boolean> {
  if (target.kind === 'hero') {
    const updated = await tx
      .update(siteConfig)
      .set({ heroImages: sql`${siteConfig.heroImages} || ${textArray(urls)}` })
      .where(eq(siteConfig.singleton, true))
      .returning({ id: siteConfig.id });
    return updated.length > 0;
  }
  const table = tableOf(target);
  const updated = await tx
    .update(table)
    .set({ images: sql`${table.images} || ${textArray(urls)}` })
    .where(eq(table.id, target.id))
    .returning({ id: table.id });
  return updated.length > 0;
}

/**
 * Stores the prepared images under server-made names, then appends their URLs to
 * the target's list in one transaction. On any failure the stored files are
 * removed again. Throws TargetMissing when the target does not exist.
 */
export async function uploadImages(target: ImageTarget, images: PreparedImage[]): Promise<string[]> {
  const folder = folderOf(target);
  const keys = images.map((image) => `${folder}/${uniqueName(image.extension)}`);
  const stored: string[] = [];
  try {
    await Promise.all(
      images.map(async (image, i) => {
        await storage().put(keys[i]!, image.body, image.contentType);
        stored.push(keys[i]!);
      }),
    );
    const urls = keys.map(publicUrl);
    const updated = await db.transaction((tx) => appendImages(tx, target, urls));
    if (!updated) throw new TargetMissing();
    return urls;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  }
}

export type ImageChange = 'done' | 'target-missing' | 'image-missing';

/**
 * Removes an image: the stored file and its cached variants (only when the file
 * lives in the target's own folder), then the URL from the list, clearing
 * primary_image when it pointed at it, in one transaction.
 */
export async function deleteImage(target: ImageTarget, url: string): Promise<ImageChange> {
  return db.transaction(async (tx) => {
    const current = await lockImages(tx, target);
    if (!current) return 'target-missing';
    if (!current.images.includes(url)) return 'image-missing';
    const key = keyFromUrl(url);
    if (key?.startsWith(`${folderOf(target)}/`)) await deleteStoredImage(key);
    if (target.kind === 'hero') {
      await tx
        .update(siteConfig)
        .set({ heroImages: sql`array_remove(${siteConfig.heroImages}, ${url})` })
        .where(eq(siteConfig.singleton, true));
    } else {
      const table = tableOf(target);
      await tx
        .update(table)
        .set({
          images: sql`array_remove(${table.images}, ${url})`,
          primaryImage: sql`nullif(${table.primaryImage}, ${url})`,
        })
        .where(eq(table.id, target.id));
    }
    return 'done';
  });
}

/** Makes one of the target's images its primary image (rooms and sections). */
export async function setPrimaryImage(target: Exclude<ImageTarget, { kind: 'hero' }>, url: string): Promise<ImageChange> {
  return db.transaction(async (tx) => {
    const current = await lockImages(tx, target);
    if (!current) return 'target-missing';
    if (!current.images.includes(url)) return 'image-missing';
    const table = tableOf(target);
    await tx.update(table).set({ primaryImage: url }).where(eq(table.id, target.id));
    return 'done';
  });
}

/**
 * Swaps an image with its neighbour in the target's list, in one transaction under
 * the row lock. 'edge' when there is no neighbour (the first up, the last down).
 */
export async function moveImage(target: ImageTarget, url: string, direction: 'up' | 'down'): Promise<ImageChange | 'edge'> {
  return db.transaction(async (tx) => {
    const current = await lockImages(tx, target);
    if (!current) return 'target-missing';
    const from = current.images.indexOf(url);
    if (from === -1) return 'image-missing';
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= current.images.length) return 'edge';
    const images = [...current.images];
    [images[from], images[to]] = [images[to]!, images[from]!];
    if (target.kind === 'hero') {
      await tx.update(siteConfig).set({ heroImages: images }).where(eq(siteConfig.singleton, true));
    } else {
      const table = tableOf(target);
      await tx.update(table).set({ images }).where(eq(table.id, target.id));
    }
    return 'done';
  });
}
