// Issue 34 (back office and public site, third pass), items 1 to 6, at 1280 px (desktop
// project) and 375 px (mobile project): the editing-language picker after "Rester sur
// la page", guarded Configuration and Saisons forms, a legal notice without placeholder,
// the room editor's tabs and titles on a phone, /auth in the visitor's language and the
// invitation, the menu without JavaScript.
import { type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { closeSidebar, closeToast, openSidebar } from './admin-helpers';
import { expect, test, signInAsAdmin } from './fixtures';
import { sentMails } from './mailbox';

const prompt = (page: Page) => page.getByRole('alertdialog', { name: 'Modifications non enregistrées' });
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name });

async function openFirstRoomEditor(page: Page) {
  await page.goto('/admin/rooms');
  await page
    .getByRole('table', { name: 'Chambres' })
    .getByRole('link', { name: /^Modifier / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/room\/[0-9a-f-]{36}$/);
}

/** True when the element's text does not fit in its box (clipped or ellipsed). */
const overflows = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

test('item 1: after "Rester sur la page" the picker shows the language the editor holds', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const name = page.getByLabel('Nom de la chambre *');
  const original = await name.inputValue();
  await name.fill(`${original} (brouillon)`);

  await openSidebar(page);
  const picker = page.getByLabel("Langue d'édition");
  await expect(picker).toHaveValue('fr');
  await picker.selectOption({ label: 'Deutsch' });
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(prompt(page)).toBeHidden();

  // The editor still holds French, and so does the picker (not Deutsch).
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
  await expect(name).toHaveValue(`${original} (brouillon)`);
  await openSidebar(page);
  await expect(picker).toHaveValue('fr');

  // Choosing again asks again; leaving switches for real.
  await picker.selectOption({ label: 'English' });
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page.getByText("Langue d'édition : English")).toBeVisible();
  await closeSidebar(page);
  await openSidebar(page);
  await expect(picker).toHaveValue('en');
  await picker.selectOption({ label: 'Français' });
  await expect(page.getByText("Langue d'édition : Français")).toBeVisible();
});

test('item 2: a transport description and the Saisons forms ask before their edits are lost', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  const description = page.getByRole('textbox', { name: 'Description (En voiture)' });
  await expect(description).toBeVisible();
  const before = await description.innerText();
  await description.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' TEXTE AJOUTÉ');

  await openSidebar(page);
  await sidebarLink(page, 'Sections').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(/\/admin\/config$/);
  await expect(description).toContainText('TEXTE AJOUTÉ');
  await closeSidebar(page);

  // The legal-notice fields of the same screen are guarded too (one blocker for every form).
  await description.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(before.trim() || 'x');
  await page.getByRole('button', { name: 'Sauvegarder la description' }).first().click();
  await closeToast(page, 'Description sauvegardée');
  const host = page.getByLabel("Nom de l'hébergeur");
  await host.fill(`${await host.inputValue()} brouillon`);
  await openSidebar(page);
  await sidebarLink(page, 'Sections').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await closeSidebar(page);

  // Saisons: the minimum stay of a season.
  await page.goto('/admin/seasons');
  const minStay = page.getByLabel('Séjour minimum (nuits)').first();
  await minStay.fill('9');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Rester sur la page' }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  await expect(minStay).toHaveValue('9');
  await closeSidebar(page);

  // The add-season form too; after leaving anyway nothing was saved.
  await page.getByLabel('Nom de la saison').fill('Saison brouillon');
  await openSidebar(page);
  await sidebarLink(page, 'Chambres').click();
  await expect(prompt(page)).toBeVisible();
  await prompt(page).getByRole('button', { name: 'Quitter sans enregistrer' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/seasons');
  await expect(page.getByText('Saison brouillon')).toHaveCount(0);
});

test('item 3: with the legal fields empty, the notice has no placeholder and both screens say what is missing', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/config');
  // As on a fresh site (another test may have filled them).
  for (const label of [
    'Propriétaire (nom ou raison sociale)',
    'Directeur de la publication',
    "Nom de l'hébergeur",
    "Adresse de l'hébergeur",
    "Téléphone de l'hébergeur",
  ]) {
    await page.getByLabel(label).fill('');
  }
  await page.getByRole('button', { name: 'Enregistrer les mentions légales' }).click();
  await closeToast(page, 'Configuration sauvegardée avec succès');

  // Configuration: at the top, before the first card.
  const warning = page.getByRole('region', { name: 'Mentions légales incomplètes' });
  await expect(warning).toContainText('Directeur de la publication');
  await expect(warning).toContainText("Nom de l'hébergeur");
  const [warningTop, firstCardTop] = await Promise.all([
    warning.evaluate((el) => el.getBoundingClientRect().top),
    page.getByRole('heading', { name: 'Configuration générale' }).evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(warningTop).toBeLessThan(firstCardTop);
  // The owner's home says it too, with the way to the card.
  await page.goto('/admin');
  await expect(page.getByRole('region', { name: 'Mentions légales incomplètes' })).toBeVisible();
  await page.getByRole('link', { name: 'Compléter les mentions légales' }).click();
  await expect(page).toHaveURL(/\/admin\/config#mentions-legales$/);

  for (const language of ['fr', 'en', 'es', 'de']) {
    await page.goto(`/mentions-legales?lang=${language}`);
    const article = page.locator('article');
    await expect(article).not.toContainText('—');
    // The site's name stands for the publisher (admin-config.spec.ts may have renamed the site on this server).
    await expect(article).toContainText(language === 'fr' ? /édité par la maison d'hôtes [^\s—][^—]*\./ : /published by the [^\s—][^—]* guesthouse\./);
  }
  // Item 7: Spanish and German readers are told, in their language, why the text is English.
  await page.goto('/mentions-legales?lang=de');
  await expect(page.getByText('Dieses Impressum wird auf Französisch und Englisch veröffentlicht.', { exact: false })).toHaveAttribute('lang', 'de');
});

test('item 4: on a phone the editor tabs do not overlap and the titles are whole', async ({ page }) => {
  await signInAsAdmin(page);
  await openFirstRoomEditor(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(4);
  const boxes = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, right: r.right, bottom: r.bottom })));
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.x < b.right - 1 && b.x < a.right - 1 && a.y < b.bottom - 1 && b.y < a.bottom - 1;
      expect(overlap, `tabs ${i} and ${j} overlap`).toBe(false);
    }
  }
  for (let i = 0; i < boxes.length; i++) expect(await overflows(tabs.nth(i)), `tab ${i} text overflows`).toBe(false);
  expect(await overflows(page.getByRole('heading', { level: 1, name: 'Administration' }))).toBe(false);
  const title = page.getByRole('heading', { level: 2, name: /^Édition: / });
  expect(await overflows(title)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

/** The invitation link mailed to `email` (an .eml in DATA_DIR/mail: no SMTP in e2e). */
async function invitationLink(email: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const decoded = sentMails().filter((m) => m.includes(email));
    const match = decoded.map((m) => /\/auth\?invitation=[A-Za-z0-9_-]{43}/.exec(m)?.[0]).find(Boolean);
    expect(match).toBeTruthy();
    link = match!;
  }).toPass({ timeout: 20_000 });
  return link;
}

test("item 5: /auth speaks the visitor's language; an admin invites a person who chooses a password", async ({ page, browser }, info) => {
  for (const [language, title] of [
    ['fr', 'Connexion'],
    ['en', 'Sign in'],
    ['es', 'Iniciar sesión'],
    ['de', 'Anmelden'],
  ]) {
    await page.goto(`/auth?lang=${language}`);
    await expect(page).toHaveTitle(title!);
  }
  await page.goto('/auth?lang=fr');
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  const email = `invite-${info.project.name}-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Inviter un utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inviter un utilisateur' });
  await dialog.getByLabel('Email').fill('pas-un-email');
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(dialog.getByText('Adresse email invalide')).toBeVisible();
  await expectNoAxeViolations(page, 'the invitation dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, `Invitation envoyée à ${email}`);

  const link = await invitationLink(email);
  const guest = await browser.newContext({ locale: 'en-GB', viewport: page.viewportSize()! });
  const invited = await guest.newPage();
  await invited.goto(link);
  await expect(invited).toHaveTitle('Create your account');
  await expect(invited.getByText(`You are invited to create the account ${email}.`)).toBeVisible();
  await expectNoAxeViolations(invited, 'the invitation page');
  await invited.getByLabel('Password').fill('Lavande & mimosa 1987');
  await invited.getByRole('button', { name: 'Create my account' }).click();
  await expect(invited.getByText('Account created')).toBeVisible();
  // The link served once.
  await invited.goto(link);
  await expect(invited.getByRole('alert')).toContainText('no longer valid');
  await invited.goto('/auth');
  await invited.getByLabel('Email').fill(email);
  await invited.getByLabel('Password').fill('Lavande & mimosa 1987');
  await invited.getByRole('button', { name: 'Sign in' }).click();
  // A plain user goes back to the site (SPEC: only admins go to /admin).
  await expect(invited).toHaveURL(/\/$/);
  // A plain user: signed in, no back office.
  await invited.goto('/auth');
  await expect(invited.getByText('You are signed in, but this account has no access to the administration.', { exact: false })).toBeVisible();
  await guest.close();
});

test('item 6: without JavaScript the phone menu opens and its links work', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Navigation principale' }).locator('visible=true');
  await expect(menu.getByRole('link', { name: "Livre d'or" })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(menu.getByRole('link', { name: "Livre d'or" })).toBeVisible();
  await menu.getByRole('link', { name: "Livre d'or" }).click();
  await expect(page).toHaveURL(/\/livre-dor$/);
  await context.close();
});

test('item 10: after a contact send the success panel is in view; the guest book says why Send waits', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#contact');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Marie');
  await form.getByLabel('Email').fill('marie@example.com');
  await form.getByLabel('Message').fill('Bonjour, avez-vous une chambre en mai ?');
  await form.getByRole('button', { name: 'Envoyer le message' }).click();
  const panel = page.getByTestId('contact-success');
  await expect(panel).toBeVisible();
  await expect(panel).toBeInViewport();

  await page.goto('/livre-dor');
  const send = page.getByRole('button', { name: 'Envoyer mon témoignage' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription('Choisissez votre pays pour pouvoir envoyer votre témoignage.');
  await page.getByLabel('Pays').selectOption('FR');
  await expect(send).toBeEnabled();
  await expect(page.getByText('Choisissez votre pays pour pouvoir envoyer votre témoignage.')).toHaveCount(0);
});
