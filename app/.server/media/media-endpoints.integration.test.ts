// The media pipeline through its real HTTP handlers: uploads as an admin (multipart
// built with FormData + File), refusals, delete and primary image, and delivery of
// variants with content negotiation, caching and conditional requests.
// One database pass: its subject is images and their HTTP delivery (sharp, negotiation, caching); the rows it writes are the rooms' and sections' image lists, which admin-rooms and admin-sections check in both passes.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { homepageSections, rooms, siteConfig } from '~/.server/db/schema';
import { action as mediaAction, loader as mediaUploadLoader } from '~/routes/resources/media-upload';
import { loader as mediaLoader } from '~/routes/resources/media';
import {
  file,
  HTML_PAGE,
  makeAvif,
  makeDecompressionBomb,
  makeJpeg,
  makeJpegWithGps,
  makePng,
  makeWebp,
  SVG_WITH_SCRIPT,
  TEXT,
} from '../../../tests/support/images';
import { formRequest, getRequest, ORIGIN, run, signedInAs, type Fields } from '../../../tests/support/requests';
import { TargetMissing, uploadImages } from './entity-images';
import { prepareImage } from './images';
import { keyFromUrl, storage } from './storage';
import { IMAGE_WORKER_IDLE_MS, imageWorkerPid, stopImageWorker } from './image-worker';
import { variantStats } from './variants';

let admin: string;

beforeAll(async () => {
  admin = (await signedInAs('admin')).cookie;
});

async function createRoom() {
  const [room] = await db.insert(rooms).values({ position: 0 }).returning({ id: rooms.id });
  return room!.id;
}

async function roomImages(id: string) {
  const [row] = await db.select({ images: rooms.images, primaryImage: rooms.primaryImage }).from(rooms).where(eq(rooms.id, id));
  return row!;
}

const JSON_ACCEPT = { accept: 'application/json' };

/** As the admin unless another cookie, or null (anonymous), is given. */
function post(fields: Fields, cookie: string | null = admin, headers: Record<string, string> = JSON_ACCEPT) {
  return run(mediaAction, formRequest('/api/media', fields, cookie ?? undefined, headers));
}

function media(url: string, headers: Record<string, string> = {}) {
  const path = url.replace(/^\/media\//, '').split('?')[0]!;
  const request = getRequest(url, undefined, headers);
  return mediaLoader({ request, params: { '*': path }, context: {} } as never) as Promise<Response>;
}

const toastOf = (headers: Headers) => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('toast='));
  if (!cookie) return null;
  return JSON.parse(Buffer.from(cookie.split(';')[0]!.slice(6), 'base64url').toString('utf8'));
};

describe('POST /api/media: upload', () => {
  it('accepts JPEG, PNG, WebP and AVIF in one request, under server-made names, and appends them to the room', async () => {
    const id = await createRoom();
    const files = [
      file(await makeJpeg(), '../../../etc/passwd.jpg'),
      file(await makePng(), 'photo.png', 'image/png'),
      file(await makeWebp(), 'photo.webp', 'image/webp'),
      file(await makeAvif(), 'photo.avif', 'image/avif'),
    ];
    const result = await post({ intent: 'upload', kind: 'room', id, files });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, message: '4 image(s) uploadée(s) avec succès' });
    expect(toastOf(result.headers)).toMatchObject({
      type: 'success',
      title: 'Succès',
      description: '4 image(s) uploadée(s) avec succès',
    });

    const { images } = await roomImages(id);
    expect(images).toEqual(result.data.urls);
    const extensions = images.map((url) => url.split('.').pop());
    expect(extensions).toEqual(['jpg', 'png', 'webp', 'avif']);
    for (const url of images) {
      expect(url).toMatch(new RegExp(`^/media/room-images/${id}/\\d{13}-[0-9a-f]{12}\\.(jpg|png|webp|avif)$`));
      expect(await storage().exists(keyFromUrl(url)!)).toBe(true);
    }
  });

  it('appends to the images already there', async () => {
    const id = await createRoom();
    await db
      .update(rooms)
      .set({ images: ['https://example.com/old.jpg'] })
      .where(eq(rooms.id, id));
    const result = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'a.jpg')] });
    expect(result.data.message).toBe('1 image(s) uploadée(s) avec succès');
    expect((await roomImages(id)).images).toEqual(['https://example.com/old.jpg', result.data.urls[0]]);
  });

  it.each([
    ['a renamed text file', () => file(TEXT, 'photo.jpg'), /n'est pas une image/],
    ['an HTML page', () => file(HTML_PAGE, 'page.jpg', 'image/jpeg'), /n'est pas une image/],
    ['an SVG with a script', () => file(SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml'), /n'est pas une image/],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await makeJpeg(800, 600);
        return file(jpeg.subarray(0, jpeg.length - 2000), 'cut.jpg');
      },
      /illisible ou incomplète/,
    ],
    ['a zero-byte file', () => file(Buffer.alloc(0), 'empty.jpg'), /est vide/],
    ['a decompression bomb', () => file(makeDecompressionBomb(), 'bomb.png', 'image/png'), /40 mégapixels/],
  ])('refuses %s with a message, storing nothing (even beside a valid image)', async (_label, make, message) => {
    const id = await createRoom();
    const result = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'ok.jpg'), await make()] });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "Erreur lors de l'upload des images" });
    expect(result.data.error).toMatch(message);
    expect(toastOf(result.headers)).toMatchObject({ type: 'error', description: "Erreur lors de l'upload des images" });
    expect((await roomImages(id)).images).toEqual([]);
    expect(await storage().list(`room-images/${id}/`)).toEqual([]);
  });

  it('strips EXIF (GPS included) from the stored original', async () => {
    const id = await createRoom();
    const result = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpegWithGps(), 'gps.jpg')] });
    expect(result.status).toBe(200);
    const response = await media(result.data.urls[0]);
    const stored = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('Secret Model');
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
  });

  it('refuses anonymous visitors and non-admins, storing nothing', async () => {
    const id = await createRoom();
    const files = [file(await makeJpeg(), 'a.jpg')];
    expect((await post({ intent: 'upload', kind: 'room', id, files }, null)).status).toBe(401);
    const user = await signedInAs('user');
    expect((await post({ intent: 'upload', kind: 'room', id, files }, user.cookie)).status).toBe(403);
    expect(await storage().list(`room-images/${id}/`)).toEqual([]);
    expect((await run(mediaUploadLoader, getRequest('/api/media'))).status).toBe(401);
  });

  it('refuses a request whose declared size is over the cap before reading it', async () => {
    const id = await createRoom();
    const result = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'a.jpg')] }, admin, {
      ...JSON_ACCEPT,
      'content-length': String(200 * 1024 * 1024),
    });
    expect(result.status).toBe(413);
    expect(result.data.error).toMatch(/taille maximale/);
  });

  it('answers invalid input and unknown intents with 400 and field messages', async () => {
    const id = await createRoom();
    const noFiles = await post({ intent: 'upload', kind: 'room', id });
    expect(noFiles.status).toBe(400);
    expect(noFiles.data.errors.files).toEqual(['Aucune image sélectionnée']);
    const badTarget = await post({ intent: 'upload', kind: 'room', id: 'nope', files: [file(await makeJpeg(), 'a.jpg')] });
    expect(badTarget.status).toBe(400);
    expect(badTarget.data.errors.id).toBeDefined();
    expect((await post({ intent: 'explode', kind: 'room', id })).status).toBe(400);
  });

  it('refuses an unknown room, and hero images before the site configuration exists', async () => {
    const unknown = await post({ intent: 'upload', kind: 'room', id: crypto.randomUUID(), files: [file(await makeJpeg(), 'a.jpg')] });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe('Chambre introuvable.');

    await db.delete(siteConfig);
    const hero = await post({ intent: 'upload', kind: 'hero', files: [file(await makeJpeg(), 'a.jpg')] });
    expect(hero.status).toBe(404);
    expect(hero.data.error).toMatch(/Sauvegardez d'abord la configuration du site/);
    expect(await storage().list('homepage-images/hero/')).toEqual([]);
  });

  it('appends hero images to the site configuration', async () => {
    await db.delete(siteConfig);
    await db.insert(siteConfig).values({ name: 'Mas', heroImages: [] });
    const result = await post({ intent: 'upload', kind: 'hero', files: [file(await makeJpeg(), 'a.jpg'), file(await makePng(), 'b.png')] });
    expect(result.status).toBe(200);
    const [row] = await db.select({ heroImages: siteConfig.heroImages }).from(siteConfig);
    expect(row!.heroImages).toEqual(result.data.urls);
    expect(result.data.urls[0]).toMatch(/^\/media\/homepage-images\/hero\//);
  });

  it('removes the stored files when the row update finds no target (no orphan, no dangling URL)', async () => {
    const id = crypto.randomUUID();
    const prepared = [await prepareImage('a.jpg', await makeJpeg())];
    await expect(uploadImages({ kind: 'room', id }, prepared)).rejects.toBeInstanceOf(TargetMissing);
    expect(await storage().list(`room-images/${id}/`)).toEqual([]);
  });

  it('redirects plain form posts back to the editor with the toast', async () => {
    const id = await createRoom();
    const result = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'a.jpg')] }, admin, {
      referer: `${ORIGIN}/admin/room/${id}`,
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('location')).toBe(`/admin/room/${id}`);
    expect(toastOf(result.headers)).toMatchObject({ description: '1 image(s) uploadée(s) avec succès' });
    const failed = await post({ intent: 'upload', kind: 'room', id, files: [file(TEXT, 'a.jpg')] }, admin, {
      referer: 'https://evil.example/admin',
    });
    expect(failed.headers.get('location')).toBe('/admin');
    expect(toastOf(failed.headers)).toMatchObject({ type: 'error', description: "Erreur lors de l'upload des images" });
  });
});

describe('POST /api/media: delete and primary image', () => {
  it('sets the primary image, then deleting it removes file, variants and URL, and clears primary_image', async () => {
    const [section] = await db.insert(homepageSections).values({ position: 0 }).returning({ id: homepageSections.id });
    const id = section!.id;
    const upload = await post({
      intent: 'upload',
      kind: 'section',
      id,
      files: [file(await makeJpeg(), 'a.jpg'), file(await makeJpeg(), 'b.jpg')],
    });
    const [first, second] = upload.data.urls as string[];
    expect(first).toMatch(new RegExp(`^/media/homepage-images/${id}/`));

    const primary = await post({ intent: 'set-primary', kind: 'section', id, url: first });
    expect(primary.data.message).toBe('Image principale définie avec succès');
    let [row] = await db.select().from(homepageSections).where(eq(homepageSections.id, id));
    expect(row!.primaryImage).toBe(first);

    expect((await media(`${first}?w=200&h=128&q=75`, { accept: 'image/webp' })).status).toBe(200);
    const key = keyFromUrl(first!)!;
    expect(await storage().list(`variants/${key}/`)).toHaveLength(1);

    const deleted = await post({ intent: 'delete', kind: 'section', id, url: first });
    expect(deleted.data.message).toBe('Image supprimée avec succès');
    expect(toastOf(deleted.headers)).toMatchObject({ type: 'success', description: 'Image supprimée avec succès' });
    [row] = await db.select().from(homepageSections).where(eq(homepageSections.id, id));
    expect(row!.images).toEqual([second]);
    expect(row!.primaryImage).toBeNull();
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().list(`variants/${key}/`)).toEqual([]);
    expect((await media(first!)).status).toBe(404);
  });

  it('keeps the primary image when another image is deleted', async () => {
    const id = await createRoom();
    const upload = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(), 'a.jpg'), file(await makeJpeg(), 'b.jpg')] });
    const [first, second] = upload.data.urls as string[];
    await post({ intent: 'set-primary', kind: 'room', id, url: first });
    await post({ intent: 'delete', kind: 'room', id, url: second });
    expect(await roomImages(id)).toEqual({ images: [first], primaryImage: first });
  });

  it("refuses to delete or promote an image that is not the target's, and never deletes another entity's file", async () => {
    const owner = await createRoom();
    const other = await createRoom();
    const upload = await post({ intent: 'upload', kind: 'room', id: owner, files: [file(await makeJpeg(), 'a.jpg')] });
    const url = upload.data.urls[0] as string;

    const wrongDelete = await post({ intent: 'delete', kind: 'room', id: other, url });
    expect(wrongDelete.status).toBe(404);
    expect(wrongDelete.data.message).toBe("Erreur lors de la suppression de l'image");
    const wrongPrimary = await post({ intent: 'set-primary', kind: 'room', id: other, url });
    expect(wrongPrimary.status).toBe(404);
    expect(toastOf(wrongPrimary.headers)).toMatchObject({ description: "Erreur lors de la définition de l'image principale" });
    expect(await storage().exists(keyFromUrl(url)!)).toBe(true);

    // A shared URL listed on another room is unlisted there, but the file stays for its owner.
    await db
      .update(rooms)
      .set({ images: [url] })
      .where(eq(rooms.id, other));
    expect((await post({ intent: 'delete', kind: 'room', id: other, url })).status).toBe(200);
    expect(await storage().exists(keyFromUrl(url)!)).toBe(true);
    expect((await roomImages(owner)).images).toEqual([url]);
  });

  it('reorders hero and room images one step at a time, refusing the ends and foreign images', async () => {
    await db.delete(siteConfig);
    const hero = ['/media/homepage-images/hero/a.jpg', '/media/homepage-images/hero/b.jpg', '/media/homepage-images/hero/c.jpg'];
    await db.insert(siteConfig).values({ name: 'Mas', heroImages: hero });
    const heroImages = async () => (await db.select({ images: siteConfig.heroImages }).from(siteConfig))[0]!.images;

    const down = await post({ intent: 'move', kind: 'hero', url: hero[0]!, direction: 'down' });
    expect(down.status).toBe(200);
    expect(toastOf(down.headers)).toMatchObject({ description: 'Ordre des images mis à jour' });
    expect(await heroImages()).toEqual([hero[1], hero[0], hero[2]]);
    expect((await post({ intent: 'move', kind: 'hero', url: hero[2]!, direction: 'up' })).status).toBe(200);
    expect(await heroImages()).toEqual([hero[1], hero[2], hero[0]]);

    // The first cannot go up, the last cannot go down; nothing changes.
    const first = await post({ intent: 'move', kind: 'hero', url: hero[1]!, direction: 'up' });
    expect(first.status).toBe(400);
    expect(toastOf(first.headers)).toMatchObject({ description: 'Impossible de réorganiser les images' });
    expect((await post({ intent: 'move', kind: 'hero', url: hero[0]!, direction: 'down' })).status).toBe(400);
    expect((await post({ intent: 'move', kind: 'hero', url: '/media/homepage-images/hero/z.jpg', direction: 'up' })).status).toBe(404);
    expect((await post({ intent: 'move', kind: 'hero', url: hero[0]!, direction: 'sideways' })).status).toBe(400);
    expect((await post({ intent: 'move', kind: 'hero', url: hero[0]!, direction: 'up' }, null)).status).not.toBe(200);
    expect(await heroImages()).toEqual([hero[1], hero[2], hero[0]]);

    // Rooms the same way; the primary image stays the primary image.
    const id = await createRoom();
    const urls = [`/media/room-images/${id}/1.jpg`, `/media/room-images/${id}/2.jpg`];
    await db.update(rooms).set({ images: urls, primaryImage: urls[0] }).where(eq(rooms.id, id));
    expect((await post({ intent: 'move', kind: 'room', id, url: urls[1]!, direction: 'up' })).status).toBe(200);
    expect(await roomImages(id)).toEqual({ images: [urls[1], urls[0]], primaryImage: urls[0] });
    expect((await post({ intent: 'move', kind: 'room', id: crypto.randomUUID(), url: urls[1]!, direction: 'down' })).status).toBe(404);
  });

  it('has no primary image for the hero', async () => {
    const result = await post({ intent: 'set-primary', kind: 'hero', url: '/media/homepage-images/hero/x.jpg' });
    expect(result.status).toBe(400);
  });
});

describe('GET /media/*: delivery', () => {
  let url: string;
  beforeAll(async () => {
    const id = await createRoom();
    const upload = await post({ intent: 'upload', kind: 'room', id, files: [file(await makeJpeg(1600, 1200), 'a.jpg')] });
    url = upload.data.urls[0];
  });

  it('serves the original with immutable caching', async () => {
    const response = await media(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('negotiates AVIF, then WebP, then JPEG from Accept, at the requested size', async () => {
    const cases = [
      ['image/avif,image/webp,image/apng,image/*,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const;
    for (const [accept, type, format] of cases) {
      const response = await media(`${url}?w=800&h=400&q=80`, { accept });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('vary')).toBe('Accept');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe(format);
      expect([metadata.width, metadata.height]).toEqual([800, 400]);
    }
  });

  it('encodes a variant once: later and concurrent requests are served from the cache', async () => {
    const variant = `${url}?w=150&h=80&q=70`;
    const before = variantStats.encodes;
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => media(variant, { accept: 'image/webp' })));
    expect(concurrent.every((r) => r.status === 200)).toBe(true);
    expect(variantStats.encodes - before).toBe(1);

    // The encode counter proves the cache answered; how fast is the benchmark's business.
    const again = await media(variant, { accept: 'image/webp' });
    expect(again.status).toBe(200);
    expect(variantStats.encodes - before).toBe(1);
    const bodies = await Promise.all([concurrent[0]!, again].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(bodies[0]!.equals(bodies[1]!)).toBe(true);
  });

  it('encodes in a child process that exits once idle, so that its native memory leaves with it', async () => {
    const response = await media(`${url}?w=640&h=400&q=75`, { accept: 'image/avif' });
    expect(response.status).toBe(200);
    const pid = imageWorkerPid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    const alive = (id: number) => {
      try {
        process.kill(id, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(pid!)).toBe(true);
    // Generous: the child is told to go after IMAGE_WORKER_IDLE_MS without work.
    const deadline = Date.now() + IMAGE_WORKER_IDLE_MS + 20_000;
    while (alive(pid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(pid!)).toBe(false);
    expect(imageWorkerPid()).toBeNull();

    // The next encode starts a new worker.
    expect((await media(`${url}?w=640&h=400&q=75`, { accept: 'image/webp' })).status).toBe(200);
    expect(imageWorkerPid()).not.toBe(pid);
  }, 60_000);

  it('a worker that is leaving does not take the next encode down with it', async () => {
    const before = variantStats.encodes;
    expect((await media(`${url}?w=640&h=400&q=75`, { accept: '*/*' })).status).toBe(200);
    expect(imageWorkerPid()).not.toBeNull();
    // The next encode is asked while the stopped worker is still exiting: it goes to a new
    // worker, and the old one's exit must not fail it (seen in CI as "exited (0) before answering").
    stopImageWorker();
    expect((await media(`${url}?w=150&h=80&q=70`, { accept: '*/*' })).status).toBe(200);
    expect(variantStats.encodes - before).toBe(2);
  }, 60_000);

  it('answers 304 to a matching If-None-Match', async () => {
    const variant = `${url}?w=200&h=128&q=75`;
    const first = await media(variant, { accept: 'image/avif' });
    const etag = first.headers.get('etag')!;
    const second = await media(variant, { accept: 'image/avif', 'if-none-match': etag });
    expect(second.status).toBe(304);
    expect(second.headers.get('etag')).toBe(etag);
    expect(await second.text()).toBe('');
    expect((await media(variant, { accept: 'image/avif', 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('refuses sizes outside the allow-list, and answers 404 for unknown or invalid keys', async () => {
    for (const query of ['w=801', 'w=5000&h=5000', 'w=800&h=400&q=100', 'w=800&fit=fill']) {
      expect((await media(`${url}?${query}`)).status, query).toBe(400);
    }
    expect((await media('/media/room-images/nope/1700000000000-000000000000.jpg')).status).toBe(404);
    expect((await media('/media/room-images/nope/1700000000000-000000000000.jpg?w=800&h=400&q=80')).status).toBe(404);
    expect((await media('/media/../../etc/passwd')).status).toBe(404);
    expect((await media(`/media/variants/${keyFromUrl(url)}/200x128-q75-cover.avif`)).status).toBe(404);
  });
});
