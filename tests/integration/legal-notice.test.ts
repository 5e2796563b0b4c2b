// Issue 47, item 1: a legal notice that never pretends. Every field LCEN art. 6 III asks
// for (and the consumer mediator of L616-1) is a setting; the public page shows what is
// set and nothing stands in for what is not; the back office (Configuration, the owner's
// home, Aujourd'hui) lists exactly what the law still requires. The personal-data
// section is made from what the site does and the retention settings.
// One database pass: its subject is the legal notice's words; plain reads and writes, no lock, race, constraint, trigger or dump under test (the second pass runs the files that test those).
import { beforeAll, describe, expect, it } from 'vitest';
import { getLegalSettings, listMissingLegalNoticeFields, saveLegalNotice, saveRetentionSettings } from '~/.server/content/site-settings';
import { db } from '~/.server/db/client';
import { languages, siteConfig } from '~/.server/db/schema';
import { loadToday } from '~/.server/booking/views/today';
import { legalParagraphs } from '~/.server/site/legal-paragraphs';
import { createTranslator, resolveCatalog } from '~/lib/i18n';
import { RETENTION_DEFAULTS } from '~/lib/schemas/personal-data';
import type { LegalNoticeInput } from '~/lib/schemas/legal-notice';
import { action as configAction, loader as configLoader } from '~/routes/admin/config';
import { loader as legalLoader } from '~/routes/site/legal';
import { formRequest, getRequest, run, signedInAs } from '../support/requests';

type Segment = { type: string; text: string; href?: string };
type LegalPage = { sections: Array<{ id: string; title: string; paragraphs: Segment[][] }> };

const page = async (path = '/mentions-legales') => (await run(legalLoader, getRequest(path))).data as LegalPage;
const textOf = (data: LegalPage) => data.sections.map((s) => [s.title, ...s.paragraphs.map((p) => p.map((seg) => seg.text).join(''))].join('\n')).join('\n');
const sectionText = (data: LegalPage, id: string) => {
  const section = data.sections.find((s) => s.id === id);
  return section ? section.paragraphs.map((p) => p.map((seg) => seg.text).join('')).join('\n') : null;
};

const EMPTY: LegalNoticeInput = {
  publisherStatus: 'individual',
  legalOwner: null,
  legalForm: null,
  shareCapital: null,
  legalRcs: null,
  legalSiret: null,
  publisherAddress: null,
  publisherPhone: null,
  publisherEmail: null,
  publicationDirector: null,
  hostName: null,
  hostAddress: null,
  hostPhone: null,
  mediatorName: null,
  mediatorUrl: null,
};

const COMPLETE: LegalNoticeInput = {
  ...EMPTY,
  legalOwner: 'Camille Exemple',
  publicationDirector: 'Camille Exemple',
  hostName: 'Hébergeur Exemple SAS',
  hostAddress: "1 rue de l'Exemple\n75000 Paris",
  hostPhone: '01 23 45 67 89',
  mediatorName: 'Médiateur Exemple',
  mediatorUrl: 'https://mediateur.example.org',
};

let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  await db.insert(languages).values([
    { code: 'fr', name: 'Français', isDefault: true, position: 0 },
    { code: 'en', name: 'English', position: 1 },
    { code: 'es', name: 'Español', position: 2 },
    { code: 'de', name: 'Deutsch', position: 3 },
  ]);
  // A fresh site: its name and contact details only (Configuration générale).
  await db
    .insert(siteConfig)
    .values({ name: 'Mas Test', address: '12 chemin des Oliviers\n06130 Grasse', contactEmail: 'owner@example.com', phones: ['06 12 34 56 78'] });
  admin = await signedInAs('admin');
});

describe('a fresh site (contact details only)', () => {
  it('the public notice has no stand-in sentence and shows only what is set', async () => {
    const data = await page();
    const text = textOf(data);
    expect(text).not.toContain('sur simple demande');
    expect(text).not.toMatch(/édité par la maison d'hôtes/);
    expect(text).not.toContain('Directeur de la publication');
    expect(text).not.toContain('Médiation');
    // No host set: no hosting section (the others are numbered in order).
    expect(data.sections.find((s) => s.id === 'hosting')).toBeUndefined();
    // The publisher's contact details are the site's until the notice gives its own.
    expect(sectionText(data, 'editor')).toBe('Adresse : 12 chemin des Oliviers, 06130 Grasse\nTéléphone : 06 12 34 56 78\nEmail : owner@example.com');
  });

  it('Configuration, the owner’s home and Aujourd’hui list exactly what the law still requires', async () => {
    const labels = [
      'Éditeur (nom et prénom, ou raison sociale)',
      'Directeur de la publication',
      "Nom de l'hébergeur",
      "Adresse de l'hébergeur",
      "Téléphone de l'hébergeur",
      'Médiateur de la consommation',
      'Site du médiateur',
    ];
    expect((await listMissingLegalNoticeFields()).map((m) => m.label)).toEqual(labels);
    const config = await run(configLoader, getRequest('/admin/config', admin.cookie));
    expect(config.data.legalMissing.map((m: { label: string }) => m.label)).toEqual(labels);
    expect((await loadToday()).warnings.legalMissing).toEqual(labels);
  });

  it('without the site’s contact details either, the publisher’s address, phone and e-mail are required too', async () => {
    const { notice } = await getLegalSettings();
    const { missingLegalFields } = await import('~/lib/schemas/legal-notice');
    expect(missingLegalFields(notice, { address: '', phone: '', email: '' }).map((m) => m.field)).toEqual([
      'legalOwner',
      'publisherAddress',
      'publisherPhone',
      'publisherEmail',
      'publicationDirector',
      'hostName',
      'hostAddress',
      'hostPhone',
      'mediatorName',
      'mediatorUrl',
    ]);
  });
});

describe('filled through Configuration', () => {
  const save = (fields: Record<string, string | null>) =>
    run(
      configAction,
      formRequest('/admin/config', { intent: 'save-legal', ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ''])) }, admin.cookie),
    );

  it('refuses a SIRET that is not 14 digits and a mediator site that is not a web address, saving nothing', async () => {
    const refused = await save({ ...COMPLETE, publisherStatus: 'individual', legalSiret: '123', mediatorUrl: 'mediateur' });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      legalSiret: ['Le SIRET compte 14 chiffres'],
      mediatorUrl: ['Une adresse de site commençant par https://'],
    });
    expect((await getLegalSettings()).notice.legalOwner).toBe('');
  });

  it('a person: every requirement met, each field on the page, the mediator with its website', async () => {
    expect((await save({ ...COMPLETE, publisherStatus: 'individual' })).status).toBe(200);
    expect(await listMissingLegalNoticeFields()).toEqual([]);
    const data = await page();
    expect(sectionText(data, 'editor')).toBe(
      [
        "Le site Mas Test est édité par Camille Exemple, qui exploite la maison d'hôtes Mas Test.",
        'Adresse : 12 chemin des Oliviers, 06130 Grasse',
        'Téléphone : 06 12 34 56 78',
        'Email : owner@example.com',
        'Directeur de la publication : Camille Exemple',
      ].join('\n'),
    );
    expect(sectionText(data, 'hosting')).toBe(
      "Le site est hébergé par Hébergeur Exemple SAS.\nAdresse : 1 rue de l'Exemple, 75000 Paris\nTéléphone : 01 23 45 67 89",
    );
    expect(data.sections.map((s) => s.title)[1]).toBe('2. Hébergement');
    const law = data.sections.find((s) => s.id === 'law')!;
    expect(sectionText(data, 'law')).toContain('au médiateur de la consommation Médiateur Exemple (https://mediateur.example.org)');
    expect(law.paragraphs.flat().find((seg) => seg.type === 'website')).toEqual({
      type: 'website',
      text: 'https://mediateur.example.org',
      href: 'https://mediateur.example.org',
    });
    // The host's phone links in international form.
    expect(
      data.sections
        .flatMap((s) => s.paragraphs.flat())
        .filter((seg) => seg.type === 'phone')
        .map((seg) => seg.href),
    ).toContain('tel:+33123456789');
  });

  it('a company: its legal form, share capital and registration are required, then shown', async () => {
    await save({ ...COMPLETE, publisherStatus: 'company', legalOwner: 'Bastide Exemple SARL' });
    expect((await listMissingLegalNoticeFields()).map((m) => m.label)).toEqual([
      'Forme juridique (SARL, SAS…)',
      'Capital social',
      'Immatriculation (RCS ou SIRET)',
    ]);
    await save({
      ...COMPLETE,
      publisherStatus: 'company',
      legalOwner: 'Bastide Exemple SARL',
      legalForm: 'SARL',
      shareCapital: '10 000 €',
      legalRcs: 'RCS Grasse 123 456 789',
      legalSiret: '123 456 789 00012',
      publisherAddress: '3 avenue Thiers\n06130 Grasse',
      publisherEmail: 'gerance@example.com',
    });
    expect(await listMissingLegalNoticeFields()).toEqual([]);
    const editor = sectionText(await page(), 'editor')!;
    expect(editor).toContain("Le site Mas Test est édité par la société Bastide Exemple SARL, qui exploite la maison d'hôtes Mas Test.");
    expect(editor).toContain('Forme juridique : SARL');
    expect(editor).toContain('Capital social : 10 000 €');
    expect(editor).toContain('Immatriculation : RCS Grasse 123 456 789');
    expect(editor).toContain('SIRET : 123 456 789 00012');
    // The notice's own address and e-mail, not the site's.
    expect(editor).toContain('Siège social : 3 avenue Thiers, 06130 Grasse');
    expect(editor).toContain('Email : gerance@example.com');
    expect(editor).not.toContain('owner@example.com');
    // In English the same facts.
    const en = sectionText(await page('/mentions-legales?lang=en'), 'editor')!;
    expect(en).toContain('published by the company Bastide Exemple SARL');
    expect(en).toContain('Share capital: 10 000 €');
    expect(en).toContain('Registered office: 3 avenue Thiers, 06130 Grasse');
  });
});

describe('the personal-data section', () => {
  it('says what is collected, why, for how long (the retention settings), who receives it, the rights and the CNIL', async () => {
    await saveLegalNotice(COMPLETE);
    const fr = sectionText(await page(), 'personalData')!;
    expect(fr).toContain('Le responsable du traitement des données personnelles recueillies sur ce site est Camille Exemple');
    expect(fr).toMatch(/Formulaire de contact : .* supprimées 3 ans après notre dernier échange\./);
    expect(fr).toMatch(
      /Demande de réservation : .* supprimée 3 ans après notre dernier échange ; .* effacés 3 ans après votre départ\. Les dates et montants du séjour sont conservés 10 ans/,
    );
    expect(fr).toMatch(/Livre d'or : .* non publié est supprimé 3 ans après son envoi\./);
    expect(fr).toContain("Destinataires : l'éditeur, qui exploite la maison d'hôtes.");
    expect(fr).toContain("droit d'accès, de rectification, d'effacement et de portabilité");
    expect(fr).toContain("d'opposition");
    expect(fr).toContain('Pour exercer ces droits, écrivez à owner@example.com');
    expect(fr).toContain('réclamation à la CNIL (www.cnil.fr)');
    // Without SMTP_URL and Stripe (this test's server), neither a mail relay nor card payments are named.
    expect(fr).not.toContain('Stripe');
    expect(fr).not.toContain('achemine');
    const segments = (await page()).sections.find((s) => s.id === 'personalData')!.paragraphs.flat();
    expect(segments.find((s) => s.type === 'website')).toEqual({ type: 'website', text: 'www.cnil.fr', href: 'https://www.cnil.fr' });
    expect(segments.find((s) => s.type === 'email')?.href).toBe('mailto:owner@example.com');

    // The periods follow the settings, in each language shown.
    await saveRetentionSettings({ ...RETENTION_DEFAULTS, contactMonths: 18, guestMonths: 24, testimonialMonths: 12 });
    expect(sectionText(await page(), 'personalData')).toMatch(/supprimées 18 mois après .* effacés 2 ans après votre départ.* supprimé 1 an après son envoi/s);
    for (const lang of ['en', 'es', 'de']) {
      expect(sectionText(await page(`/mentions-legales?lang=${lang}`), 'personalData'), lang).toMatch(
        /deleted 18 months after our last exchange.*erased 2 years after your departure.*deleted 1 year after it was sent/s,
      );
    }
  });

  it('names the mail relay when mail leaves through SMTP, and Stripe when deposits are paid by card', async () => {
    const settings = await getLegalSettings();
    const legal = createTranslator('fr', resolveCatalog('fr', 'fr'));
    const paragraphs = legalParagraphs('personalData', legal, { name: 'Mas Test', settings, cardPayments: true, mailRelay: true, language: 'fr' });
    const text = paragraphs.join('\n');
    expect(text).toContain(
      "Destinataires : l'éditeur, qui exploite la maison d'hôtes, le prestataire qui achemine les e-mails du site et Stripe, pour les paiements par carte.",
    );
    expect(text).toMatch(/Paiement de l'acompte par carte : le paiement est traité par Stripe.*ne passent jamais par nos serveurs/);
  });
});
