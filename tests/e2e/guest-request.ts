// A guest's booking request as the e2e specs make it: the first room's page in English,
// the stay chosen by its query, then the request form sent.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The first room's page in English for the stay: its address and its booking panel. */
export async function openFirstRoomInEnglish(page: Page, arrival: string, departure: string) {
  await page.goto('/?lang=en');
  const roomHref = await page
    .locator('#chambres')
    .getByRole('link', { name: /details|Details|View/ })
    .first()
    .getAttribute('href');
  await page.goto(`${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&adults=2&children=0`);
  return { roomHref: roomHref!, booking: page.getByRole('region', { name: 'Availability and booking' }) };
}

/** Sends the request of the stay the panel shows, in the guest's name, and waits for its acknowledgement. */
export async function sendRequest(page: Page, guestName: string, email: string) {
  const booking = page.getByRole('region', { name: 'Availability and booking' });
  await booking.getByRole('textbox', { name: 'Name', exact: true }).fill(guestName);
  await booking.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await booking.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByTestId('booking-success')).toBeVisible();
}
