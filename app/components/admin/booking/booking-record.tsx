// The booking record page's blocks (app/routes/admin/booking.tsx): the record form
// for a booking taken by phone or e-mail, and a booking's facts, money, payments,
// messages and history with the change, cancel, payment and message forms.
import { decimalEuros } from '~/lib/money';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { BanIcon, CalendarCogIcon, MailIcon, PhoneIcon, SaveIcon, SendIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Form, useActionData, useFetcher, useNavigation } from 'react-router';
import { LiveQuote, useLiveQuote } from '~/components/admin/booking/live-quote';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { EmptyState } from '~/components/admin/screen-kit';
import { CheckboxField, Field, SelectField, TextareaField } from '~/components/forms';
import { RefundDepositSchema } from '~/lib/schemas/online-deposit';
import { frenchLanguageName } from '~/lib/language-names';
import { nightsFr } from '~/lib/stays';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import {
  CancelBookingSchema,
  ChangeBookingSchema,
  defaultTaxCollector,
  GuestMessageSchema,
  PAYMENT_MEANS_LABELS,
  RECORD_SOURCES,
  RecordBookingSchema,
  RecordPaymentSchema,
  GUEST_LANGUAGES,
  SetTaxCollectorSchema,
  SOURCE_LABELS,
} from '~/lib/schemas/booking-admin';
import { TAX_COLLECTOR_LABELS, TAX_COLLECTORS, type TaxCollector } from '~/lib/tourist-tax';

type Room = { id: string; name: string };

type StayFieldSet = {
  roomId: FieldMetadata<string>;
  arrival: FieldMetadata<string>;
  departure: FieldMetadata<string>;
  adults: FieldMetadata<number>;
  children: FieldMetadata<number | undefined>;
  code: FieldMetadata<string | undefined>;
  price: FieldMetadata<number | undefined>;
  priceReason: FieldMetadata<string | undefined>;
  rulesOverride: FieldMetadata<'on' | undefined>;
  rulesReason: FieldMetadata<string | undefined>;
};

/** Room, dates, adults and children, a promo code, the optional price typed by the owner (with its reason), and passing over the stay rules (with its reason). */
function StayFields({ fields, rooms }: { fields: StayFieldSet; rooms: Room[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Chambre" selectProps={getSelectProps(fields.roomId)} errors={fields.roomId.errors}>
        <option value="">Choisir…</option>
        {rooms.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Adultes" inputProps={{ ...getInputProps(fields.adults, { type: 'number' }), min: 1, max: 10 }} errors={fields.adults.errors} />
        <Field
          label="Enfants (moins de 18 ans)"
          hint="Exonérés de la taxe de séjour."
          inputProps={{ ...getInputProps(fields.children, { type: 'number' }), min: 0, max: 9 }}
          errors={fields.children.errors}
        />
      </div>
      <Field label="Arrivée" inputProps={getInputProps(fields.arrival, { type: 'date' })} errors={fields.arrival.errors} />
      <Field label="Départ" inputProps={getInputProps(fields.departure, { type: 'date' })} errors={fields.departure.errors} />
      <Field
        label="Code promo (facultatif)"
        inputProps={{ ...getInputProps(fields.code, { type: 'text' }), maxLength: 40, autoComplete: 'off' }}
        errors={fields.code.errors}
      />
      <Field
        label="Prix des nuits saisi (€, facultatif)"
        hint="Vide : le prix calculé par les saisons."
        inputProps={{ ...getInputProps(fields.price, { type: 'number' }), step: '0.01', min: 0 }}
        errors={fields.price.errors}
      />
      <Field label="Raison du prix saisi" inputProps={getInputProps(fields.priceReason, { type: 'text' })} errors={fields.priceReason.errors} />
      <CheckboxField
        label="Passer outre les règles de séjour"
        hint="Séjour minimum, jours d'arrivée et de départ, délai : la raison est gardée dans l'historique."
        inputProps={getInputProps(fields.rulesOverride, { type: 'checkbox' })}
        errors={fields.rulesOverride.errors}
      />
      <Field label="Raison (règles passées outre)" inputProps={getInputProps(fields.rulesReason, { type: 'text' })} errors={fields.rulesReason.errors} />
    </div>
  );
}

type SourceFieldSet = { source: FieldMetadata<string>; taxCollectedBy: FieldMetadata<string | undefined> };

/**
 * Where the booking comes from and who collects its tourist tax (issue 44): the collector
 * follows the source (a platform that collects it: Airbnb, Booking.com) until the owner
 * chooses it himself.
 */
function SourceAndCollector({ fields }: { fields: SourceFieldSet }) {
  const [source, setSource] = useState<string>(String(fields.source.initialValue ?? 'phone'));
  const [chosen, setChosen] = useState<TaxCollector | null>((fields.taxCollectedBy.initialValue as TaxCollector | undefined) ?? null);
  const collector = chosen ?? defaultTaxCollector(source);
  return (
    <>
      <SelectField
        label="Source"
        selectProps={{ ...getSelectProps(fields.source), onChange: (event: React.ChangeEvent<HTMLSelectElement>) => setSource(event.target.value) }}
        errors={fields.source.errors}
      >
        {RECORD_SOURCES.map((value) => (
          <option key={value} value={value}>
            {SOURCE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Taxe de séjour collectée par"
        hint={collector === 'platform' ? 'La plateforme la reverse : ce séjour sort de ce que la maison déclare.' : undefined}
        selectProps={{
          ...getSelectProps(fields.taxCollectedBy),
          defaultValue: undefined,
          value: collector,
          onChange: (event: React.ChangeEvent<HTMLSelectElement>) => setChosen(event.target.value as TaxCollector),
        }}
        errors={fields.taxCollectedBy.errors}
      >
        {TAX_COLLECTORS.map((value) => (
          <option key={value} value={value}>
            {TAX_COLLECTOR_LABELS[value]}
          </option>
        ))}
      </SelectField>
    </>
  );
}

export function RecordBookingForm({ rooms, today }: { rooms: Room[]; today: string }) {
  const reply = useActionData();
  const navigation = useNavigation();
  const [form, fields] = useAdminForm({
    id: 'record-booking',
    schema: RecordBookingSchema,
    reply,
    defaultValue: { source: 'phone', language: 'fr', adults: '2', children: '0', arrival: today },
  });
  const busy = navigation.state !== 'idle';
  const live = useLiveQuote();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Réservation prise par téléphone, par e-mail ou sur une plateforme</h3>
        </CardTitle>
        <CardDescription>Confirmée dès l&apos;enregistrement : les nuits se ferment sur le site et dans le calendrier exporté.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} onChange={live.onChange} className="space-y-4">
          <input type="hidden" name="intent" value="record" />
          <StayFields fields={fields as unknown as StayFieldSet} rooms={rooms} />
          <LiveQuote quote={live} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Nom du client" inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
            <SourceAndCollector fields={fields as unknown as SourceFieldSet} />
            <Field label="E-mail du client" inputProps={getInputProps(fields.email, { type: 'email' })} errors={fields.email.errors} />
            <Field label="Téléphone du client" inputProps={getInputProps(fields.phone, { type: 'tel' })} errors={fields.phone.errors} />
            <SelectField label="Langue du client" selectProps={getSelectProps(fields.language)} errors={fields.language.errors}>
              {GUEST_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {frenchLanguageName(code)}
                </option>
              ))}
            </SelectField>
          </div>
          <TextareaField label="Note (facultatif)" textareaProps={{ ...getTextareaProps(fields.message), rows: 3 }} errors={fields.message.errors} />
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-destructive">
              {form.errors.join(' ')}
            </p>
          ) : null}
          <Button type="submit" disabled={busy}>
            <SaveIcon aria-hidden="true" />
            {busy ? 'Enregistrement...' : 'Enregistrer la réservation'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

interface BookingView {
  id: string;
  status: string;
  statusLabel: string;
  source: string;
  taxCollectedBy: TaxCollector;
  roomId: string;
  room: string;
  arrival: string;
  departure: string;
  dates: string;
  nights: number;
  guests: number;
  adults: number;
  children: number;
  /** « 2 adultes, 1 enfant » */
  guestsText: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  guestPhoneHref: string | null;
  guestPhoneInternational: string | null;
  language: string;
  lines: Array<{ key: string; label: string; detail: string; amount: string }>;
  taxLine: { key: string; label: string; detail: string; amount: string } | null;
  promoCode: string | null;
  override: { total: string; reason: string } | null;
  /** The owner passed over the stay rules: why, and which. */
  rulesOverride: { reason: string; rules: string[] } | null;
  total: string;
  tax: string;
  amount: string;
  deposit: string;
  balance: string;
  balanceDue: string | null;
  received: string;
  outstanding: string;
  depositOutstanding: string | null;
  outstandingCents: number;
  depositOutstandingCents: number;
  /** The card deposit (issue 36): due, paid (when, amount, Stripe reference) or refunded. */
  onlineDeposit: { state: 'due' | 'paid' | 'refunded'; text: string; refunded: string | null; refundableCents: number } | null;
}

interface RecordProps {
  today: string;
  /** The key of the refund form as rendered (issue 51): posted twice, it refunds once. */
  refundRequestKey: string;
  rooms: Room[];
  booking: BookingView;
  payments: Array<{ id: string; kind: string; amount: string; receivedOn: string; means: string; stripeReference: string | null; refunded: string | null }>;
  messages: Array<{ id: string; from: string; at: string; body: string }>;
  history: Array<{ id: string; at: string; by: string; what: string }>;
}

function Facts({ booking }: { booking: BookingView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Séjour</h3>
        </CardTitle>
        <CardDescription>
          {booking.statusLabel} · source : {booking.source}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Client</dt>
          <dd>{booking.guestName}</dd>
          <dt className="text-muted-foreground">E-mail</dt>
          <dd>
            {booking.guestEmail ? (
              <a className="inline-flex min-h-11 items-center gap-1 underline" href={`mailto:${booking.guestEmail}`}>
                <MailIcon aria-hidden="true" className="size-4" />
                {booking.guestEmail}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-muted-foreground">Téléphone</dt>
          <dd>
            {booking.guestPhoneHref ? (
              <a className="inline-flex min-h-11 items-center gap-1 underline" href={booking.guestPhoneHref}>
                <PhoneIcon aria-hidden="true" className="size-4" />
                {booking.guestPhoneInternational}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-muted-foreground">Langue</dt>
          <dd>{booking.language}</dd>
          <dt className="text-muted-foreground">Chambre</dt>
          <dd>{booking.room}</dd>
          <dt className="text-muted-foreground">Dates</dt>
          <dd>
            {booking.dates} · {nightsFr(booking.nights)}
          </dd>
          <dt className="text-muted-foreground">Personnes</dt>
          <dd>{booking.guestsText}</dd>
          {booking.promoCode ? (
            <>
              <dt className="text-muted-foreground">Code promo</dt>
              <dd>{booking.promoCode}</dd>
            </>
          ) : null}
          {booking.rulesOverride ? (
            <>
              <dt className="text-muted-foreground">Règles passées outre</dt>
              <dd>
                {booking.rulesOverride.reason} ({booking.rulesOverride.rules.join(' ')})
              </dd>
            </>
          ) : null}
          {booking.status === 'confirmed' ? null : (
            <>
              <dt className="text-muted-foreground">Taxe de séjour</dt>
              <dd>collectée par {TAX_COLLECTOR_LABELS[booking.taxCollectedBy]}</dd>
            </>
          )}
        </dl>
        {booking.status === 'confirmed' ? <TaxCollectorForm booking={booking} /> : null}
      </CardContent>
    </Card>
  );
}

function Money({ booking }: { booking: BookingView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Montants</h3>
        </CardTitle>
        <CardDescription>Les montants du devis, gardés tels qu&apos;annoncés au client.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[1fr_max-content] gap-x-4 gap-y-1 text-sm" aria-label="Montants">
          {booking.lines.map((l) => (
            <div key={l.key} className="contents">
              <dt>
                {l.label}
                {l.detail ? ` : ${l.detail}` : ''}
              </dt>
              <dd className="text-right">{l.amount}</dd>
            </div>
          ))}
          {booking.override ? (
            <>
              <dt className="text-muted-foreground">Raison du prix saisi</dt>
              <dd className="text-right text-muted-foreground">{booking.override.reason}</dd>
            </>
          ) : null}
          <dt>Prix du séjour</dt>
          <dd className="text-right">{booking.total}</dd>
          <dt>
            {booking.taxLine ? `${booking.taxLine.label} : ${booking.taxLine.detail}` : 'Taxe de séjour'}
            {booking.taxCollectedBy === 'platform' ? ' (collectée par la plateforme, hors total)' : ''}
          </dt>
          <dd className="text-right">{booking.tax}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{booking.amount}</dd>
          <dt>Acompte</dt>
          <dd className="text-right">{booking.deposit}</dd>
          <dt>Solde{booking.balanceDue ? ` (dû le ${booking.balanceDue})` : ''}</dt>
          <dd className="text-right">{booking.balance}</dd>
          <dt>Reçu</dt>
          <dd className="text-right">{booking.received}</dd>
          <dt className="font-semibold">Reste à payer</dt>
          <dd className="text-right font-semibold" data-testid="outstanding">
            {booking.outstanding}
          </dd>
        </dl>
        {booking.depositOutstanding && booking.onlineDeposit?.state !== 'due' ? (
          <p className="mt-2 text-sm text-amber-800">Acompte attendu : {booking.depositOutstanding}</p>
        ) : null}
        {booking.onlineDeposit ? (
          <div className="mt-2 space-y-1 text-sm" data-testid="online-deposit">
            <p className={booking.onlineDeposit.state === 'due' ? 'text-amber-800' : undefined}>{booking.onlineDeposit.text}</p>
            {booking.onlineDeposit.refunded ? <p>{booking.onlineDeposit.refunded}</p> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** « Taxe de séjour collectée par » the house or the platform: the register follows (issue 44). */
function TaxCollectorForm({ booking }: { booking: BookingView }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `tax-collector-${booking.id}`,
    schema: SetTaxCollectorSchema,
    reply: fetcher.data,
    defaultValue: { taxCollectedBy: booking.taxCollectedBy },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} ref={formRef} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="set-tax-collector" />
      <input type="hidden" name="id" value={booking.id} />
      <SelectField label="Taxe de séjour collectée par" selectProps={getSelectProps(fields.taxCollectedBy)} errors={fields.taxCollectedBy.errors}>
        {TAX_COLLECTORS.map((value) => (
          <option key={value} value={value}>
            {TAX_COLLECTOR_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        Enregistrer
      </Button>
    </fetcher.Form>
  );
}

function ChangeForm({ booking, rooms }: { booking: BookingView; rooms: Room[] }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `change-${booking.id}`,
    schema: ChangeBookingSchema,
    reply: fetcher.data,
    defaultValue: {
      roomId: booking.roomId,
      arrival: booking.arrival,
      departure: booking.departure,
      adults: String(booking.adults),
      children: String(booking.children),
      code: booking.promoCode ?? '',
    },
  });
  const live = useLiveQuote(booking.id);
  return (
    <details className="rounded-lg border p-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
        <CalendarCogIcon aria-hidden="true" className="size-4" />
        Modifier les dates ou la chambre…
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} onChange={live.onChange} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="id" value={booking.id} />
        <StayFields fields={fields as unknown as StayFieldSet} rooms={rooms} />
        {live.asked ? <LiveQuote quote={live} /> : null}
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-destructive">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Enregistrer la modification
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** Cancels a confirmed stay, or releases a hold awaiting its deposit (`release-hold`): the same words for the owner. */
function CancelForm({ booking, intent = 'cancel' }: { booking: BookingView; intent?: 'cancel' | 'release-hold' }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: `cancel-${booking.id}`, schema: CancelBookingSchema, reply: fetcher.data });
  return (
    <details className="rounded-lg border p-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
        <BanIcon aria-hidden="true" className="size-4" />
        Annuler la réservation…
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={booking.id} />
        <TextareaField
          label="Message au client (facultatif)"
          textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: 2000 }}
          errors={fields.message.errors}
        />
        <Button type="submit" variant="destructive" disabled={fetcher.state !== 'idle'}>
          Confirmer l&apos;annulation
        </Button>
      </fetcher.Form>
    </details>
  );
}

function PaymentForm({ booking, today }: { booking: BookingView; today: string }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `payment-${booking.id}`,
    schema: RecordPaymentSchema,
    reply: fetcher.data,
    defaultValue: {
      kind: booking.depositOutstandingCents > 0 ? 'deposit' : 'balance',
      amount:
        booking.outstandingCents > 0 ? decimalEuros(booking.depositOutstandingCents > 0 ? booking.depositOutstandingCents : booking.outstandingCents) : '',
      receivedOn: today,
      means: 'virement',
    },
  });
  useFetcherSuccess(fetcher, () => form.reset());
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="id" value={booking.id} />
      <SelectField label="Nature" selectProps={getSelectProps(fields.kind)} errors={fields.kind.errors}>
        <option value="deposit">Acompte</option>
        <option value="balance">Solde</option>
      </SelectField>
      <Field
        label="Montant reçu (€)"
        inputProps={{ ...getInputProps(fields.amount, { type: 'number' }), step: '0.01', min: 0 }}
        errors={fields.amount.errors}
      />
      <Field label="Reçu le" inputProps={getInputProps(fields.receivedOn, { type: 'date' })} errors={fields.receivedOn.errors} />
      <SelectField label="Moyen" selectProps={getSelectProps(fields.means)} errors={fields.means.errors}>
        {Object.entries(PAYMENT_MEANS_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          <WalletIcon aria-hidden="true" />
          Marquer comme reçu
        </Button>
      </div>
    </fetcher.Form>
  );
}

function RefundForm({ booking, requestKey }: { booking: BookingView; requestKey: string }) {
  const fetcher = useFetcher();
  const refundable = booking.onlineDeposit?.refundableCents ?? 0;
  const [form, fields] = useAdminForm({
    id: `refund-${booking.id}`,
    schema: RefundDepositSchema,
    reply: fetcher.data,
    defaultValue: { amount: decimalEuros(refundable) },
  });
  useFetcherSuccess(fetcher, () => form.reset());
  return (
    <details className="rounded-lg border p-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
        <WalletIcon aria-hidden="true" className="size-4" />
        Rembourser l&apos;acompte…
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="refund-deposit" />
        <input type="hidden" name="id" value={booking.id} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <Field
          label="Montant à rembourser (€)"
          inputProps={{ ...getInputProps(fields.amount, { type: 'number' }), step: '0.01', min: 0.01, max: decimalEuros(refundable) }}
          errors={fields.amount.errors}
        />
        <TextareaField
          label="Raison du remboursement"
          textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, maxLength: 500 }}
          errors={fields.reason.errors}
        />
        {booking.status === 'confirmed' ? (
          <div className="sm:col-span-2">
            <CheckboxField label="Annuler aussi la réservation" inputProps={getInputProps(fields.cancel, { type: 'checkbox' })} errors={fields.cancel.errors} />
          </div>
        ) : null}
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {form.errors.join(' ')}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" variant="destructive" disabled={fetcher.state !== 'idle'}>
            Rembourser
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function MessageForm({ booking }: { booking: BookingView }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: `message-${booking.id}`, schema: GuestMessageSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  if (!booking.guestEmail) return <p className="text-sm text-muted-foreground">Pas d&apos;adresse e-mail pour ce client.</p>;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="message" />
      <input type="hidden" name="id" value={booking.id} />
      <TextareaField label="Écrire au client" textareaProps={{ ...getTextareaProps(fields.body), rows: 4, maxLength: 5000 }} errors={fields.body.errors} />
      <Button type="submit" disabled={fetcher.state !== 'idle'}>
        <SendIcon aria-hidden="true" />
        Envoyer
      </Button>
    </fetcher.Form>
  );
}

export function BookingRecord({ booking, rooms, payments, messages, history, today, refundRequestKey }: RecordProps) {
  const confirmed = booking.status === 'confirmed';
  const held = booking.status === 'awaiting_payment';
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Facts booking={booking} />
      <Money booking={booking} />
      {confirmed ? (
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h3>Actions</h3>
            </CardTitle>
            <CardDescription>Le client est prévenu par e-mail dans sa langue.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <ChangeForm booking={booking} rooms={rooms} />
            <CancelForm booking={booking} />
          </CardContent>
        </Card>
      ) : null}
      {held ? (
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h3>Actions</h3>
            </CardTitle>
            <CardDescription>Les nuits se libèrent aussitôt, le lien de paiement est fermé et le client est prévenu par e-mail dans sa langue.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <CancelForm booking={booking} intent="release-hold" />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Paiements</h3>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {payments.length === 0 ? (
            <EmptyState>Aucun paiement reçu</EmptyState>
          ) : (
            <ul className="divide-y rounded-md border text-sm" aria-label="Paiements reçus">
              {payments.map((p) => (
                <li key={p.id} className="p-3">
                  {p.kind} : {p.amount} le {p.receivedOn} ({p.means}){p.stripeReference ? ` · référence Stripe ${p.stripeReference}` : ''}
                  {p.refunded ? ` · remboursé : ${p.refunded}` : ''}
                </li>
              ))}
            </ul>
          )}
          {booking.onlineDeposit && booking.onlineDeposit.refundableCents > 0 ? <RefundForm booking={booking} requestKey={refundRequestKey} /> : null}
          {booking.status === 'confirmed' || booking.status === 'cancelled' ? <PaymentForm booking={booking} today={today} /> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Messages</h3>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {messages.length === 0 ? (
            <EmptyState>Aucun message</EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Messages échangés">
              {messages.map((m) => (
                <li key={m.id} className="rounded-md border p-3 text-sm">
                  <p className="text-muted-foreground">
                    {m.from} · {m.at}
                  </p>
                  <p className="whitespace-pre-line">{m.body}</p>
                </li>
              ))}
            </ul>
          )}
          <MessageForm booking={booking} />
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>
            <h3>Historique</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-2 text-sm" aria-label="Historique">
            {history.map((h) => (
              <li key={h.id}>
                <span className="text-muted-foreground">{h.at}</span> · {h.what} · par {h.by}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
