// The facts a booking's mails show (room, house, stay and its money, the practical terms),
// loaded once per step for each side that is written to: the guest, in their language,
// and the owners, in French (the same quote, its season names in French).
import { createTranslator, guestChain, OWNER_CHAIN, resolveCatalog } from '~/lib/i18n';
import { priceMentionText } from '~/lib/price-mentions';
import type { Executor } from '../../db/client';
import { bookings, siteConfig } from '../../db/schema';
import { loadMoneyTerms } from '../../content/site-settings';
import { listEntries, moneyStatus } from '../../payments/ledger';
import { roomTextKey, siteTextKey } from '../../content/content-keys';
import { loadTexts, pickText } from '../../content/multilingual-content';
import { phoneForGuest } from '../../content/phones';
import { plainParagraphs } from '../../content/sanitize';
import { loadGuestPractical, loadPriceMentions } from '../../content/site-settings';
import { SITE_FALLBACKS } from '../../site/shell';
import { loadSeasonNames } from '../pricing/quote-inputs';
import type { BookingMailFacts } from './booking-mails';
import type { MailMoney } from './money-mails';

export interface MailBooking {
  roomId: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  message: string | null;
  language: string;
}

/** The room's and the house's names along the chain, read in the step's transaction (one query after another). */
async function factsIn(executor: Executor, booking: MailBooking, quote: BookingMailFacts['quote'], chain: string[]): Promise<BookingMailFacts> {
  const [site] = await executor.select({ name: siteConfig.name }).from(siteConfig).limit(1);
  const siteTexts = await loadTexts('site_config', null, executor);
  const roomTexts = await loadTexts('room', [booking.roomId], executor);
  const { guestName, guestEmail, guestPhone, message } = booking;
  return {
    roomName: pickText(roomTexts.get(roomTextKey(booking.roomId, 'name')), chain) || 'Chambre',
    siteName: pickText(siteTexts.get(siteTextKey('name')), chain, site?.name) || SITE_FALLBACKS.name,
    guestName,
    guestEmail,
    guestPhone,
    message,
    quote,
  };
}

/** What the guest's mail shows, in their language, with the house's practical terms. */
export async function loadGuestMailFacts(executor: Executor, booking: MailBooking, quote: BookingMailFacts['quote']): Promise<BookingMailFacts> {
  const chain = guestChain(booking.language);
  const facts = await factsIn(executor, booking, quote, chain);
  const practical = await loadGuestPractical(chain, executor);
  const mentions = await loadPriceMentions(executor);
  const t = createTranslator(booking.language, resolveCatalog(booking.language, 'fr'));
  // The house's number as the guest dials it from where they are (international when abroad).
  const phone = practical.phone ? phoneForGuest(practical.phone, booking.language, booking.guestPhone) : null;
  return {
    ...facts,
    practical: {
      ...practical,
      phone: phone?.text ?? practical.phone,
      phoneHref: phone?.href,
      cancellationText: plainParagraphs(practical.cancellationHtml),
    },
    priceIncludes: priceMentionText(mentions, t, booking.language),
  };
}

/** What the owners' mail shows, in French: the guest's quote with its seasons named in French. */
export async function loadOwnerMailFacts(executor: Executor, booking: MailBooking, quote: BookingMailFacts['quote']): Promise<BookingMailFacts> {
  const seasonIds = [...new Set(quote.lines.flatMap((l) => (l.season ? [l.season.id] : [])))];
  const names = await loadSeasonNames(seasonIds, OWNER_CHAIN, executor);
  const lines = quote.lines.map((l) => (l.season ? { ...l, season: { id: l.season.id, name: names.get(l.season.id) ?? l.season.name } } : l));
  return factsIn(executor, booking, { ...quote, lines }, OWNER_CHAIN);
}

/**
 * The booking's money as a guest's mail tells it, read in the step's transaction after
 * the step's own writes: its reference, the deposit's nature and what remains of it, the
 * account to transfer to, what a cancellation keeps and gives back. `previousAmountCents`:
 * what the stay cost before a change (the difference); `payUrl`: the balance's card link.
 */
export async function loadMailMoney(
  executor: Executor,
  row: typeof bookings.$inferSelect,
  options: { previousAmountCents?: number | null; payUrl?: string | null } = {},
): Promise<MailMoney> {
  const entries = await listEntries(row.id, executor);
  const status = moneyStatus(row, entries);
  const terms = await loadMoneyTerms(executor);
  const paidByCard = entries.some((e) => e.means === 'stripe' && e.direction === 'received');
  return {
    reference: row.reference,
    status: row.status,
    depositNature: row.depositNature,
    depositCents: row.depositCents,
    depositDueDate: row.depositDueDate,
    depositOutstandingCents: status.outstandingBy.deposit,
    balanceOutstandingCents: status.outstandingBy.solde + status.outstandingBy.taxe_sejour,
    balanceDueDate: row.balanceDueDate,
    bank: terms.bank,
    receivedCents: status.receivedCents,
    keptCents: row.keptCents ?? 0,
    returnedCents: status.refundedCents + status.toRefundCents,
    compensationCents: row.compensationCents ?? 0,
    toRefundCents: status.toRefundCents,
    outstandingCents: status.outstandingCents,
    cancelledBy: row.cancelledBy ?? null,
    refundBy: paidByCard ? 'card' : 'transfer',
    previousAmountCents: options.previousAmountCents ?? null,
    amountCents: row.totalCents + row.taxCents,
    payUrl: options.payUrl ?? null,
  };
}
