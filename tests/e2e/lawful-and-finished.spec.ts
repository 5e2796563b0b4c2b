// Issue 47 (lawful and finished), at 1280 px (desktop project) and 375 px (mobile): the
// legal notice never pretends (the demo's is complete; emptied, the page shows only what
// is set and the back office lists what the law requires), an invited co-owner lands in
// the back office (pending invitations sent again or revoked; a plain account is told it
// has no access), one guest's data exported then erased from Configuration, and the
// room page's rough edges. The purge itself runs on a clock the test controls:
// tests/integration/personal-data.test.ts (an e2e server's clock cannot be moved).
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { closeToast } from './admin-helpers';
import { currentServer, expect, signInAsAdmin, test } from './fixtures';
import { sentMails } from './mailbox';

/** The legal notice's text fields, as the card labels them. */
const LEGAL_FIELDS = [
  'Éditeur (nom et prénom, ou raison sociale)',
  'Directeur de la publication',
  "Nom de l'hébergeur",
  "Adresse de l'hébergeur",
  "Téléphone de l'hébergeur",
  'Médiateur de la consommation',
  'Site du médiateur',
];

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('the demo’s legal notice is complete; emptied, the page shows only what is set and the back office lists what the law requires', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  const warning = page.getByRole('region', { name: 'Mentions légales incomplètes' });
  await expect(page.getByRole('heading', { name: 'Mentions légales', exact: true })).toBeVisible();
  // The demo ships a whole, plainly fictional set.
  await expect(field(page, "Nom de l'hébergeur")).toHaveValue('Hébergeur Exemple SAS');
  await expect(warning).toHaveCount(0);
  const demo = new Map<string, string>();
  for (const label of LEGAL_FIELDS) demo.set(label, await field(page, label).inputValue());

  // As on a fresh site.
  for (const label of LEGAL_FIELDS) await field(page, label).fill('');
  await page.getByRole('button', { name: 'Enregistrer les mentions légales' }).click();
  await closeToast(page, 'Configuration sauvegardée avec succès');
  for (const label of LEGAL_FIELDS) await expect(warning.getByRole('listitem').filter({ hasText: label })).toHaveCount(1);
  // At the top of the screen, before the first card.
  const [warningTop, firstCardTop] = await Promise.all([
    warning.evaluate((el) => el.getBoundingClientRect().top),
    page.getByRole('heading', { name: 'Configuration générale' }).evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(warningTop).toBeLessThan(firstCardTop);

  // Aujourd'hui names each requirement, with the way to the card.
  await page.goto('/admin/today');
  const todo = page.getByRole('link', { name: /^Mentions légales incomplètes : / });
  for (const label of LEGAL_FIELDS) await expect(todo).toContainText(label);
  await todo.click();
  await expect(page).toHaveURL(/\/admin\/config#mentions-legales$/);

  // The public notice: no stand-in sentence, no empty section, and the personal data as the site really handles it.
  await page.goto('/mentions-legales');
  const article = page.locator('article');
  await expect(article.getByRole('heading', { level: 2, name: /Données personnelles/ })).toBeVisible();
  await expect(article.getByRole('heading', { name: /Hébergement/ })).toHaveCount(0);
  await expect(article).not.toContainText('sur simple demande');
  await expect(article).not.toContainText('Directeur de la publication');
  await expect(article).not.toContainText("édité par la maison d'hôtes");
  await expect(article.getByRole('link', { name: 'www.cnil.fr' })).toHaveAttribute('href', 'https://www.cnil.fr');
  // Spanish and German readers are told, in their language, why the text is English.
  await page.goto('/mentions-legales?lang=de');
  await expect(page.getByText('Dieses Impressum wird auf Französisch und Englisch veröffentlicht.', { exact: false })).toHaveAttribute('lang', 'de');

  // Back to the demo's set: complete again.
  await page.goto('/admin/config');
  for (const label of LEGAL_FIELDS) await field(page, label).fill(demo.get(label)!);
  await page.getByRole('button', { name: 'Enregistrer les mentions légales' }).click();
  await closeToast(page, 'Configuration sauvegardée avec succès');
  await expect(warning).toHaveCount(0);
  await page.goto('/mentions-legales?lang=fr');
  await expect(article).toContainText('Le site est hébergé par Hébergeur Exemple SAS.');
  await expect(article.getByRole('link', { name: demo.get('Site du médiateur')! })).toBeVisible();
});

/** The invitation links mailed to `email` so far (an .eml per mail in DATA_DIR/mail). */
function invitationLinks(email: string): string[] {
  return sentMails()
    .filter((m) => m.includes(email))
    .map((m) => /\/auth\?invitation=[A-Za-z0-9_-]{43}/.exec(m)?.[0])
    .filter((link): link is string => Boolean(link));
}

async function waitForLinks(email: string, count: number): Promise<string[]> {
  await expect.poll(() => invitationLinks(email).length, { timeout: 20_000 }).toBe(count);
  return invitationLinks(email);
}

async function invite(page: Page, email: string, role: 'Administrateur' | 'Utilisateur') {
  await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: role, exact: true }).check();
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, `Invitation envoyée à ${email}`);
}

/** Opens `link` as the invited person, in a browser of their own, and chooses a password. */
async function accept(browser: Browser, page: Page, link: string, locale = 'fr-FR') {
  const context = await browser.newContext({ locale, viewport: page.viewportSize()! });
  const invited = await context.newPage();
  await invited.goto(link);
  return { context, invited };
}

test('an invited co-owner lands in the back office; pending invitations are sent again or revoked; a plain account is told it has no access', async ({
  page,
  browser,
}, info) => {
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto('/admin/users');

  // The role picker says what each role may do, and an invitation is an administrator's by default.
  await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
  await expect(dialog.getByRole('radio', { name: 'Administrateur', exact: true })).toBeChecked();
  await expect(dialog.getByText('Gère tout le site : chambres, réservations, textes, configuration et utilisateurs.')).toBeVisible();
  await expect(dialog.getByText('Un compte sans accès à l’administration : il ne peut que se connecter.')).toBeVisible();
  await dialog.getByLabel('Email').fill('pas-un-email');
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(dialog.getByText('Adresse email invalide')).toBeVisible();
  await expectNoAxeViolations(page, 'the invitation dialog');
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  const coOwner = `coowner-${stamp}@example.com`;
  await invite(page, coOwner, 'Administrateur');
  const [first] = await waitForLinks(coOwner, 1);
  const pending = page.getByRole('table', { name: 'Invitations en attente' });
  await expect(pending.getByRole('cell', { name: coOwner, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the pending invitations');
  await page.getByRole('button', { name: `Renvoyer l'invitation à ${coOwner}` }).click();
  await closeToast(page, `Invitation renvoyée à ${coOwner}`);
  const link = (await waitForLinks(coOwner, 2)).find((l) => l !== first)!;

  // The co-owner chooses a password and is in the back office at once.
  const { context, invited } = await accept(browser, page, link, 'en-GB');
  await expect(invited).toHaveTitle('Create your account');
  await expect(invited.getByText(`You are invited to create the account ${coOwner}.`)).toBeVisible();
  await expectNoAxeViolations(invited, 'the invitation page');
  await invited.getByLabel('Password').fill('Lavande & mimosa 1987');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited).toHaveURL(/\/admin\/today$/);
  await expect(invited.getByRole('heading', { name: "Aujourd'hui" })).toBeVisible();
  await context.close();
  // The first link no longer works (sent again), and neither does the one used.
  for (const used of [first!, link]) {
    const other = await accept(browser, page, used, 'en-GB');
    await expect(other.invited.getByRole('alert')).toContainText('no longer valid');
    await other.context.close();
  }
  await page.reload();
  await expect(pending.getByRole('cell', { name: coOwner, exact: true })).toHaveCount(0);

  // Revoked (after asking), an invitation leaves the list.
  const withdrawn = `withdrawn-${stamp}@example.com`;
  await invite(page, withdrawn, 'Utilisateur');
  await page.getByRole('button', { name: `Révoquer l'invitation de ${withdrawn}` }).click();
  const confirm = page.getByRole('alertdialog', { name: "Révoquer l'invitation" });
  await expect(confirm).toContainText(withdrawn);
  await confirm.getByRole('button', { name: 'Révoquer' }).click();
  await closeToast(page, `Invitation de ${withdrawn} révoquée`);
  await expect(page.getByRole('cell', { name: withdrawn, exact: true })).toHaveCount(0);

  // A plain account sees, at /admin, who it is signed in as and how to ask, with a way out.
  const plain = `plain-${stamp}@example.com`;
  await invite(page, plain, 'Utilisateur');
  const [plainLink] = await waitForLinks(plain, 1);
  const person = await accept(browser, page, plainLink!);
  await person.invited.getByLabel('Mot de passe').fill('Lavande & mimosa 1987');
  await person.invited.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(person.invited).toHaveURL(/\/admin$/);
  await expect(person.invited.getByRole('heading', { name: 'Accès réservé aux administrateurs' })).toBeVisible();
  await expect(person.invited.getByText(`Vous êtes connecté en tant que ${plain}`)).toBeVisible();
  await expectNoAxeViolations(person.invited, 'the no-access page');
  // /auth sends a signed-in person to /admin, which keeps them there: no loop.
  await person.invited.goto('/auth');
  await expect(person.invited).toHaveURL(/\/admin$/);
  await person.invited.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(person.invited).toHaveURL(/\/$/);
  await person.context.close();
});

test('one guest’s data, exported then erased from Configuration', async ({ page }, info) => {
  const email = `guest-${info.project.name}-${Date.now().toString(36)}@example.org`;
  const origin = currentServer().origin;
  const forms: Array<Record<string, string>> = [
    { intent: 'contact', website: '', name: 'Zoé Invitée', email, guests: '2', message: 'Bonjour, une chambre en mai ?' },
    { intent: 'testimonial', website: '', name: 'Zoé', email, country: 'CH', rating: '5', message: 'Un séjour merveilleux' },
  ];
  for (const form of forms) {
    const path = form.intent === 'contact' ? '/?index' : '/livre-dor';
    expect((await page.request.post(`${origin}${path}`, { headers: { origin }, form })).status()).toBe(200);
  }
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  const card = page.locator('#donnees-personnelles');
  await expect(card.getByRole('heading', { name: 'Données personnelles' })).toBeVisible();
  await expect(card.getByLabel('Messages et demandes sans séjour')).toHaveValue('36');

  await card.getByLabel('Adresse email de la personne').fill(email);
  await card.getByRole('button', { name: 'Rechercher' }).click();
  const found = card.getByRole('region', { name: `Données de ${email}` });
  await expect(found).toContainText('1 message de contact, 1 témoignage');
  await expectNoAxeViolations(page, 'a person’s data');

  const [download] = await Promise.all([page.waitForEvent('download'), found.getByRole('button', { name: 'Exporter (JSON)' }).click()]);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(exported.email).toBe(email);
  expect(exported.contactMessages[0].message).toBe('Bonjour, une chambre en mai ?');
  expect(exported.testimonials[0].message).toBe('Un séjour merveilleux');

  await found.getByRole('button', { name: `Effacer les données de ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Effacer les données de cette personne' });
  await expect(confirm).toContainText('Cette action est irréversible');
  await confirm.getByRole('button', { name: 'Effacer' }).click();
  await closeToast(page, `Données de ${email} effacées : 1 message de contact, 1 témoignage`);
  await expect(card.getByRole('status').filter({ hasText: `Aucune donnée pour ${email}` })).toBeVisible();
  await expect(card.getByTestId('recent-erasures')).toContainText(`g•••@example.org par`);
});

test('the room page: the calendar is the main action, month headings read as their language writes them, the stay form’s labels on one line', async ({
  page,
}) => {
  await page.goto('/?lang=es');
  await page.goto(
    (await page
      .getByTestId('room-card')
      .first()
      .getByRole('link', { name: /Ver detalles/ })
      .getAttribute('href'))!,
  );
  await expect(page.getByRole('link', { name: 'Hacer una pregunta' })).toHaveAttribute('href', '/#contact');
  await page.getByRole('link', { name: 'Ver disponibilidad' }).click();
  await expect(page.locator('#reserver h3').first()).toBeInViewport();
  // « Enero de 2027 », never « Enero De 2027 ».
  const headings = page.locator('#reserver h4');
  for (const text of await headings.allTextContents()) expect(text).toMatch(/^\p{Lu}\p{Ll}+ de \d{4}$/u);
  expect(await headings.first().evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
  // Arrival, departure, adults, children and the code: labels that share a row share their line.
  const labels = await page.evaluate(() =>
    ['stay-arrival', 'stay-departure', 'stay-adults', 'stay-children', 'stay-code'].map((id) => ({
      label: document.querySelector(`label[for="${id}"]`)!.getBoundingClientRect().top,
      control: document.getElementById(id)!.getBoundingClientRect().top,
    })),
  );
  for (const a of labels)
    for (const b of labels) if (Math.abs(a.control - b.control) < 20) expect(Math.abs(a.label - b.label), JSON.stringify(labels)).toBeLessThanOrEqual(1);
});
