// One database pass: its subject is the Configuration screen's loader and actions; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { contactEmails, distances, languages, multilingualContent, siteConfig, transportOptions } from '~/.server/db/schema';
import { action, loader } from '~/routes/admin/config';
import { loader as homeLoader } from '~/routes/site/home';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';
import { DEFAULT_VAT_RATE_BASIS_POINTS } from '~/lib/money-terms';
import { DEFAULT_REGIONAL_SURCHARGE_PERCENT } from '~/lib/tourist-tax';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
  ]);
});
const inEnglish = () => `${cookie}; editingLanguage=en`;
const post = (fields: Record<string, string | string[]>, as = cookie) => run(action, formRequest('/admin/config', fields, as));
const texts = (type: string) =>
  db
    .select({
      key: multilingualContent.contentKey,
      value: multilingualContent.contentValue,
      lang: multilingualContent.languageCode,
      entityId: multilingualContent.entityId,
    })
    .from(multilingualContent)
    .where(eq(multilingualContent.contentType, type));

const general = {
  intent: 'save-config',
  name: 'Mas de Test',
  tagline: 'Au cœur de Grasse',
  contactEmail: 'contact@example.com',
  'phones[0]': '+33 6 00 00 00 01',
  'phones[1]': '',
  'phones[2]': '04 93 00 00 00',
  address: '1 chemin des Oliviers\n06130 Grasse',
  instagramLink: 'https://instagram.com/mas',
  bookingLink: 'http://booking.com/mas',
  airbnbLink: '',
  tripadvisorLink: '',
  modalites: '<p>Arrivée <strong>16h</strong><script>alert(1)</script></p>',
};

describe('admin configuration screen', () => {
  it('creates the transport options once and loads an empty configuration', async () => {
    const first = await run(loader, getRequest('/admin/config', cookie));
    await run(loader, getRequest('/admin/config', cookie));
    expect(first.data.ok).toBe(true);
    expect(first.data.config.exists).toBe(false);
    expect(first.data.transports.map((t: { type: string }) => t.type)).toEqual(['car', 'train', 'plane']);
    expect(await db.select().from(transportOptions)).toHaveLength(3);
  });

  it('saves the general card: row, texts of the editing language, sanitised stay terms', async () => {
    const result = await post(general);
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Succès', description: 'Configuration sauvegardée avec succès' });
    const [row] = await db.select().from(siteConfig);
    expect(row).toMatchObject({
      name: 'Mas de Test',
      tagline: 'Au cœur de Grasse',
      contactEmail: 'contact@example.com',
      phones: ['+33 6 00 00 00 01', '04 93 00 00 00'],
      address: '1 chemin des Oliviers\n06130 Grasse',
      instagramLink: 'https://instagram.com/mas',
      bookingLink: 'http://booking.com/mas',
      airbnbLink: null,
    });
    const saved = await texts('site_config');
    expect(saved.every((t) => t.entityId === null && t.lang === 'fr')).toBe(true);
    const modalites = saved.find((t) => t.key === 'site_config_modalites')!.value;
    expect(modalites).toContain('<strong>16h</strong>');
    expect(modalites).not.toContain('script');
    const loaded = await run(loader, getRequest('/admin/config', cookie));
    expect(loaded.data.config).toMatchObject({ exists: true, name: 'Mas de Test', tagline: 'Au cœur de Grasse' });
  });

  it('saves name and tagline in English without touching the French columns', async () => {
    await post(general);
    const result = await post({ ...general, name: 'Mas of Test', tagline: 'In the heart of Grasse', modalites: '<p></p>' }, inEnglish());
    expect(result.status).toBe(200);
    const [row] = await db.select().from(siteConfig);
    expect(row!.name).toBe('Mas de Test');
    const english = (await texts('site_config')).filter((t) => t.lang === 'en');
    expect(english.map((t) => t.key).sort()).toEqual(['site_config_name', 'site_config_tagline']);
    const loaded = await run(loader, getRequest('/admin/config', inEnglish()));
    expect(loaded.data.config.name).toBe('Mas of Test');
  });

  it('answers invalid links and email with 400 and French messages, changing nothing', async () => {
    await post(general);
    const result = await post({ ...general, name: 'Changed', instagramLink: 'javascript:alert(1)', contactEmail: 'nope' });
    expect(result.status).toBe(400);
    expect(result.data.result.error.instagramLink).toEqual(['Le lien doit commencer par http:// ou https://']);
    expect(result.data.result.error.contactEmail).toEqual(['Adresse email invalide']);
    const [row] = await db.select().from(siteConfig);
    expect(row!.name).toBe('Mas de Test');
  });

  it('adds (trimmed), lists by email and deletes contact emails', async () => {
    const added = await post({ intent: 'add-email', email: '  zoe@example.com ' });
    expect(decodeToast(added.headers)).toMatchObject({ description: 'Email ajouté avec succès' });
    await post({ intent: 'add-email', email: 'anne@example.com' });
    const duplicate = await post({ intent: 'add-email', email: 'anne@example.com' });
    expect(duplicate.status).toBe(400);
    expect(decodeToast(duplicate.headers)).toMatchObject({ description: "Impossible d'ajouter l'email" });
    const empty = await post({ intent: 'add-email', email: '   ' });
    expect(empty.status).toBe(400);
    const loaded = await run(loader, getRequest('/admin/config', cookie));
    expect(loaded.data.contactEmails.map((e: { email: string }) => e.email)).toEqual(['anne@example.com', 'zoe@example.com']);
    const removed = await post({ intent: 'delete-email', id: loaded.data.contactEmails[0].id });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Email supprimé avec succès' });
    expect(await db.select().from(contactEmails)).toHaveLength(1);
  });

  it('enables a transport option and saves its description per editing language', async () => {
    await run(loader, getRequest('/admin/config', cookie));
    const [train] = await db.select().from(transportOptions).where(eq(transportOptions.type, 'train'));
    const toggled = await post({ intent: 'toggle-transport', id: train!.id, enabled: 'true' });
    expect(decodeToast(toggled.headers)).toMatchObject({ description: 'Option de transport mise à jour' });
    expect((await db.select().from(transportOptions).where(eq(transportOptions.id, train!.id)))[0]!.enabled).toBe(true);

    const saved = await post({
      intent: 'save-transport-description',
      id: train!.id,
      description: '<p>Gare de Grasse à <strong>5 min</strong></p><img src=x onerror=alert(1)>',
    });
    expect(decodeToast(saved.headers)).toMatchObject({ description: 'Description sauvegardée' });
    await post({ intent: 'save-transport-description', id: train!.id, description: 'Grasse station, 5 min' }, inEnglish());
    const rows = await texts('transport');
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: `transport_${train!.id}_description`, value: '<p>Gare de Grasse à <strong>5 min</strong></p>', lang: 'fr', entityId: train!.id },
        { key: `transport_${train!.id}_description`, value: 'Grasse station, 5 min', lang: 'en', entityId: train!.id },
      ]),
    );
    const bad = await post({ intent: 'toggle-transport', id: train!.id, enabled: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('adds distances only with a city and a duration of at least 1, and deletes them', async () => {
    for (const fields of [
      { city: '  ', durationMinutes: '10' },
      { city: 'Nice', durationMinutes: '0' },
      { city: 'Nice', durationMinutes: '' },
    ]) {
      const result = await post({ intent: 'add-distance', ...fields });
      expect(result.status).toBe(400);
      expect(decodeToast(result.headers)).toMatchObject({ title: 'Erreur', description: 'Veuillez saisir une ville et une durée valides' });
    }
    expect(await db.select().from(distances)).toHaveLength(0);
    const added = await post({ intent: 'add-distance', city: ' Cannes ', durationMinutes: '30' });
    expect(decodeToast(added.headers)).toMatchObject({ description: 'Distance ajoutée avec succès' });
    const [row] = await db.select().from(distances);
    expect(row).toMatchObject({ city: 'Cannes', durationMinutes: 30 });
    const removed = await post({ intent: 'delete-distance', id: row!.id });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Distance supprimée avec succès' });
    expect(await db.select().from(distances)).toHaveLength(0);
  });

  it('names a distance in each language: visitors read theirs, else the stored city (issue 34)', async () => {
    await post({ intent: 'add-distance', city: 'Aéroport Nice Côte d’Azur', durationMinutes: '40' });
    const [row] = await db.select().from(distances);
    // The French name is a text too, the source of the translations.
    expect(await texts('distance')).toEqual([{ key: `distance_${row!.id}_name`, value: 'Aéroport Nice Côte d’Azur', lang: 'fr', entityId: row!.id }]);
    const english = { intent: 'translate-distance', id: row!.id, language: 'en', name: ' Nice Côte d’Azur Airport ' };
    expect((await post({ ...english, language: 'xx' })).status).toBe(400);
    const saved = await post(english);
    expect(decodeToast(saved.headers)).toMatchObject({ title: 'Succès', description: 'Nom de la distance sauvegardé' });
    const { data } = await run(homeLoader, getRequest('/?lang=en'));
    expect(data.access.distances.map((d: { city: string }) => d.city)).toEqual(['Nice Côte d’Azur Airport']);
    const fr = await run(homeLoader, getRequest('/?lang=fr'));
    expect(fr.data.access.distances.map((d: { city: string }) => d.city)).toEqual(['Aéroport Nice Côte d’Azur']);
    // The editing language's name is in the card's data; deleting the distance deletes its texts.
    const screen = await run(loader, getRequest('/admin/config', inEnglish()));
    expect(screen.data.distances[0].names).toMatchObject({ en: 'Nice Côte d’Azur Airport' });
    await post({ intent: 'delete-distance', id: row!.id });
    expect(await texts('distance')).toEqual([]);
  });

  it('refuses non-admins and unknown intents', async () => {
    const plain = await signedInAs('user');
    expect((await post({ intent: 'add-distance', city: 'Nice', durationMinutes: '40' }, plain.cookie)).status).toBe(403);
    expect((await post({ intent: 'add-distance', city: 'Nice', durationMinutes: '40' }, '')).status).toBe(401);
    expect(await db.select().from(distances)).toHaveLength(0);
    expect((await post({ intent: 'explode' })).status).toBe(400);
  });
});

describe('the legal figures a fresh site starts with', () => {
  it('the database’s defaults are the named defaults the code falls back on (VAT 10 %, regional surcharge 34 %)', async () => {
    const rollback = new Error('rollback');
    const fresh = await db
      .transaction(async (tx) => {
        await tx.delete(siteConfig);
        const [row] = await tx.insert(siteConfig).values({ singleton: true }).returning();
        throw Object.assign(rollback, { row });
      })
      .catch((error: Error & { row?: typeof siteConfig.$inferSelect }) => {
        if (error !== rollback) throw error;
        return error.row!;
      });
    expect(fresh.vatRateBasisPoints).toBe(DEFAULT_VAT_RATE_BASIS_POINTS);
    expect(fresh.touristTaxRegionalPercent).toBe(DEFAULT_REGIONAL_SURCHARGE_PERCENT);
  });
});
