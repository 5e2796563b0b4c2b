import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/.server/db/client';
import { languages, multilingualContent, rooms, roomSeasonPrices, seasonPeriods, seasons } from '~/.server/db/schema';
import { loadQuoteSeasons } from '~/.server/booking/pricing/quote-inputs';
import { action, loader } from '~/routes/admin/seasons';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';
import { decodeToast } from '../support/toast-cookie';

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInAs('admin'));
});
const post = (fields: Record<string, string>, as = cookie) => run(action, formRequest('/admin/seasons', fields, as));
const allSeasons = () => db.select({ id: seasons.id, name: seasons.name }).from(seasons);

describe('admin seasons screen', () => {
  it('adds a trimmed season and lists seasons by name', async () => {
    const result = await post({ intent: 'create', name: '  Haute saison  ' });
    expect(result.status).toBe(200);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Succès', description: 'Saison ajoutée avec succès' });
    await post({ intent: 'create', name: 'Basse saison' });
    const list = await run(loader, getRequest('/admin/seasons', cookie));
    expect(list.data.seasons.map((s: { name: string }) => s.name)).toEqual(['Basse saison', 'Haute saison']);
  });

  it('answers an empty or missing name with 400 and a French message, adding nothing', async () => {
    const before = await allSeasons();
    for (const name of ['', '   ']) {
      const result = await post({ intent: 'create', name });
      expect(result.status).toBe(400);
      expect(result.data.result.error.name).toEqual(['Le nom de la saison est requis']);
    }
    expect(await allSeasons()).toHaveLength(before.length);
  });

  it('renames a season (trimmed) and refuses an empty rename', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Printemps' }).returning();
    const result = await post({ intent: 'rename', id: season!.id, name: ' Printemps 2026 ' });
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Saison modifiée avec succès' });
    const empty = await post({ intent: 'rename', id: season!.id, name: ' ' });
    expect(empty.status).toBe(400);
    const badId = await post({ intent: 'rename', id: 'not-a-uuid', name: 'X' });
    expect(badId.status).toBe(400);
    const [after] = await db.select().from(seasons).where(eq(seasons.id, season!.id));
    expect(after!.name).toBe('Printemps 2026');
  });

  it('deletes a season and, by cascade, its room prices', async () => {
    const [season] = await db.insert(seasons).values({ name: 'Été' }).returning();
    const [room] = await db.insert(rooms).values({ position: 0 }).returning();
    await db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: season!.id, pricePerNightCents: 120_00 });
    const result = await post({ intent: 'delete', id: season!.id });
    expect(decodeToast(result.headers)).toMatchObject({ description: 'Saison supprimée avec succès' });
    expect(await db.select().from(seasons).where(eq(seasons.id, season!.id))).toHaveLength(0);
    expect(await db.select().from(roomSeasonPrices).where(eq(roomSeasonPrices.roomId, room!.id))).toHaveLength(0);
  });

  it('reports a missing season with the spec error toast', async () => {
    const result = await post({ intent: 'delete', id: '00000000-0000-4000-8000-000000000000' });
    expect(result.status).toBe(404);
    expect(decodeToast(result.headers)).toMatchObject({ title: 'Erreur', description: 'Erreur lors de la suppression de la saison' });
  });

  it('refuses non-admins and unknown intents', async () => {
    const plain = await signedInAs('user');
    const refused = await post({ intent: 'create', name: 'Pirate' }, plain.cookie);
    expect(refused.status).toBe(403);
    expect((await allSeasons()).some((s) => s.name === 'Pirate')).toBe(false);
    expect((await post({ intent: 'nope' })).status).toBe(400);
  });
});

describe('season periods, minimum stay and names per language (issue 14)', () => {
  const EN = 'editingLanguage=en';
  const periodsOf = (seasonId: string) =>
    db
      .select({ id: seasonPeriods.id, firstNight: seasonPeriods.firstNight, lastNight: seasonPeriods.lastNight })
      .from(seasonPeriods)
      .where(eq(seasonPeriods.seasonId, seasonId));
  const newSeason = async (name: string) => (await db.insert(seasons).values({ name }).returning())[0]!;
  beforeAll(async () => {
    await db
      .insert(languages)
      .values([
        { code: 'fr', name: 'Français', isDefault: true, isActive: true, position: 0 },
        { code: 'en', name: 'English', isActive: true, position: 1 },
      ])
      .onConflictDoNothing();
  });

  it('adds a period (nights included) that the price engine then uses, and removes it', async () => {
    const season = await newSeason('Été des périodes');
    const added = await post({ intent: 'add-period', id: season.id, firstNight: '2031-07-01', lastNight: '2031-07-10' });
    expect(added.status).toBe(200);
    expect(decodeToast(added.headers)).toMatchObject({ title: 'Succès', description: 'Période ajoutée avec succès' });
    const [period] = await periodsOf(season.id);
    expect(period).toMatchObject({ firstNight: '2031-07-01', lastNight: '2031-07-10' });

    const list = await run(loader, getRequest('/admin/seasons', cookie));
    const listed = list.data.seasons.find((s: { id: string }) => s.id === season.id);
    expect(listed.periods).toEqual([{ id: period!.id, firstNight: '2031-07-01', lastNight: '2031-07-10' }]);

    const removed = await post({ intent: 'delete-period', id: period!.id });
    expect(decodeToast(removed.headers)).toMatchObject({ description: 'Période supprimée avec succès' });
    expect(await periodsOf(season.id)).toEqual([]);
    const again = await post({ intent: 'delete-period', id: period!.id });
    expect(again.status).toBe(404);
    expect(decodeToast(again.headers)).toMatchObject({ title: 'Erreur', description: 'Erreur lors de la modification de la saison' });
  });

  it('refuses a period whose last night precedes its first, or a malformed date, storing nothing', async () => {
    const season = await newSeason('Automne invalide');
    const backwards = await post({ intent: 'add-period', id: season.id, firstNight: '2031-10-10', lastNight: '2031-10-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.data.result.error.lastNight).toEqual(['La dernière nuit ne peut pas précéder la première']);
    const malformed = await post({ intent: 'add-period', id: season.id, firstNight: '2031-02-30', lastNight: '2031-03-02' });
    expect(malformed.status).toBe(400);
    expect(malformed.data.result.error.firstNight).toEqual(['Première nuit invalide']);
    const missing = await post({ intent: 'add-period', id: '00000000-0000-4000-8000-000000000000', firstNight: '2031-10-01', lastNight: '2031-10-02' });
    expect(missing.status).toBe(404);
    expect(await periodsOf(season.id)).toEqual([]);
  });

  it('refuses a period overlapping another season, naming that season and its dates, nothing changed', async () => {
    const high = await newSeason('Haute saison test');
    const low = await newSeason('Basse saison test');
    await post({ intent: 'add-period', id: high.id, firstNight: '2032-07-01', lastNight: '2032-08-31' });
    const before = await db.select().from(seasonPeriods);
    const clash = await post({ intent: 'add-period', id: low.id, firstNight: '2032-06-15', lastNight: '2032-07-01' });
    expect(clash.status).toBe(400);
    const message = "Ces dates chevauchent la saison « Haute saison test » (du 01/07/2032 au 31/08/2032) : une nuit ne peut appartenir qu'à une saison";
    expect(decodeToast(clash.headers)).toMatchObject({ title: 'Erreur', description: message });
    expect(clash.data.result.error['']).toEqual([message]);
    expect(await db.select().from(seasonPeriods)).toEqual(before);
    // The night after the other season's last one is free; a season's own periods may touch.
    expect((await post({ intent: 'add-period', id: low.id, firstNight: '2032-09-01', lastNight: '2032-09-30' })).status).toBe(200);
    expect((await post({ intent: 'add-period', id: high.id, firstNight: '2032-08-01', lastNight: '2032-08-15' })).status).toBe(200);
  });

  it('moves a period in place: the engine prices the new nights; an overlap or backwards dates change nothing', async () => {
    const spring = await newSeason('Printemps déplacé');
    const summer = await newSeason('Été voisin');
    await post({ intent: 'add-period', id: spring.id, firstNight: '2033-04-01', lastNight: '2033-04-30' });
    await post({ intent: 'add-period', id: summer.id, firstNight: '2033-06-01', lastNight: '2033-06-30' });
    const [period] = await periodsOf(spring.id);

    const moved = await post({ intent: 'update-period', id: period!.id, firstNight: '2033-05-01', lastNight: '2033-05-31' });
    expect(moved.status).toBe(200);
    expect(decodeToast(moved.headers)).toMatchObject({ title: 'Succès', description: 'Période modifiée avec succès' });
    expect(await periodsOf(spring.id)).toEqual([{ id: period!.id, firstNight: '2033-05-01', lastNight: '2033-05-31' }]);
    const room = (await db.insert(rooms).values({ position: 0, pricePerNightCents: 80_00 }).returning())[0]!;
    const quoted = (await loadQuoteSeasons(room.id, ['fr'])).find((s) => s.id === spring.id)!;
    expect(quoted.periods).toEqual([{ firstNight: '2033-05-01', lastNight: '2033-05-31' }]);

    const before = await db.select().from(seasonPeriods);
    const clash = await post({ intent: 'update-period', id: period!.id, firstNight: '2033-05-01', lastNight: '2033-06-02' });
    expect(clash.status).toBe(400);
    expect(decodeToast(clash.headers)).toMatchObject({
      description: "Ces dates chevauchent la saison « Été voisin » (du 01/06/2033 au 30/06/2033) : une nuit ne peut appartenir qu'à une saison",
    });
    const backwards = await post({ intent: 'update-period', id: period!.id, firstNight: '2033-05-10', lastNight: '2033-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.data.result.error.lastNight).toEqual(['La dernière nuit ne peut pas précéder la première']);
    const missing = await post({ intent: 'update-period', id: '00000000-0000-4000-8000-000000000000', firstNight: '2033-05-01', lastNight: '2033-05-02' });
    expect(missing.status).toBe(404);
    expect(decodeToast(missing.headers)).toMatchObject({ description: 'Erreur lors de la modification de la saison' });
    expect(await db.select().from(seasonPeriods)).toEqual(before);
  });

  it("sets a season's stay rules, refuses rules no stay can meet, and clears them", async () => {
    const season = await newSeason('Été réglé');
    const rulesOf = async () =>
      (
        await db
          .select({
            minStay: seasons.minStay,
            maxNights: seasons.maxNights,
            arrivalDays: seasons.arrivalDays,
            departureDays: seasons.departureDays,
            minNoticeDays: seasons.minNoticeDays,
          })
          .from(seasons)
          .where(eq(seasons.id, season.id))
      )[0]!;
    // « En juillet-août : 3 nuits minimum, arrivée le samedi »
    const set = await post({ intent: 'set-rules', id: season.id, minNights: '3', restrictArrival: 'on', arrivalDays: '5' });
    expect(decodeToast(set.headers)).toMatchObject({ description: 'Règles de séjour enregistrées' });
    expect(await rulesOf()).toEqual({ minStay: 3, maxNights: null, arrivalDays: 1 << 5, departureDays: null, minNoticeDays: null });
    const listed = await run(loader, getRequest('/admin/seasons', cookie));
    expect(listed.data.seasons.find((s: { id: string }) => s.id === season.id)).toMatchObject({ rulesText: '3 nuits minimum, arrivée le samedi' });

    for (const [fields, field, error] of [
      [{ minNights: '0' }, 'minNights', 'Le minimum de nuits doit être compris entre 1 et 365'],
      [{ minNights: '8', maxNights: '7' }, 'maxNights', 'Le maximum de nuits ne peut pas être inférieur au minimum'],
      [{ restrictArrival: 'on' }, 'arrivalDays', "Choisissez au moins un jour d'arrivée"],
      [{ minNoticeDays: 'deux' }, 'minNoticeDays', 'Le délai de réservation doit être un nombre entier'],
    ] as const) {
      const refused = await post({ intent: 'set-rules', id: season.id, ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.result.error[field], JSON.stringify(fields)).toEqual([error]);
    }
    // Saturday to Saturday, 3 to 6 nights: no departure day is ever reachable.
    const impossible = await post({
      intent: 'set-rules',
      id: season.id,
      minNights: '3',
      maxNights: '6',
      restrictArrival: 'on',
      arrivalDays: '5',
      restrictDeparture: 'on',
      departureDays: '5',
    });
    expect(impossible.status).toBe(400);
    expect(decodeToast(impossible.headers)).toMatchObject({
      description: "En « Été réglé » : aucun jour de départ ne suit un jour d'arrivée dans le nombre de nuits permis : aucun séjour ne serait possible",
    });
    expect(await rulesOf()).toEqual({ minStay: 3, maxNights: null, arrivalDays: 1 << 5, departureDays: null, minNoticeDays: null });

    await post({ intent: 'set-rules', id: season.id });
    expect(await rulesOf()).toEqual({ minStay: null, maxNights: null, arrivalDays: null, departureDays: null, minNoticeDays: null });
    const missing = await post({ intent: 'set-rules', id: '00000000-0000-4000-8000-000000000000', minNights: '2' });
    expect(missing.status).toBe(404);
  });

  it("adds a season's length-of-stay reductions, one per number of nights, and deletes them", async () => {
    const season = await newSeason('Saison longue');
    const added = await post({ intent: 'add-length-discount', id: season.id, minNights: '7', percent: '10' });
    expect(decodeToast(added.headers)).toMatchObject({ description: 'Réduction ajoutée' });
    const twice = await post({ intent: 'add-length-discount', id: season.id, minNights: '7', percent: '15' });
    expect(twice.status).toBe(400);
    expect(twice.data.result.error.minNights).toEqual(['Une réduction existe déjà à partir de ce nombre de nuits']);
    const tooMuch = await post({ intent: 'add-length-discount', id: season.id, minNights: '14', percent: '95' });
    expect(tooMuch.data.result.error.percent).toEqual(['Le pourcentage de réduction doit être compris entre 1 et 90']);
    const listed = await run(loader, getRequest('/admin/seasons', cookie));
    const discounts = listed.data.seasons.find((s: { id: string }) => s.id === season.id).discounts;
    expect(discounts).toEqual([{ id: expect.any(String), minNights: 7, percent: 10 }]);
    const other = await newSeason('Autre saison longue');
    // Another season's reduction is not this one's to delete.
    expect((await post({ intent: 'delete-length-discount', id: other.id, discountId: discounts[0].id })).status).toBe(404);
    expect(decodeToast((await post({ intent: 'delete-length-discount', id: season.id, discountId: discounts[0].id })).headers)).toMatchObject({
      description: 'Réduction supprimée',
    });
  });

  it('saves the name in another language without touching the French name, and the guest reads it', async () => {
    const season = await newSeason('Saison des roses');
    const [room] = await db.insert(rooms).values({ position: 0, pricePerNightCents: 100_00 }).returning();
    await db.insert(roomSeasonPrices).values({ roomId: room!.id, seasonId: season.id, pricePerNightCents: 150_00 });
    await post({ intent: 'add-period', id: season.id, firstNight: '2030-05-01', lastNight: '2030-05-31' });

    const saved = await post({ intent: 'translate-name', id: season.id, language: 'en', name: ' Rose season ' }, `${cookie}; ${EN}`);
    expect(decodeToast(saved.headers)).toMatchObject({ description: 'Saison modifiée avec succès' });
    const [after] = await db.select({ name: seasons.name }).from(seasons).where(eq(seasons.id, season.id));
    expect(after!.name).toBe('Saison des roses');

    const english = await run(loader, getRequest('/admin/seasons', `${cookie}; ${EN}`));
    expect(english.data.language).toEqual({ code: 'en', name: 'English' });
    expect(english.data.seasons.find((s: { id: string }) => s.id === season.id)).toMatchObject({ name: 'Saison des roses', localName: 'Rose season' });
    const french = await run(loader, getRequest('/admin/seasons', cookie));
    expect(french.data.seasons.find((s: { id: string }) => s.id === season.id)).toMatchObject({ name: 'Saison des roses', localName: 'Saison des roses' });

    // What the price engine names the season for guests (room page, quote, mails).
    const seasonNames = async (chain: string[]) => (await loadQuoteSeasons(room!.id, chain)).filter((s) => s.id === season.id).map((s) => s.name);
    expect(await seasonNames(['en', 'fr'])).toEqual(['Rose season']);
    expect(await seasonNames(['fr'])).toEqual(['Saison des roses']);

    // Renaming in French reaches French visitors even when a French text was stored (the demo stores one).
    await db
      .insert(multilingualContent)
      .values({ contentType: 'season', entityId: season.id, contentKey: `season_${season.id}_name`, languageCode: 'fr', contentValue: 'Ancien nom' });
    await post({ intent: 'rename', id: season.id, name: 'Saison des roses de mai' });
    expect(await seasonNames(['fr'])).toEqual(['Saison des roses de mai']);
    expect(await seasonNames(['en', 'fr'])).toEqual(['Rose season']);
  });

  it('refuses a name for a language the site does not have, or an empty one', async () => {
    const season = await newSeason('Saison sans traduction');
    const unknown = await post({ intent: 'translate-name', id: season.id, language: 'it', name: 'Alta stagione' });
    expect(unknown.status).toBe(400);
    expect(decodeToast(unknown.headers)).toMatchObject({ description: 'Langue inconnue' });
    const empty = await post({ intent: 'translate-name', id: season.id, language: 'en', name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.name).toEqual(['Le nom de la saison est requis']);
    expect(await db.select().from(multilingualContent).where(eq(multilingualContent.entityId, season.id))).toEqual([]);
  });
});
