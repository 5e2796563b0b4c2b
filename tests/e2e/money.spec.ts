// Money the French way (issue 52), end to end without Stripe, at 1280 and 375 px: the owner
// gives the bank account in Configuration (a wrong IBAN refused at its field); a guest's
// request names the arrhes and what they mean; accepted, the guest's confirmation carries
// the amount, the IBAN, the booking's reference and the deadline; the owner records the
// transfer from a form pre-filled with it and issues the note, whose PDF has its number, the
// tourist tax on its own line and the VAT mention; the owner cancels and records a refund
// of twice the arrhes; the note is cancelled by a credit note, both in « Factures ».
import type { Page } from '@playwright/test';
import { addDays } from '../../app/lib/nights';
import { parseAmount } from '../../app/lib/money';
import { axeViolations } from './axe';
import { freeOffset, today } from './demo-stays';
import { expect, signInAsAdmin, test } from './fixtures';
import { openFirstRoomInEnglish, sendRequest } from './guest-request';
import { sentMails } from './mailbox';

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

/** The text of a PDF, as a PDF parser reads it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

async function saveBankAccount(page: Page, iban: string) {
  await page.goto('/admin/config');
  const card = page.locator('form').filter({ has: page.getByLabel('IBAN') });
  await card.getByLabel('Titulaire du compte').fill('La Bastide aux Jasmins');
  await card.getByLabel('IBAN').fill(iban);
  await card.getByLabel('BIC').fill('AGRIFRPP');
  await card.getByRole('button', { name: 'Sauvegarder' }).click();
  return card;
}

/** A mail's quoted-printable bytes (=E2=82=AC…) as the text they encode. */
const decoded = (mail: string) =>
  Buffer.from(
    mail.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The guest's mail of that kind, once the worker has sent it. */
async function mailTo(email: string, marker: string) {
  let found = '';
  await expect(async () => {
    const mail = sentMails()
      .map(decoded)
      .find((m) => m.includes(`To: ${email}`) && m.includes(marker));
    expect(mail).toBeTruthy();
    found = mail!;
  }).toPass({ timeout: 20_000 });
  return found;
}

test('arrhes by bank transfer: confirmation with the account, the transfer recorded, the note, the house cancels and repays twice', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  const tag = `${project} ${Date.now().toString(36)}`;
  const guestName = `Argent ${tag}`;
  const email = `argent.${project}.${Date.now().toString(36)}@example.org`;
  // Days no other spec walks (online-deposit's windows move to 340–380 when they fall in the demo's high season).
  const arrival = addDays(today(), freeOffset(project === 'mobile' ? 480 : 470, 2));
  const departure = addDays(arrival, 2);

  // The bank account: a wrong checksum is refused at its field, the right one kept.
  await signInAsAdmin(page);
  const card = await saveBankAccount(page, 'FR76 3000 6000 0112 3456 7890 188');
  await expect(card.getByText(/^Cet IBAN n'est pas valide/)).toBeVisible();
  await saveBankAccount(page, IBAN);
  await expect(page.getByText('Configuration sauvegardée avec succès').first()).toBeVisible();

  // The guest's quote names the arrhes and what they mean; the form says there is no withdrawal right.
  const { booking } = await openFirstRoomInEnglish(page, arrival, departure);
  await expect(booking.getByText('Deposit (arrhes) on booking')).toBeVisible();
  await expect(booking.getByTestId('deposit-meaning')).toContainText('if the house cancels, it pays you back twice the amount');
  await expect(booking.getByText(/no right of withdrawal/)).toBeVisible();
  await sendRequest(page, guestName, email);

  // Accepted: the confirmation gives the amount, the account, the reference and the deadline, and says arrhes.
  await page.goto('/admin/reservations');
  const request = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(guestName) }) });
  await request.getByRole('button', { name: `Accepter la demande de ${guestName}` }).click();
  await expect(page.getByText('Réservation confirmée, le client est prévenu')).toBeVisible();
  const confirmation = await mailTo(email, 'Booking confirmed');
  const transfer = /Amount to transfer:\s*(€[\d,.]+)/.exec(confirmation)?.[1];
  expect(transfer).toBeTruthy();
  expect(confirmation).toContain(`IBAN:`);
  expect(confirmation).toContain(IBAN);
  expect(confirmation).toMatch(/Transfer reference:\s*R\d{2}-\d{4}/);
  expect(confirmation).toMatch(/To pay by:\s*\w+/);
  expect(confirmation).toContain('This deposit is paid as arrhes');
  const depositCents = parseAmount(transfer!.replace('€', '').replace(',', ''));

  // The owner records the transfer from a form pre-filled with the arrhes due.
  await page.getByRole('list', { name: 'Demandes traitées' }).getByRole('link', { name: guestName }).click();
  await expect(page.getByRole('heading', { name: `Réservation de ${guestName}` })).toBeVisible();
  await expect(page.getByText(/Confirmée — arrhes attendues/)).toBeVisible();
  const payment = page.getByRole('form', { name: 'Enregistrer un paiement ou un remboursement' });
  await expect(payment.getByLabel('Nature')).toHaveValue('arrhes');
  const prefilled = await payment.getByLabel('Montant (€)').inputValue();
  expect(prefilled).toMatch(/^\d+,\d{2}$/);
  expect(parseAmount(prefilled)).toBe(depositCents);
  await payment.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Paiement enregistré')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Paiements et remboursements' })).toContainText('Arrhes');
  await expect(page.getByText(/arrhes attendues/)).toHaveCount(0);
  expect.soft(await axeViolations(page), 'axe on a booking with its money').toEqual([]);

  // The note: issued on demand, its PDF has its number, the tourist tax on its own line, the VAT mention.
  await page.getByRole('button', { name: 'Émettre la facture' }).click();
  await expect(page.getByText('Facture émise', { exact: true }).first()).toBeVisible();
  const download = page.getByRole('link', { name: /^Télécharger la facture n° \d{4}-\d{4} \(PDF\)$/ });
  const number = /\d{4}-\d{4}/.exec((await download.textContent())!)![0];
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain(number);
  expect(text).toContain('Taxe de séjour');
  expect(text).toContain('Tourist tax');
  expect(text).toContain('TVA non applicable, art. 293 B du CGI');

  // The house cancels: the screen proposes twice the arrhes and records the refund and the compensation.
  await page.getByText('Annuler la réservation…').click();
  await page.getByLabel('Qui annule ?').selectOption('house');
  await expect(page.getByTestId('cancel-preview')).toContainText('dédommagement');
  await page.getByLabel('Enregistrer le remboursement maintenant').check();
  await page.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Réservation annulée, le client est prévenu')).toBeVisible();
  const ledger = page.getByRole('list', { name: 'Paiements et remboursements' });
  await expect(ledger).toContainText('Remboursement');
  await expect(ledger).toContainText('Dédommagement');
  await expect(page.getByTestId('outstanding')).toHaveText(/^0\s€$/);
  await expect(page.getByRole('list', { name: 'Factures et avoirs' })).toContainText(/Avoir n° \d{4}-\d{4}/);
  const cancelled = await mailTo(email, 'Booking cancelled');
  expect(cancelled).toContain('Compensation');
  expect(cancelled).not.toContain('Balance');

  // « Factures » lists the note and its credit note; the CSV too.
  await page.goto('/admin/notes');
  await expect(page.getByRole('heading', { name: 'Factures' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Factures' })).toContainText(number);
  const csv = await page.request.get(`/admin/notes.csv?year=${number.slice(0, 4)}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain(number);
});
