// What the booking record page reads (issue 35): the booking with its guest, stay,
// quote lines, tax, deposit and balance as kept, its payments and history, every
// instant written in the guesthouse's time zone and every amount in French.
import { OWNER_CHAIN } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { formatNightFr } from '~/lib/nights';
import { SOURCE_LABELS } from '~/lib/schemas/booking-admin';
import { DEPOSIT_NATURE_MEANING, MEANS_LABELS, NATURE_LABELS, type LedgerMeans, type LedgerNature } from '~/lib/money-terms';
import { listRoomCards } from '../../content/rooms';
import { linkPhone } from '../../content/phones';
import { guesthouseToday, ownerTime } from '../../guesthouse-time';
import type { Quote } from '../pricing/quote';
import { describeGuests, describeQuoteLine } from '../pricing/quote-lines';
import { getBookingRecord } from '../stays/records';
import { frenchLanguageName } from '~/lib/language-names';
import { stayStatusLabel } from '~/lib/stays';
import { TAX_COLLECTOR_LABELS, type TaxCollector } from '~/lib/tourist-tax';
import { cancellationTerms } from '../stays/records';
import { STAY_PLAN_LABELS, SCHEDULED_STATE_LABELS } from '~/lib/stays';

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
      const by = d.by === 'house' ? ' par la maison' : d.by === 'guest' ? ' à la demande du client' : '';
      const what = d.holdReleased ? "Annulée en attente de l'acompte : nuits libérées, lien de paiement fermé" : `Annulée${by}`;
      return d.message ? `${what} (message : ${d.message})` : what;
    }
    case 'payment_failed':
      return "Paiement différé de l'acompte refusé par la banque : le lien de paiement par carte est renvoyé au client";
    case 'payment': {
      // Entries before issue 52 said `kind` (deposit, balance) and `receivedOn`.
      const nature = NATURE_LABELS[d.nature as LedgerNature] ?? (d.kind === 'deposit' ? 'Acompte' : d.kind === 'balance' ? 'Solde' : String(d.kind ?? ''));
      return `${nature} reçu : ${euros(Number(d.amountCents) || 0)} le ${formatNightFr(String(d.occurredOn ?? d.receivedOn))} (${MEANS_LABELS[d.means as LedgerMeans] ?? d.means})`;
    }
    case 'reminder':
      return `Rappel envoyé au client : ${d.reminder === 'deposit' ? 'acompte' : 'solde'} de ${euros(Number(d.amountCents) || 0)}`;
    case 'note':
      return d.credits
        ? `Avoir n° ${d.number} émis (annule la facture n° ${d.credits})`
        : `Facture n° ${d.number} émise${d.atCheckOut ? ' au départ et envoyée au client' : ''}`;
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
      if (d.nature === 'dedommagement')
        return `Dédommagement versé : ${euros(Number(d.amountCents) || 0)} le ${formatNightFr(String(d.occurredOn))} (${MEANS_LABELS[d.means as LedgerMeans] ?? d.means})`;
      if (d.means && d.means !== 'stripe' && !d.stripeReference)
        return `Remboursement : ${euros(Number(d.amountCents) || 0)} le ${formatNightFr(String(d.occurredOn))} (${MEANS_LABELS[d.means as LedgerMeans] ?? d.means})`;
      return `Remboursement de ${euros(Number(d.amountCents) || 0)} (raison : ${d.reason ?? '—'})`;
    default:
      return event.kind;
  }
}

/** The owner passed over the stay rules: his reason and the rules, kept in the history. */
const rulesPassed = (d: Record<string, any>) =>
  d.rulesOverride?.reason ? ` ; règles passées outre (${d.rulesOverride.reason}) : ${(d.rulesOverride.rules ?? []).join(' ')}` : '';

type RecordRow = NonNullable<Awaited<ReturnType<typeof getBookingRecord>>>;

/** The card payments as the owner reads them (issue 36): due online until when, paid (when, how much, Stripe's reference), refunded. */
export function onlineDepositView(row: RecordRow['row'], entries: RecordRow['entries']) {
  const cards = entries.filter((e) => e.means === 'stripe' && e.direction === 'received');
  if (cards.length) {
    const refunded = entries
      .filter((e) => e.means === 'stripe' && e.direction === 'returned' && e.stripeStatus !== 'failed' && e.stripeStatus !== 'canceled')
      .reduce((sum, e) => sum + e.amountCents, 0);
    const paid = cards.reduce((sum, e) => sum + e.amountCents, 0);
    const first = cards[0]!;
    return {
      state: refunded > 0 ? ('refunded' as const) : ('paid' as const),
      text: `${first.nature === 'arrhes' ? 'Arrhes payées' : `${NATURE_LABELS[first.nature]} payé`} par carte : ${euros(first.amountCents)} le ${formatNightFr(first.occurredOn)} (référence Stripe ${first.stripePaymentIntent})`,
      refunded: refunded > 0 ? `Remboursé : ${euros(refunded)}` : null,
      refundableCents: paid - refunded,
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
      statusLabel: stayStatusLabel(row, record.money, guesthouseToday()),
      reference: row.reference,
      depositNature: row.depositNature,
      depositNatureLabel: NATURE_LABELS[row.depositNature],
      depositNatureMeaning: DEPOSIT_NATURE_MEANING[row.depositNature],
      depositDue: row.depositDueDate ? formatNightFr(row.depositDueDate) : null,
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
      amount: euros(row.totalCents + row.taxCents),
      deposit: euros(row.depositCents),
      balance: euros(row.totalCents + row.taxCents - row.depositCents),
      balanceDue: row.balanceDueDate ? formatNightFr(row.balanceDueDate) : null,
      due: euros(record.money.dueCents),
      received: euros(record.money.heldCents),
      outstanding: euros(record.money.outstandingCents),
      toRefund: record.money.toRefundCents > 0 ? euros(record.money.toRefundCents) : null,
      compensationOwed: record.money.compensationOwedCents > 0 ? euros(record.money.compensationOwedCents) : null,
      depositOutstanding: record.money.outstandingBy.deposit > 0 ? euros(record.money.outstandingBy.deposit) : null,
      outstandingCents: record.money.outstandingCents,
      /** What the payment form pre-fills for each nature: what remains of it, or what is to give back. */
      prefill: {
        [row.depositNature]: record.money.outstandingBy.deposit,
        solde: record.money.outstandingBy.solde,
        taxe_sejour: record.money.outstandingBy.taxe_sejour,
        remboursement: record.money.toRefundCents,
        dedommagement: record.money.compensationOwedCents,
      } as Partial<Record<LedgerNature, number>>,
      lastChange: lastChange(record.events),
      cancellation: row.cancelledBy
        ? { by: row.cancelledBy === 'house' ? 'la maison' : 'le client', kept: euros(row.keptCents ?? 0), compensation: euros(row.compensationCents ?? 0) }
        : null,
      /** What cancelling now keeps and returns, for each side (the cancel form's preview). */
      cancelPreview: {
        guest: { ...previewOf(row, record.money, 'guest') },
        house: { ...previewOf(row, record.money, 'house') },
      },
      onlineDeposit: onlineDepositView(row, record.entries),
    },
    entries: record.entries.map((e) => ({
      id: e.id,
      nature: NATURE_LABELS[e.nature],
      returned: e.direction === 'returned',
      amount: euros(e.direction === 'returned' ? -e.amountCents : e.amountCents),
      occurredOn: formatNightFr(e.occurredOn),
      means: MEANS_LABELS[e.means],
      reference: e.reference,
      by: e.recordedBy,
      failed: e.stripeStatus === 'failed' || e.stripeStatus === 'canceled',
    })),
    notes: record.notes.map((n) => ({
      id: n.id,
      number: n.number,
      kind: n.kind === 'note' ? 'Facture' : 'Avoir',
      issuedOn: formatNightFr(n.issuedOn),
      amount: euros(n.amountCents),
      href: `/admin/notes/${n.id}.pdf`,
    })),
    canIssueNote: row.status === 'confirmed' && !record.notes.some((n) => n.kind === 'note' && !record.notes.some((c) => c.creditsNoteId === n.id)),
    plans: record.plans.map((p) => ({
      id: p.id,
      what: STAY_PLAN_LABELS[p.kind] ?? p.kind,
      at: ownerTime(p.dueAt),
      state: SCHEDULED_STATE_LABELS[p.state] ?? p.state,
      outcome: p.outcome,
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

/** The last change of dates, room or guests: the stay's price before and after, and the difference. */
function lastChange(events: RecordRow['events']) {
  const change = [...events].reverse().find((e) => e.kind === 'changed');
  const d = (change?.details ?? {}) as { from?: { totalCents?: number }; to?: { totalCents?: number } };
  if (d.from?.totalCents === undefined || d.to?.totalCents === undefined || d.from.totalCents === d.to.totalCents) return null;
  const difference = d.to.totalCents - d.from.totalCents;
  return { from: euros(d.from.totalCents), to: euros(d.to.totalCents), difference: `${difference > 0 ? '+' : ''}${euros(difference)}` };
}

/** What cancelling now would keep, refund and owe, by who cancels (the cancel form's preview). */
function previewOf(row: RecordRow['row'], money: RecordRow['money'], by: 'guest' | 'house') {
  const terms = cancellationTerms(row, money.depositReceivedCents, { by });
  return {
    keptCents: terms.keptCents,
    kept: euros(Math.min(terms.keptCents, money.heldCents)),
    refund: euros(Math.max(0, money.heldCents - terms.keptCents)),
    compensation: euros(terms.compensationCents),
    total: euros(Math.max(0, money.heldCents - terms.keptCents) + terms.compensationCents),
  };
}

/** The record form's choices: the rooms, today (first possible arrival). */
export async function loadRecordForm() {
  const rooms = await listRoomCards(OWNER_CHAIN);
  return { today: guesthouseToday(), rooms: rooms.map((r) => ({ id: r.id, name: r.name, maxGuests: r.maxGuests })) };
}
