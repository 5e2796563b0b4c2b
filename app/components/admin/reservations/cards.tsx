// The cards of the Réservations screen (app/routes/admin/reservations.tsx); the pending
// requests' card is Aujourd'hui's too (app/routes/admin/today.tsx).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { CheckIcon, RefreshCwIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { useAdminForm, useFetcherReply, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { FeedStatus, staleWarning, useSyncedWhen } from '~/components/admin/feed-status';
import { EmptyState } from '~/components/admin/screen-kit';
import { Field, SelectField, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { AddBlockSchema, RefuseBookingSchema } from '~/lib/schemas/booking-admin';
import { formatNightFr } from '~/lib/nights';
import { cn } from '~/lib/utils';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { frenchLanguageName } from '~/lib/language-names';
import { bookingStatusLabel, nightsFr } from '~/lib/stays';

interface BookingRow {
  id: string;
  status: string;
  room: string;
  dates: string;
  nights: number;
  guests: number;
  total: string;
  guestName: string;
  guestEmail: string;
  guestPhone: string | null;
  guestPhoneHref: string | null;
  message: string | null;
  language: string;
  createdAt: string;
  feedsChecked: Array<{ host: string; lastSuccessAt: string | null; lastError: string | null }>;
  conflicts: Array<{ blocking: boolean; text: string }>;
  /** How long a pending request has waited (Aujourd'hui): « depuis 3 h ». */
  waited?: string;
}

function BookingFacts({ booking }: { booking: BookingRow }) {
  const syncedWhen = useSyncedWhen();
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="text-muted-foreground">Séjour</dt>
      <dd>
        {booking.dates} · {nightsFr(booking.nights)} · {booking.guests} {booking.guests > 1 ? 'personnes' : 'personne'}
      </dd>
      <dt className="text-muted-foreground">Total</dt>
      <dd className="font-semibold">{booking.total}</dd>
      <dt className="text-muted-foreground">Client</dt>
      <dd>
        {booking.guestName} ·{' '}
        <a className="underline" href={`mailto:${booking.guestEmail}`}>
          {booking.guestEmail}
        </a>
        {booking.guestPhone ? (
          <>
            {' · '}
            {booking.guestPhoneHref ? (
              <a className="underline" href={booking.guestPhoneHref}>
                {booking.guestPhone}
              </a>
            ) : (
              booking.guestPhone
            )}
          </>
        ) : null}{' '}
        · {frenchLanguageName(booking.language)}
      </dd>
      {booking.message ? (
        <>
          <dt className="text-muted-foreground">Message</dt>
          <dd className="whitespace-pre-line">{booking.message}</dd>
        </>
      ) : null}
      {/* A room without imported calendars is said once, above the requests (PendingCard). */}
      {booking.feedsChecked.length ? (
        <>
          <dt className="text-muted-foreground">Calendriers</dt>
          <dd>
            {booking.feedsChecked
              .map((f) => `${f.host} : synchronisé ${syncedWhen(f.lastSuccessAt)}${f.lastError ? ` (erreur : ${f.lastError})` : ''}`)
              .join(' ; ')}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function Conflicts({ conflicts }: { conflicts: BookingRow['conflicts'] }) {
  if (conflicts.length === 0) return null;
  return (
    <div role="status" className="flex gap-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-medium">Conflit de dates</p>
        <ul className="list-disc pl-5">
          {conflicts.map((c) => (
            <li key={c.text}>{c.text}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function PendingRequest({ booking }: { booking: BookingRow }) {
  const accept = useFetcher();
  const refuse = useFetcher();
  const revalidator = useRevalidator();
  const [form, fields] = useAdminForm({ id: `refuse-${booking.id}`, schema: RefuseBookingSchema, reply: refuse.data });
  // A refused accept (400) does not revalidate by itself: reload, so the card shows why now.
  useFetcherReply(accept, (reply) => {
    if (!reply.ok) void revalidator.revalidate();
  });
  const busy = accept.state !== 'idle' || refuse.state !== 'idle';
  const blocked = booking.conflicts.some((c) => c.blocking);
  return (
    <li className="space-y-3 rounded-lg border p-4" aria-labelledby={`booking-${booking.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h4 id={`booking-${booking.id}`} className="font-semibold">
          {booking.room} — {booking.guestName}
        </h4>
        {booking.waited ? <span className="text-sm text-muted-foreground">En attente {booking.waited}</span> : null}
      </div>
      <Conflicts conflicts={booking.conflicts} />
      <BookingFacts booking={booking} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <accept.Form method="post">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="id" value={booking.id} />
          <Button type="submit" disabled={busy || blocked} aria-label={`Accepter la demande de ${booking.guestName}`}>
            <CheckIcon aria-hidden="true" />
            Accepter
          </Button>
          {blocked ? <p className="mt-1 text-xs text-muted-foreground">Ces nuits ne sont plus libres : refusez ou proposez d&apos;autres dates.</p> : null}
        </accept.Form>
        <details className="flex-1">
          <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium">
            <XIcon aria-hidden="true" className="size-4" />
            Refuser…
          </summary>
          <refuse.Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="refuse" />
            <input type="hidden" name="id" value={booking.id} />
            <TextareaField
              label="Message au client (facultatif)"
              textareaProps={{ ...getTextareaProps(fields.message), rows: 3, maxLength: 2000 }}
              errors={fields.message.errors}
            />
            <Button type="submit" variant="destructive" disabled={busy} aria-label={`Refuser la demande de ${booking.guestName}`}>
              Refuser
            </Button>
          </refuse.Form>
        </details>
      </div>
    </li>
  );
}

export function PendingCard({ pending }: { pending: BookingRow[] }) {
  const withoutFeeds = [...new Set(pending.filter((b) => b.feedsChecked.length === 0).map((b) => b.room))];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Demandes en attente</h3>
        </CardTitle>
        <CardDescription>Accepter vérifie de nouveau les disponibilités et prévient le client par e-mail.</CardDescription>
      </CardHeader>
      <CardContent>
        {withoutFeeds.length ? (
          <p className="mb-4 text-sm text-muted-foreground" data-testid="rooms-without-feeds">
            Sans calendrier importé ({withoutFeeds.join(', ')}) : ces demandes n&apos;ont été comparées qu&apos;aux réservations et blocages de ce site.
          </p>
        ) : null}
        {pending.length === 0 ? (
          <EmptyState>Aucune demande en attente</EmptyState>
        ) : (
          <ul className="space-y-4" aria-label="Demandes en attente">
            {pending.map((b) => (
              <PendingRequest key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const KINDS = [
  { kind: 'confirmed', label: 'Réservée', className: 'bg-green-700 text-white' },
  { kind: 'pending', label: 'Demande en attente', className: 'bg-amber-300 text-black' },
  { kind: 'imported', label: 'Calendrier importé', className: 'bg-sky-700 text-white' },
  { kind: 'blocked', label: 'Bloquée', className: 'bg-zinc-500 text-white' },
] as const;
const KIND_BY_NAME = Object.fromEntries(KINDS.map((k) => [k.kind, k]));

/**
 * The occupancy grid: 28 days from its first day (today unless the owner moved), with
 * weekday letters; under 768 px only the first 14 are shown, so a phone reads two
 * weeks without scrolling sideways. Précédent / Suivant move by 14 days.
 */
export function OccupancyCard({
  window,
  days,
  grid,
}: {
  window: { from: string; title: string; previous: string; next: string; isToday: boolean };
  days: Array<{ date: string; day: number; letter: string; label: string; weekend: boolean }>;
  grid: Array<{ roomId: string; name: string; cells: Array<string | null> }>;
}) {
  const phoneHidden = (i: number) => (i >= 14 ? 'max-md:hidden' : '');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Occupation — {window.title}</h3>
        </CardTitle>
        <nav aria-label="Période affichée" className="flex flex-wrap gap-2">
          <Link to={`?from=${window.previous}`} preventScrollReset className="inline-flex min-h-11 items-center rounded-md border px-3 text-sm">
            Précédent
          </Link>
          {window.isToday ? null : (
            <Link to="?" preventScrollReset className="inline-flex min-h-11 items-center rounded-md border px-3 text-sm">
              Aujourd&apos;hui
            </Link>
          )}
          <Link to={`?from=${window.next}`} preventScrollReset className="inline-flex min-h-11 items-center rounded-md border px-3 text-sm">
            Suivant
          </Link>
        </nav>
      </CardHeader>
      <CardContent className="space-y-3">
        <ul className="flex flex-wrap gap-3 text-sm" aria-label="Légende">
          {KINDS.map((k) => (
            <li key={k.kind} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('inline-block size-4 rounded-sm', k.className)} />
              {k.label}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-4 rounded-sm border" />
            Libre
          </li>
        </ul>
        {/* `relative` keeps the cells' screen-reader texts (absolutely positioned) inside the
            scroller, or they widen the whole page. The table fits 1280 px and a phone's 14 days. */}
        <div className="relative w-0 min-w-full overflow-x-auto" tabIndex={0} role="region" aria-label={`Occupation de la période ${window.title}`}>
          <table className="w-full table-fixed border-collapse text-xs">
            <colgroup>
              <col className="w-20 md:w-32" />
              {days.map((d, i) => (
                <col key={d.date} className={phoneHidden(i)} />
              ))}
            </colgroup>
            <thead>
              <tr>
                <th scope="col" rowSpan={2} className="sticky left-0 z-10 bg-card px-2 text-left align-bottom">
                  Chambre
                </th>
                {days.map((d, i) => (
                  <th
                    key={d.date}
                    scope="col"
                    abbr={d.label}
                    className={cn('px-0 text-center font-normal text-muted-foreground', d.weekend && 'font-semibold text-foreground', phoneHidden(i))}
                  >
                    <span aria-hidden="true">{d.letter}</span>
                    <span className="sr-only">{d.label}</span>
                  </th>
                ))}
              </tr>
              <tr aria-hidden="true">
                {days.map((d, i) => (
                  <th key={d.date} className={cn('px-0 text-center font-normal text-muted-foreground', phoneHidden(i))}>
                    {d.day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((row) => (
                <tr key={row.roomId}>
                  {/* Wrapped, never cut: on a phone « Chambre Lavande » and « Chambre Olivier » both read « Chambre… » truncated. */}
                  <th scope="row" className="sticky left-0 z-10 bg-card px-2 py-1 text-left font-medium leading-tight break-words hyphens-auto">
                    {row.name}
                  </th>
                  {row.cells.map((kind, i) => {
                    const k = kind ? KIND_BY_NAME[kind] : null;
                    return (
                      <td key={days[i]!.date} className={cn('p-0.5', phoneHidden(i))}>
                        <span
                          className={cn('flex h-6 items-center justify-center rounded-sm border text-[10px]', k?.className)}
                          title={`${formatNightFr(days[i]!.date)} : ${k?.label ?? 'Libre'}`}
                        >
                          <span className="sr-only">{`${days[i]!.label} : ${k?.label ?? 'Libre'}`}</span>
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

export function BlocksCard({
  rooms,
  blocks,
  today,
}: {
  rooms: Array<{ id: string; name: string }>;
  blocks: Array<{ id: string; room: string; dates: string; note: string | null }>;
  today: string;
}) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'add-block', schema: AddBlockSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Blocages manuels</h3>
        </CardTitle>
        <CardDescription>Fermer des nuits à la réservation (travaux, usage personnel…). Elles apparaissent aussi dans le calendrier exporté.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-start">
          <input type="hidden" name="intent" value="add-block" />
          <SelectField label="Chambre" selectProps={getSelectProps(fields.roomId)} errors={fields.roomId.errors}>
            {rooms.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </SelectField>
          <Field label="Première nuit" inputProps={{ ...getInputProps(fields.firstNight, { type: 'date' }), min: today }} errors={fields.firstNight.errors} />
          <Field label="Dernière nuit" inputProps={{ ...getInputProps(fields.lastNight, { type: 'date' }), min: today }} errors={fields.lastNight.errors} />
          <Field label="Note" inputProps={{ ...getInputProps(fields.note, { type: 'text' }), maxLength: 200 }} errors={fields.note.errors} />
          <Button type="submit" className="lg:mt-6" disabled={fetcher.state !== 'idle'}>
            Bloquer ces nuits
          </Button>
        </fetcher.Form>
        {blocks.length === 0 ? (
          <EmptyState>Aucun blocage à venir</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Blocages à venir">
            {blocks.map((b) => (
              <li key={b.id} className="flex items-center justify-between gap-3 p-3 text-sm">
                <span>
                  <strong>{b.room}</strong> — {b.dates}
                  {b.note ? ` — ${b.note}` : ''}
                </span>
                <ConfirmDelete
                  label={`Supprimer le blocage ${b.room} ${b.dates}`}
                  title="Supprimer ce blocage ?"
                  description="Les nuits redeviennent disponibles à la réservation."
                  intent="delete-block"
                  fields={{ id: b.id }}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type FeedRowData = {
  id: string;
  room: string;
  url: string;
  label: string;
  report: string | null;
  events: number;
  lastSuccessAt: string | null;
  lastError: string | null;
  stale: boolean;
};

function FeedRow({ feed, staleHours }: { feed: FeedRowData; staleHours: number }) {
  const fetcher = useFetcher();
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p>
          <strong>{feed.room}</strong> — <span className="break-all">{feed.label}</span> · {feed.events} événement{feed.events > 1 ? 's' : ''} bloquant des
          nuits
        </p>
        <FeedStatus lastSuccessAt={feed.lastSuccessAt} lastError={feed.lastError} report={feed.report} stale={feed.stale} staleHours={staleHours} />
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="sync-feed" />
        <input type="hidden" name="id" value={feed.id} />
        <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'} aria-label={`Synchroniser maintenant ${feed.room} ${feed.label}`}>
          <RefreshCwIcon aria-hidden="true" />
          Synchroniser maintenant
        </Button>
      </fetcher.Form>
    </li>
  );
}

export function FeedsCard({ feeds, staleHours }: { feeds: FeedRowData[]; staleHours: number }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Calendriers importés</h3>
        </CardTitle>
        <CardDescription>Airbnb, Booking.com… synchronisés automatiquement ; un calendrier en erreur garde ses derniers événements.</CardDescription>
      </CardHeader>
      <CardContent>
        {feeds.length === 0 ? (
          <EmptyState>Aucun calendrier importé</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Calendriers importés">
            {feeds.map((f) => (
              <FeedRow key={f.id} feed={f} staleHours={staleHours} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function DecidedCard({ decided }: { decided: BookingRow[] }) {
  if (decided.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Demandes traitées</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-md border" aria-label="Demandes traitées">
          {decided.map((b) => (
            <li key={b.id} className="p-3 text-sm">
              <strong>{bookingStatusLabel(b.status)}</strong> — {b.room} —{' '}
              {b.status === 'confirmed' || b.status === 'cancelled' || b.status === 'awaiting_payment' ? (
                <Link className="underline" to={`/admin/booking/${b.id}`}>
                  {b.guestName}
                </Link>
              ) : (
                b.guestName
              )}{' '}
              — {b.dates} — {b.total}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** At the top of Réservations: the rooms whose imported calendars are stale, so the owner sees it first. */
export function StaleFeedsAlert({ feeds, staleHours }: { feeds: FeedRowData[]; staleHours: number }) {
  const stale = feeds.filter((f) => f.stale);
  if (stale.length === 0) return null;
  const rooms = [...new Set(stale.map((f) => f.room))].join(', ');
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-destructive">
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>
          Calendrier{stale.length > 1 ? 's' : ''} en retard ({rooms}).
        </strong>{' '}
        {staleWarning(staleHours)} Vérifiez le lien dans l'éditeur de la chambre ou utilisez « Synchroniser maintenant ».
      </p>
    </div>
  );
}
