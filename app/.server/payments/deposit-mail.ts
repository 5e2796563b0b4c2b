// What the online deposit's mails read of a booking (issue 36), shared by the hold, the
// payment link, the webhook and the refunds: the facts of the guest's mails (with the
// guesthouse's time zone, for a deadline's hour) and the owners' French notification.
import { config } from '../environment';
import type { Executor } from '../db/client';
import type { bookings } from '../db/schema';
import { mailboxAddress } from '../mail/compose';
import { listOwnerRecipients } from '../mail/notifications';
import { enqueueMail } from '../mail/outbox';
import { mailFacts } from '../booking/booking-trail';
import { renderOwnerDepositMail } from '../booking/mails';
import type { Quote } from '../booking/quote';

export type BookingRow = typeof bookings.$inferSelect;

export async function bookingFacts(row: BookingRow, executor: Executor) {
  const facts = await mailFacts(row, row.quote as Quote, [row.language, 'fr'], executor);
  return { ...facts, timeZone: config().GUESTHOUSE_TIME_ZONE };
}

export async function queueOwnerMail(executor: Executor, kind: 'paid' | 'expired' | 'late_refunded', row: BookingRow) {
  const facts = await mailFacts(row, row.quote as Quote, ['fr'], executor);
  const mail = renderOwnerDepositMail(kind, facts, config().PUBLIC_URL, row.id);
  await enqueueMail(executor, {
    idempotencyKey: `booking:${row.id}:owner-deposit-${kind}`,
    kind: 'booking',
    recipients: await listOwnerRecipients(executor),
    replyTo: mailboxAddress(row.guestEmail),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}
