// The booking record page's blocks (app/routes/admin/booking.tsx): the record form
// for a booking taken by phone or e-mail, and a booking's facts, money, payments,
// messages and history with the change, cancel, payment and message forms.
import { useState } from 'react';
import { typedEurosFr } from '~/lib/money';
import { MEANS_LABELS, NATURE_LABELS, OWNER_MEANS, type LedgerNature } from '~/lib/money-terms';
import type { loadBookingPage } from '~/.server/booking/views/booking-page';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { BanIcon, CalendarCogIcon, FileDownIcon, FileTextIcon, MailIcon, PhoneIcon, SaveIcon, SendIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { Form, useActionData, useFetcher, useNavigation } from 'react-router';
import { LiveQuote, useLiveQuote } from '~/components/admin/booking/live-quote';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { EmptyState } from '~/components/admin/screen-kit';
import { CheckboxField, Field, FormAlert, SelectField, TextareaField } from '~/components/forms';
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
  ReleaseHoldSchema,
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
        inputProps={{ ...getInputProps(fields.price, { type: 'text' }), inputMode: 'decimal' }}
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
          <FormAlert errors={form.errors} />
          <Button type="submit" disabled={busy}>
            <SaveIcon aria-hidden="true" />
            {busy ? 'Enregistrement...' : 'Enregistrer la réservation'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

type RecordProps = Omit<NonNullable<Awaited<ReturnType<typeof loadBookingPage>>>, 'rooms'> & {
  rooms: Room[];
  /** The key of the refund form as rendered (issue 51): posted twice, it refunds once. */
  refundRequestKey: string;
};
type BookingView = RecordProps['booking'];

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
        <CardDescription>Référence {booking.reference} · Les montants du devis, gardés tels qu&apos;annoncés au client.</CardDescription>
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
          <dt>
            {booking.depositNatureLabel}
            {booking.depositDue ? ` (à recevoir avant le ${booking.depositDue})` : ''}
          </dt>
          <dd className="text-right">{booking.deposit}</dd>
          <dt>Solde{booking.balanceDue ? ` (dû le ${booking.balanceDue})` : ''}</dt>
          <dd className="text-right">{booking.balance}</dd>
          <dt>Dû</dt>
          <dd className="text-right">{booking.due}</dd>
          <dt>Reçu (remboursements déduits)</dt>
          <dd className="text-right">{booking.received}</dd>
          <dt className="font-semibold">Reste à payer</dt>
          <dd className="text-right font-semibold" data-testid="outstanding">
            {booking.outstanding}
          </dd>
          {booking.toRefund ? (
            <>
              <dt className="font-semibold">À rembourser</dt>
              <dd className="text-right font-semibold">{booking.toRefund}</dd>
            </>
          ) : null}
          {booking.compensationOwed ? (
            <>
              <dt className="font-semibold">Dédommagement dû</dt>
              <dd className="text-right font-semibold">{booking.compensationOwed}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-2 text-sm text-muted-foreground">{booking.depositNatureMeaning}</p>
        {booking.lastChange ? (
          <p className="mt-2 text-sm" data-testid="last-change">
            Dernière modification : {booking.lastChange.from} → {booking.lastChange.to} (différence {booking.lastChange.difference})
          </p>
        ) : null}
        {booking.cancellation ? (
          <p className="mt-2 text-sm">
            Annulée par {booking.cancellation.by} : conservé {booking.cancellation.kept}, dédommagement {booking.cancellation.compensation}
          </p>
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

/** One of the booking's actions, folded until the owner opens it. */
function ActionDisclosure({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: React.ReactNode }) {
  return (
    <details className="rounded-lg border p-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </summary>
      {children}
    </details>
  );
}

/** How money came or went back, among the means the owner records by hand. */
function MeansSelect({ label, field }: { label: string; field: FieldMetadata<string | undefined> }) {
  return (
    <SelectField label={label} selectProps={getSelectProps(field)} errors={field.errors}>
      {OWNER_MEANS.map((m) => (
        <option key={m} value={m}>
          {MEANS_LABELS[m]}
        </option>
      ))}
    </SelectField>
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
    <ActionDisclosure icon={CalendarCogIcon} label="Modifier les dates ou la chambre…">
      <fetcher.Form method="post" {...getFormProps(form)} onChange={live.onChange} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="id" value={booking.id} />
        <StayFields fields={fields as unknown as StayFieldSet} rooms={rooms} />
        {live.asked ? <LiveQuote quote={live} /> : null}
        <FormAlert errors={form.errors} />
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Enregistrer la modification
        </Button>
      </fetcher.Form>
    </ActionDisclosure>
  );
}

/**
 * Cancels a confirmed stay (issue 52): who cancels decides what the deposit's nature keeps
 * or owes, shown before the owner confirms; the refund (and, when the house cancels arrhes,
 * the compensation) may be recorded at once.
 */
function CancelForm({ booking, today }: { booking: BookingView; today: string }) {
  const fetcher = useFetcher();
  const [by, setBy] = useState<'guest' | 'house'>('guest');
  const [form, fields] = useAdminForm({
    id: `cancel-${booking.id}`,
    schema: CancelBookingSchema,
    reply: fetcher.data,
    defaultValue: { by: 'guest', refundOn: today, refundMeans: 'virement', kept: typedEurosFr(booking.cancelPreview.guest.keptCents) },
  });
  const preview = booking.cancelPreview[by];
  return (
    <ActionDisclosure icon={BanIcon} label="Annuler la réservation…">
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="id" value={booking.id} />
        <SelectField
          label="Qui annule ?"
          selectProps={{ ...getSelectProps(fields.by), onChange: (e) => setBy(e.currentTarget.value === 'house' ? 'house' : 'guest') }}
          errors={fields.by.errors}
        >
          <option value="guest">Le client</option>
          <option value="house">La maison</option>
        </SelectField>
        {booking.depositNature === 'acompte' && by === 'guest' ? (
          <Field
            label="Somme restant due selon vos conditions (€)"
            inputProps={{ ...getInputProps(fields.kept, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.kept.errors}
          />
        ) : null}
        <p className="text-sm sm:col-span-2" data-testid="cancel-preview">
          {by === 'guest'
            ? `Conservé par la maison : ${preview.kept} · à rembourser : ${preview.refund}`
            : `À rembourser : ${preview.refund} + dédommagement ${preview.compensation} = ${preview.total}`}
        </p>
        <div className="sm:col-span-2">
          <CheckboxField
            label="Enregistrer le remboursement maintenant"
            inputProps={getInputProps(fields.refundNow, { type: 'checkbox' })}
            errors={fields.refundNow.errors}
          />
        </div>
        <MeansSelect label="Moyen du remboursement" field={fields.refundMeans} />
        <Field label="Remboursé le" inputProps={getInputProps(fields.refundOn, { type: 'date' })} errors={fields.refundOn.errors} />
        <div className="sm:col-span-2">
          <TextareaField
            label="Message au client (facultatif)"
            textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: 2000 }}
            errors={fields.message.errors}
          />
        </div>
        <FormAlert errors={form.errors} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" variant="destructive" disabled={fetcher.state !== 'idle'}>
            Confirmer l&apos;annulation
          </Button>
        </div>
      </fetcher.Form>
    </ActionDisclosure>
  );
}

/** Releases a hold awaiting its card deposit: nothing was paid. */
function ReleaseHoldForm({ booking }: { booking: BookingView }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: `release-${booking.id}`, schema: ReleaseHoldSchema, reply: fetcher.data });
  return (
    <ActionDisclosure icon={BanIcon} label="Annuler la réservation…">
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="release-hold" />
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
    </ActionDisclosure>
  );
}

/** A sum received or returned, pre-filled with what remains of the chosen nature. */
function PaymentForm({ booking, today }: { booking: BookingView; today: string }) {
  const fetcher = useFetcher();
  const natures = [booking.depositNature, 'solde', 'taxe_sejour', 'remboursement', 'dedommagement'] as const;
  const firstDue = natures.find((n) => (booking.prefill[n] ?? 0) > 0) ?? 'solde';
  const [form, fields] = useAdminForm({
    id: `payment-${booking.id}`,
    schema: RecordPaymentSchema,
    reply: fetcher.data,
    defaultValue: { nature: firstDue, amount: typedEurosFr(booking.prefill[firstDue] ?? 0), occurredOn: today, means: 'virement' },
  });
  useFetcherSuccess(fetcher, () => form.reset());
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2" aria-label="Enregistrer un paiement ou un remboursement">
      <input type="hidden" name="intent" value="payment" />
      <input type="hidden" name="id" value={booking.id} />
      <SelectField
        label="Nature"
        selectProps={{
          ...getSelectProps(fields.nature),
          onChange: (e) => form.update({ name: fields.amount.name, value: typedEurosFr(booking.prefill[e.currentTarget.value as LedgerNature] ?? 0) }),
        }}
        errors={fields.nature.errors}
      >
        {natures.map((n) => (
          <option key={n} value={n}>
            {NATURE_LABELS[n]}
          </option>
        ))}
      </SelectField>
      <Field label="Montant (€)" inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }} errors={fields.amount.errors} />
      <Field label="Date" inputProps={getInputProps(fields.occurredOn, { type: 'date' })} errors={fields.occurredOn.errors} />
      <MeansSelect label="Moyen" field={fields.means} />
      <Field label="Référence (facultatif)" inputProps={getInputProps(fields.reference, { type: 'text' })} errors={fields.reference.errors} />
      <FormAlert errors={form.errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          <WalletIcon aria-hidden="true" />
          Enregistrer
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
    defaultValue: { amount: typedEurosFr(refundable) },
  });
  useFetcherSuccess(fetcher, () => form.reset());
  return (
    <ActionDisclosure icon={WalletIcon} label="Rembourser par carte (Stripe)…">
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="refund-deposit" />
        <input type="hidden" name="id" value={booking.id} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <Field
          label="Montant à rembourser (€)"
          inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }}
          errors={fields.amount.errors}
        />
        <TextareaField
          label="Raison du remboursement"
          textareaProps={{ ...getTextareaProps(fields.reason), rows: 2, maxLength: 500 }}
          errors={fields.reason.errors}
        />
        <FormAlert errors={form.errors} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" variant="destructive" disabled={fetcher.state !== 'idle'}>
            Rembourser
          </Button>
        </div>
      </fetcher.Form>
    </ActionDisclosure>
  );
}

/** The stay's notes and credit notes, each a PDF; the owner issues the note once the stay is confirmed. */
function Notes({ booking, notes, canIssueNote }: { booking: BookingView; notes: RecordProps['notes']; canIssueNote: boolean }) {
  const fetcher = useFetcher();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Factures</h3>
        </CardTitle>
        <CardDescription>Une facture émise n&apos;est jamais modifiée : une modification ou une annulation l&apos;annule par un avoir.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {notes.length === 0 ? (
          <EmptyState>Aucune facture émise</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border text-sm" aria-label="Factures et avoirs">
            {notes.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  {n.kind} n° {n.number} du {n.issuedOn} · {n.amount}
                </span>
                <a className="inline-flex min-h-11 items-center gap-1 underline" href={n.href} download>
                  <FileDownIcon aria-hidden="true" className="size-4" />
                  Télécharger {n.kind === 'Facture' ? 'la facture' : "l'avoir"} n° {n.number} (PDF)
                </a>
              </li>
            ))}
          </ul>
        )}
        {canIssueNote ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="issue-note" />
            <input type="hidden" name="id" value={booking.id} />
            <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
              <FileTextIcon aria-hidden="true" />
              Émettre la facture
            </Button>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
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

export function BookingRecord({ booking, rooms, entries, notes, canIssueNote, plans, messages, history, today, refundRequestKey }: RecordProps) {
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
            <CancelForm booking={booking} today={today} />
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
            <ReleaseHoldForm booking={booking} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Paiements</h3>
          </CardTitle>
          <CardDescription>Chaque somme reçue ou rendue, dans l&apos;ordre.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {entries.length === 0 ? (
            <EmptyState>Aucun paiement reçu</EmptyState>
          ) : (
            <ul className="divide-y rounded-md border text-sm" aria-label="Paiements et remboursements">
              {entries.map((e) => (
                <li key={e.id} className={e.failed ? 'p-3 text-muted-foreground line-through' : 'p-3'}>
                  {e.nature} : {e.amount} le {e.occurredOn} ({e.means}){e.reference ? ` · référence ${e.reference}` : ''}
                  {e.by ? ` · par ${e.by}` : ''}
                </li>
              ))}
            </ul>
          )}
          {booking.onlineDeposit && booking.onlineDeposit.refundableCents > 0 ? <RefundForm booking={booking} requestKey={refundRequestKey} /> : null}
          {booking.status === 'confirmed' || booking.status === 'cancelled' ? <PaymentForm booking={booking} today={today} /> : null}
        </CardContent>
      </Card>
      <Notes booking={booking} notes={notes} canIssueNote={canIssueNote} />
      {plans.length ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>Envois prévus</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y rounded-md border text-sm" aria-label="Envois prévus">
              {plans.map((p) => (
                <li key={p.id} className="p-3">
                  {p.what} · {p.at} · {p.state}
                  {p.outcome ? ` (${p.outcome})` : ''}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
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
