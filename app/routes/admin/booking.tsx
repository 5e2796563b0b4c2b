// A booking as a record (issue 35): /admin/booking/new records a booking taken by
// phone or e-mail; /admin/booking/<id> shows the guest, the stay, the money kept
// from the quote, payments, messages and history, with change, cancel, payment and
// message actions, and who collects its tourist tax. Every action is one transaction in
// ~/.server/booking/stays/records.
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { loadEditor, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { loadBookingPage, loadRecordForm } from '~/.server/booking/views/booking-page';
import { cancelBooking, changeBooking, issueStayNote, recordBooking, recordEntry, sendGuestMessage, setTaxCollector } from '~/.server/booking/stays/records';
import { releaseHold } from '~/.server/booking/stays/deposit';
import { newRefundRequestKey, refundDeposit } from '~/.server/booking/stays/refunds';
import { requireAdmin } from '~/.server/auth/permissions';
import { redirectWithToast } from '~/.server/http/toast-response';
import { BookingRecord, RecordBookingForm } from '~/components/admin/booking/booking-record';
import { adminMeta } from '~/components/admin/screen-kit';
import { Button } from '~/components/ui/button';
import {
  CancelBookingSchema,
  ChangeBookingSchema,
  GuestMessageSchema,
  IssueNoteSchema,
  RecordBookingSchema,
  RecordPaymentSchema,
  ReleaseHoldSchema,
  SetTaxCollectorSchema,
} from '~/lib/schemas/booking-admin';
import { RefundDepositSchema } from '~/lib/schemas/online-deposit';
import { isUuid } from '~/lib/uuid';
import type { Route } from './+types/booking';

const SCREEN = 'admin/booking';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (params.bookingId === 'new') return { mode: 'new' as const, ...(await loadRecordForm()) };
  const page = await loadEditor(SCREEN, 'Réservation introuvable', async () => (isUuid(params.bookingId) ? loadBookingPage(params.bookingId) : null));
  // A refund request's own key (issue 51): the form posted twice makes one refund.
  return { mode: 'record' as const, ...page, refundRequestKey: newRefundRequestKey() };
}

const stayOf = (v: {
  roomId: string;
  arrival: string;
  departure: string;
  adults: number;
  children: number;
  code?: string;
  price?: number;
  priceReason?: string;
  rulesOverride?: 'on';
  rulesReason?: string;
}) => ({
  roomId: v.roomId,
  arrival: v.arrival,
  departure: v.departure,
  adults: v.adults,
  children: v.children,
  code: v.code ?? null,
  priceOverride: v.price !== undefined ? { cents: v.price, reason: v.priceReason ?? '' } : null,
  rulesOverride: v.rulesOverride ? (v.rulesReason ?? null) : null,
});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'record':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RecordBookingSchema,
        failure: "Impossible d'enregistrer la réservation",
        perform: (v) =>
          recordBooking(
            stayOf(v),
            { name: v.name, email: v.email ?? null, phone: v.phone ?? null, language: v.language, message: v.message ?? null },
            v.source,
            viewer.email,
            v.taxCollectedBy,
          ),
        success: (_v, result) => redirectWithToast(`/admin/booking/${result.id}`, { type: 'success', title: 'Succès', description: 'Réservation enregistrée' }),
      });
    case 'change':
      return runIntent(formData, {
        screen: SCREEN,
        schema: ChangeBookingSchema,
        failure: 'Impossible de modifier la réservation',
        perform: (v) => changeBooking(v.id, stayOf(v), viewer.email),
        success: 'Réservation modifiée, le client est prévenu',
      });
    case 'set-tax-collector':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SetTaxCollectorSchema,
        failure: 'Impossible de modifier la réservation',
        perform: ({ id, taxCollectedBy }) => setTaxCollector(id, taxCollectedBy, viewer.email),
        success: 'Collecteur de la taxe de séjour enregistré',
      });
    case 'cancel':
      return runIntent(formData, {
        screen: SCREEN,
        schema: CancelBookingSchema,
        failure: "Impossible d'annuler la réservation",
        perform: ({ id, by, message, kept, refundNow, refundMeans, refundOn }) =>
          cancelBooking(
            id,
            {
              by,
              message: message ?? null,
              keptCents: kept ?? null,
              refund: refundNow && refundMeans && refundOn ? { means: refundMeans, occurredOn: refundOn } : null,
            },
            viewer.email,
          ),
        success: 'Réservation annulée, le client est prévenu',
      });
    case 'release-hold':
      return runIntent(formData, {
        screen: SCREEN,
        schema: ReleaseHoldSchema,
        failure: "Impossible d'annuler la réservation",
        perform: ({ id, message }) => releaseHold(id, message ?? null, viewer.email),
        success: 'Réservation annulée, nuits libérées, le client est prévenu',
      });
    case 'payment':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RecordPaymentSchema,
        failure: "Impossible d'enregistrer le paiement",
        perform: ({ id, nature, amount, occurredOn, means, reference }) =>
          recordEntry(id, { nature, amountCents: amount, occurredOn, means, reference: reference ?? null }, viewer.email),
        success: (v) => (v.nature === 'remboursement' || v.nature === 'dedommagement' ? 'Remboursement enregistré' : 'Paiement enregistré'),
      });
    case 'issue-note':
      return runIntent(formData, {
        screen: SCREEN,
        schema: IssueNoteSchema,
        failure: "Impossible d'émettre la facture",
        perform: ({ id }) => issueStayNote(id, viewer.email),
        success: 'Facture émise',
      });
    case 'refund-deposit':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RefundDepositSchema,
        failure: 'Impossible de rembourser par carte',
        perform: ({ id, amount, reason, requestKey }) => refundDeposit({ bookingId: id, amountCents: amount, reason, requestKey }, viewer.email),
        success: 'Remboursement demandé à Stripe, le client est prévenu',
      });
    case 'message':
      return runIntent(formData, {
        screen: SCREEN,
        schema: GuestMessageSchema,
        failure: "Impossible d'envoyer le message",
        perform: ({ id, body }) => sendGuestMessage(id, body, viewer.email),
        success: 'Message envoyé au client',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = ({ data }: Route.MetaArgs) =>
  adminMeta(data?.mode === 'record' ? `Réservation de ${data.booking.guestName}` : 'Enregistrer une réservation');

export default function BookingPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="booking-title" className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/reservations">
            <ArrowLeftIcon aria-hidden="true" />
            Réservations
          </Link>
        </Button>
        <h2 id="booking-title" className="min-w-0 flex-1 text-2xl font-semibold">
          {data.mode === 'record' ? `Réservation de ${data.booking.guestName}` : 'Enregistrer une réservation'}
        </h2>
      </div>
      {data.mode === 'record' ? <BookingRecord {...data} /> : <RecordBookingForm rooms={data.rooms} today={data.today} />}
    </section>
  );
}
