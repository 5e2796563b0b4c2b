// What each step of a booking leaves behind, whoever takes it (the guest's request, the
// owner's answer, the records screen, the online deposit): a line of its history
// (booking_events) and the mail to the guest (through the outbox), with the facts that
// mail shows. Both are written in the step's own transaction.
import { db, type Executor } from '../../db/client';
import { bookingEvents, siteConfig, type BookingEventKind } from '../../db/schema';
import { getRoomDetail } from '../../content/rooms';
import { plainParagraphs } from '../../content/sanitize';
import { loadGuestPractical } from '../../content/site-settings';
import { mailboxAddress } from '../../mail/compose';
import { enqueueMail } from '../../mail/outbox';
import { loadSiteShell } from '../../site/shell';
import { renderGuestBookingMail, type BookingMailFacts, type GuestMailKind } from '../mails/booking-mails';

/** One line of a booking's history; `actor` is the owner's address, null for the guest. */
export async function recordBookingEvent(
  executor: Executor,
  bookingId: string,
  kind: BookingEventKind,
  actor: string | null,
  details: Record<string, unknown> = {},
) {
  await executor.insert(bookingEvents).values({ bookingId, kind, actor, details });
}

export async function mailFacts(
  booking: { roomId: string; guestName: string; guestEmail: string; guestPhone: string | null; message: string | null },
  quote: BookingMailFacts['quote'],
  chain: string[],
  executor: Executor = db,
): Promise<BookingMailFacts> {
  const [room, site] = await Promise.all([getRoomDetail(booking.roomId, chain), loadSiteShell(chain)]);
  const practical = await loadGuestPractical(chain, executor);
  return {
    roomName: room?.name ?? 'Chambre',
    siteName: site.shell.name,
    ...booking,
    quote,
    practical: { ...practical, cancellationText: plainParagraphs(practical.cancellationHtml) },
  };
}

/**
 * Queues a mail to the guest, from MAIL_FROM with Reply-To the site's contact address,
 * so that a guest who answers reaches the house. `occurrence` tells apart mails of one
 * kind sent more than once for a booking (each change, each message).
 */
export async function queueGuestMail(
  executor: Executor,
  kind: GuestMailKind,
  bookingId: string,
  language: string,
  facts: BookingMailFacts,
  note?: string | null,
  occurrence?: string,
) {
  const address = mailboxAddress(facts.guestEmail);
  // An address that is not one plain mailbox never reaches the outbox (an empty list means "the owners").
  if (!address) return;
  const mail = renderGuestBookingMail(kind, facts, language, note);
  await enqueueGuestMail(executor, `booking:${bookingId}:${kind}${occurrence ? `:${occurrence}` : ''}`, address, mail);
}

/** A rendered mail to the guest's address, from MAIL_FROM with Reply-To the site's contact address. */
export async function enqueueGuestMail(executor: Executor, idempotencyKey: string, address: string, mail: { subject: string; text: string; html: string }) {
  const [site] = await executor.select({ contactEmail: siteConfig.contactEmail }).from(siteConfig).limit(1);
  await enqueueMail(executor, {
    idempotencyKey,
    kind: 'booking',
    recipients: [address],
    replyTo: mailboxAddress(site?.contactEmail),
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}
