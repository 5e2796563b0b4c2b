// What the booking record page reads (issue 35): the booking with its guest, stay,
// quote lines, tax, deposit and balance as kept, its payments and history, every
// instant written in the guesthouse's time zone and every amount in French.
import { OWNER_CHAIN } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { formatNightFr } from '~/lib/nights';
import { PAYMENT_KIND_LABELS, PAYMENT_MEANS_LABELS, SOURCE_LABELS } from '~/lib/schemas/booking-admin';
import { listRoomCards } from '../../content/rooms';
import { linkPhone } from '../../content/phones';
import { guesthouseToday, ownerTime } from '../../guesthouse-time';
import type { Quote } from '../pricing/quote';
import { describeGuests, describeQuoteLine } from '../pricing/quote-lines';
import { getBookingRecord } from '../stays/records';
import { frenchLanguageName } from '~/lib/language-names';
import { bookingStatusLabel } from '~/lib/stays';
import { TAX_COLLECTOR_LABELS, type TaxCollector } from '~/lib/tourist-tax';

const euros = (cents: number) => formatMoney(cents);

type EventRow = NonNullable<Awaited<ReturnType<typeof getBookingRecord>>>['events'][number];

function describeEvent(event: EventRow, roomName: Map<string, string>): string {
  const d = (event.details ?? {}) as Record<string, any>;
  switch (event.kind) {
    case 'created': {
      const created = d.source && d.source !== 'site' ? `Réservation enregistrée (${SOURCE_LABELS[d.source] ?? d.source})` : 'Demande envoyée depuis le site';
      return `${created}${rulesPassed(d)}`;
    }
    case 'accepted':
      return d.awaitingPayment ? "Demande acceptée : en attente du paiement de l'acompte" : 'Demande acceptée';
    case 'refused':
      return 'Demande refusée';
    case 'changed': {
      const from = d.from ?? {};
      const to = d.to ?? {};
      const room = from.roomId !== to.roomId ? ` ; chambre ${roomName.get(from.roomId) ?? '?'} → ${roomName.get(to.roomId) ?? '?'}` : '';
      return `Modifiée : du ${formatNightFr(from.arrival)} au ${formatNightFr(from.departure)} → du ${formatNightFr(to.arrival)} au ${formatNightFr(to.departure)}${room}${rulesPassed(d)}`;
    }
    case 'cancelled': {
      const what = d.holdReleased ? "Annulée en attente de l'acompte : nuits libérées, lien de paiement fermé" : 'Annulée';
      return d.message ? `${what} (message : ${d.message})` : what;
    }
    case 'payment_failed':
      return "Paiement différé de l'acompte refusé par la banque : le lien de paiement par carte est renvoyé au client";
    case 'payment':
      return `${PAYMENT_KIND_LABELS[d.kind] ?? d.kind} reçu : ${euros(Number(d.amountCents) || 0)} le ${formatNightFr(String(d.receivedOn))} (${PAYMENT_MEANS_LABELS[d.means] ?? d.means})`;
    case 'message':
      return 'Message envoyé au client';
    case 'tax_collector':
      return `Taxe de séjour collectée par ${TAX_COLLECTOR_LABELS[d.to as TaxCollector] ?? d.to}`;
    case 'expired':
      return "Délai de paiement de l'acompte dépassé : nuits libérées";
    case 'refund':
      if (d.automatic) {
        const what = d.cause === 'duplicate' ? 'Paiement en double remboursé automatiquement' : 'Paiement tardif remboursé automatiquement';
        return `${what} : ${euros(Number(d.amountCents) || 0)}`;
      }
      return `Remboursement de ${euros(Number(d.amountCents) || 0)} (raison : ${d.reason ?? '—'})`;
    default:
      return event.kind;
  }
}

/** The owner passed over the stay rules: his reason and the rules, kept in the history. */
const rulesPassed = (d: Record<string, any>) =>
  d.rulesOverride?.reason ? ` ; règles passées outre (${d.rulesOverride.reason}) : ${(d.rulesOverride.rules ?? []).join(' ')}` : '';

type RecordRow = NonNullable<Awaited<ReturnType<typeof getBookingRecord>>>;

/** The card deposit as the owner reads it (issue 36): due until when, paid (when, how much, Stripe's reference), refunded. */
export function onlineDepositView(row: RecordRow['row'], payments: RecordRow['payments']) {
  const card = payments.find((p) => p.stripeReference);
  if (card) {
    return {
      state: card.refundedCents > 0 ? ('refunded' as const) : ('paid' as const),
      text: `Acompte payé par carte : ${euros(card.amountCents)} le ${formatNightFr(card.receivedOn)} (référence Stripe ${card.stripeReference})`,
      refunded: card.refundedCents > 0 ? `Remboursé : ${euros(card.refundedCents)}` : null,
      refundableCents: card.amountCents - card.refundedCents,
    };
  }
  if (row.status === 'awaiting_payment') {
    return {
      state: 'due' as const,
      text: `Acompte dû : ${euros(row.depositCents)}, à payer en ligne avant le ${row.paymentExpiresAt ? ownerTime(row.paymentExpiresAt) : '—'}`,
      refunded: null,
      refundableCents: 0,
    };
  }
  return null;
}

export async function loadBookingPage(id: string) {
  const record = await getBookingRecord(id);
  if (!record) return null;
  const rooms = await listRoomCards(OWNER_CHAIN);
  const roomName = new Map(rooms.map((r) => [r.id, r.name]));
  const { row } = record;
  const quote = row.quote as Quote & {
    override?: { cents: number; reason: string } | null;
    rulesOverride?: { reason: string; rules: string[] } | null;
  };
  const line = (l: Quote['lines'][number], index: number) => {
    const words = describeQuoteLine(l, 'fr');
    return { key: `${index}-${l.kind}`, label: words.label, detail: words.detail, amount: words.amount };
  };
  const phone = row.guestPhone ? linkPhone(row.guestPhone, 'en') : null;
  return {
    today: guesthouseToday(),
    rooms: rooms.map((r) => ({ id: r.id, name: r.name })),
    booking: {
      id: row.id,
      status: row.status,
      statusLabel: bookingStatusLabel(row.status),
      source: SOURCE_LABELS[row.source] ?? row.source,
      taxCollectedBy: row.taxCollectedBy,
      roomId: row.roomId,
      room: roomName.get(row.roomId) ?? 'Chambre supprimée',
      arrival: row.arrival,
      departure: row.departure,
      dates: `du ${formatNightFr(row.arrival)} au ${formatNightFr(row.departure)}`,
      nights: quote.nights?.length ?? 0,
      guests: row.guests,
      adults: row.guests - row.children,
      children: row.children,
      guestsText: describeGuests(row.guests - row.children, row.children, 'fr'),
      guestName: row.guestName,
      guestEmail: row.guestEmail,
      guestPhone: row.guestPhone,
      // tel: in international form, shown international too (the guest may be abroad).
      guestPhoneHref: phone?.href ?? null,
      guestPhoneInternational: phone?.international ?? row.guestPhone,
      language: frenchLanguageName(row.language),
      message: row.message,
      lines: (quote.lines ?? []).map(line),
      taxLine: quote.taxLine ? line(quote.taxLine, quote.lines?.length ?? 0) : null,
      promoCode: quote.promo?.code ?? null,
      override: row.priceOverrideReason ? { total: euros(row.totalCents), reason: row.priceOverrideReason } : null,
      rulesOverride: quote.rulesOverride ?? null,
      total: euros(row.totalCents),
      tax: euros(row.taxCents),
      amount: euros(record.amountCents),
      deposit: euros(row.depositCents),
      balance: euros(record.amountCents - row.depositCents),
      balanceDue: row.balanceDueDate ? formatNightFr(row.balanceDueDate) : null,
      received: euros(record.receivedCents),
      outstanding: euros(record.outstandingCents),
      depositOutstanding: record.depositOutstandingCents > 0 ? euros(record.depositOutstandingCents) : null,
      outstandingCents: record.outstandingCents,
      depositOutstandingCents: record.depositOutstandingCents,
      onlineDeposit: onlineDepositView(row, record.payments),
    },
    payments: record.payments.map((p) => ({
      id: p.id,
      kind: PAYMENT_KIND_LABELS[p.kind] ?? p.kind,
      amount: euros(p.amountCents),
      receivedOn: formatNightFr(p.receivedOn),
      means: PAYMENT_MEANS_LABELS[p.means] ?? p.means,
      stripeReference: p.stripeReference,
      refunded: p.refundedCents > 0 ? euros(p.refundedCents) : null,
    })),
    messages: [
      ...(row.message ? [{ id: 'guest', from: row.guestName, at: ownerTime(row.createdAt), body: row.message }] : []),
      ...record.events
        .filter((e) => e.kind === 'message' || ((e.kind === 'refused' || e.kind === 'cancelled') && (e.details as { message?: string })?.message))
        .map((e) => {
          const d = e.details as { body?: string; message?: string };
          return { id: e.id, from: e.actor ?? 'La maison', at: ownerTime(e.createdAt), body: d.body ?? d.message ?? '' };
        }),
    ],
    history: record.events.map((e) => ({
      id: e.id,
      at: ownerTime(e.createdAt),
      by: e.actor ?? (e.kind === 'created' ? 'le client' : '—'),
      what: describeEvent(e, roomName),
    })),
  };
}

/** The record form's choices: the rooms, today (first possible arrival). */
export async function loadRecordForm() {
  const rooms = await listRoomCards(OWNER_CHAIN);
  return { today: guesthouseToday(), rooms: rooms.map((r) => ({ id: r.id, name: r.name, maxGuests: r.maxGuests })) };
}
