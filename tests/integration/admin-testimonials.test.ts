// One database pass: its subject is the Témoignages screen's loader and actions; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { testimonials } from '~/.server/db/schema';
import { action, loader } from '~/routes/admin/testimonials';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
});
const post = (fields: Record<string, string>, as = cookie) => run(action, formRequest('/admin/testimonials', fields, as));
const make = async (values: Partial<typeof testimonials.$inferInsert> = {}) => {
  const [row] = await db
    .insert(testimonials)
    .values({ name: 'Alice', email: 'alice@example.com', message: 'Super séjour', country: 'FR', ...values })
    .returning();
  return row!;
};
const get = async (id: string) => (await db.select().from(testimonials).where(eq(testimonials.id, id)))[0];

describe('admin guest book screen', () => {
  it('lists every testimonial newest first', async () => {
    const old = await make({ createdAt: new Date('2024-01-01') });
    const recent = await make({ createdAt: new Date('2025-06-01') });
    const result = await run(loader, getRequest('/admin/testimonials', cookie));
    const ids = result.data.testimonials.map((t: { id: string }) => t.id);
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(old.id));
  });

  it('publishes and unpublishes with the spec toasts', async () => {
    const t = await make();
    const published = await post({ intent: 'publish', id: t.id, published: 'true' });
    expect(decodeToast(published.headers)).toMatchObject({ title: 'Succès', description: 'Témoignage publié' });
    expect((await get(t.id))!.isPublished).toBe(true);
    const unpublished = await post({ intent: 'publish', id: t.id, published: 'false' });
    expect(decodeToast(unpublished.headers)).toMatchObject({ description: 'Témoignage dépublié' });
    expect((await get(t.id))!.isPublished).toBe(false);
  });

  it('features beyond the recommended 3 when the admin proceeds, and unfeatures', async () => {
    for (let i = 0; i < 3; i++) await make({ isFeatured: true });
    const t = await make();
    const featured = await post({ intent: 'feature', id: t.id, featured: 'true' });
    expect(featured.status).toBe(200);
    expect(decodeToast(featured.headers)).toMatchObject({ description: 'Témoignage ajouté aux favoris' });
    expect((await get(t.id))!.isFeatured).toBe(true);
    const removed = await post({ intent: 'feature', id: t.id, featured: 'false' });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Témoignage retiré des favoris' });
    expect((await get(t.id))!.isFeatured).toBe(false);
  });

  it('edits name, email, message and country; an empty country is saved as null', async () => {
    const t = await make();
    const result = await post({ intent: 'edit', id: t.id, name: ' Bob ', email: 'bob@example.com', message: 'Merci', country: '' });
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Témoignage modifié avec succès' });
    expect(await get(t.id)).toMatchObject({ name: 'Bob', email: 'bob@example.com', message: 'Merci', country: null });
    await post({ intent: 'edit', id: t.id, name: 'Bob', email: 'bob@example.com', message: 'Merci', country: 'IT' });
    expect((await get(t.id))!.country).toBe('IT');
  });

  it('answers invalid edits with 400 and French field messages, changing nothing', async () => {
    const t = await make();
    const result = await post({ intent: 'edit', id: t.id, name: '', email: 'not-an-email', message: '', country: 'XX' });
    expect(result.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      name: ['Le nom est requis'],
      email: ['Adresse email invalide'],
      message: ['Le message est requis'],
      country: ['Pays inconnu'],
    });
    expect(await get(t.id)).toMatchObject({ name: 'Alice', email: 'alice@example.com', country: 'FR' });
    const badFlag = await post({ intent: 'publish', id: t.id, published: 'maybe' });
    expect(badFlag.status).toBe(400);
    expect((await get(t.id))!.isPublished).toBe(false);
  });

  it('deletes with the spec toast; a missing one reports the error', async () => {
    const t = await make();
    const result = await post({ intent: 'delete', id: t.id });
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Témoignage supprimé' });
    expect(await get(t.id)).toBeUndefined();
    const again = await post({ intent: 'delete', id: t.id });
    expect(decodeToast(again.headers)).toMatchObject({ title: 'Erreur', description: 'Impossible de supprimer le témoignage' });
  });

  it('refuses non-admins and unknown intents', async () => {
    const t = await make();
    const plain = await signedInAs('user');
    expect((await post({ intent: 'publish', id: t.id, published: 'true' }, plain.cookie)).status).toBe(403);
    expect((await post({ intent: 'delete', id: t.id }, '')).status).toBe(401);
    expect((await get(t.id))!.isPublished).toBe(false);
    expect((await post({ intent: 'explode', id: t.id })).status).toBe(400);
  });
});
