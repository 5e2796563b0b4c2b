// The online deposit (issue 36), end to end: the owner turns it on in Configuration,
// a guest's request is accepted, the guest's mail carries the payment link, following
// it reaches the Stripe stand-in's checkout, paying there delivers a signed
// checkout.session.completed to /webhooks/stripe, and the booking is confirmed on the
// owner's screen while the guest's confirmation mail leaves. The switch is turned off
// again at the end: the other specs accept requests the usual way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { addDays, dateInZone } from "../../app/lib/nights";
import { signInAsAdmin } from "./fixtures";

const mailDir = () =>
  path.join(
    process.env.E2E_DATA_DIR ??
      path.join(os.tmpdir(), `guesthouse-e2e-${process.env.E2E_PORT ?? 3999}`),
    "mail",
  );
/** The .eml files' text, quoted-printable soft breaks and `=3D` undone. */
const mails = () =>
  fs.existsSync(mailDir())
    ? fs.readdirSync(mailDir()).map((f) =>
        fs
          .readFileSync(path.join(mailDir(), f), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "="),
      )
    : [];

async function setOnlineDeposit(page: Page, on: boolean) {
  await page.goto('/admin/config');
  const box = page.getByLabel("Paiement en ligne de l'acompte");
  const form = page.locator('form').filter({ has: box });
  await box.setChecked(on);
  await form.getByLabel('Délai de paiement (heures)').fill('48');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByText('Configuration sauvegardée avec succès').first()).toBeVisible();
}

test("accept → the mail link → the stand-in checkout → the signed webhook → confirmed, and the guest is told", async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === "mobile";
  const today = dateInZone(new Date(), "Europe/Paris");
  const arrival = addDays(today, mobile ? 230 : 220);
  const departure = addDays(arrival, 3);
  const guestName = `Pay ${testInfo.project.name} ${Date.now().toString(36)}`;
  const email = `pay.${testInfo.project.name}.${Date.now().toString(36)}@example.org`;

  await signInAsAdmin(page);
  await setOnlineDeposit(page, true);
  try {
    // The guest's request, in English, from a room page.
    await page.goto("/?lang=en");
    const roomHref = await page
      .locator("#chambres")
      .getByRole("link", { name: /details|Details|View/ })
      .first()
      .getAttribute("href");
    await page.goto(
      `${roomHref}?lang=en&arrival=${arrival}&departure=${departure}&guests=2`,
    );
    const booking = page.getByRole("region", {
      name: "Availability and booking",
    });
    await booking
      .getByRole("textbox", { name: "Name", exact: true })
      .fill(guestName);
    await booking
      .getByRole("textbox", { name: "Email", exact: true })
      .fill(email);
    await booking.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByTestId("booking-success")).toBeVisible();

    // The owner accepts: the stay now waits for its deposit.
    await page.goto("/admin/reservations");
    const request = page
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { name: new RegExp(guestName) }),
      });
    await request
      .getByRole("button", { name: `Accepter la demande de ${guestName}` })
      .click();
    await expect(
      page.getByText(
        "Demande acceptée : le client reçoit le lien de paiement de l'acompte",
      ),
    ).toBeVisible();
    await expect(
      page
        .getByRole("list", { name: "Demandes traitées" })
        .getByRole("listitem")
        .filter({ hasText: guestName }),
    ).toContainText("En attente de paiement");

    // The guest's mail, in English, carries the link.
    let link = "";
    await expect(async () => {
      const mail = mails().find(
        (m) => m.includes(`To: ${email}`) && m.includes("Pay the deposit"),
      );
      expect(mail).toBeTruthy();
      link = /https?:\/\/localhost:\d+\/pay\/[A-Za-z0-9_-]{43}/.exec(mail!)![0];
    }).toPass({ timeout: 20_000 });

    // Following it reaches the stand-in checkout; paying there delivers the signed webhook.
    await page.goto(link);
    await expect(
      page.getByRole("heading", { name: /^Paiement \d+\.\d{2} EUR$/ }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Payer" }).click();
    await expect(page).toHaveURL(/\/pay\/[A-Za-z0-9_-]{43}\?retour=1$/);
    await expect(page.getByRole("status")).toHaveText(
      /The deposit is paid: your booking is confirmed\.|Payment being confirmed/,
    );

    // The owner's screen: confirmed, the card deposit with its Stripe reference.
    await page.goto("/admin/reservations");
    await page
      .getByRole("list", { name: "Demandes traitées" })
      .getByRole("link", { name: guestName })
      .click();
    await expect(page.getByText("Confirmée").first()).toBeVisible();
    await expect(page.getByTestId("online-deposit")).toContainText(
      /Acompte payé par carte : .* \(référence Stripe pi_test_\w+\)/,
    );

    // And the guest's confirmation mail leaves.
    await expect(async () => {
      expect(
        mails().some(
          (m) => m.includes(`To: ${email}`) && m.includes("Booking confirmed"),
        ),
      ).toBe(true);
    }).toPass({ timeout: 20_000 });
  } finally {
    await setOnlineDeposit(page, false);
  }
});
