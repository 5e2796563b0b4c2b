// 'Aujourd'hui' (issue 35): the owner's home and the landing after sign-in
// (decision 0018): today's arrivals and departures, the next 14 days of stays,
// pending requests with how long they have waited, their conflicts and Accepter / Refuser
// in place (the card of Réservations), and what needs attention.
import { TriangleAlertIcon } from 'lucide-react';
import { LEGAL_CARD_ID } from '~/components/admin/legal-notice-warning';
import { Link, useLoaderData } from 'react-router';
import { loadList, unknownIntent } from '~/.server/http/admin-screen';
import { answerRequestIntent } from '~/.server/booking/stays/request-answers';
import { loadToday } from '~/.server/booking/views/today';
import { requireAdmin } from '~/.server/auth/permissions';
import { StayShortcuts } from '~/components/admin/booking/stay-shortcuts';
import { PendingCard } from '~/components/admin/reservations/cards';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { adminMeta, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { depositLabel, nightsFr, UPCOMING_DAYS } from '~/lib/stays';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import type { Route } from './+types/today';

const SCREEN = 'admin/today';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadList(SCREEN, "Impossible de charger la page Aujourd'hui", loadToday, {
    today: '',
    todayLabel: '',
    arrivals: [],
    departures: [],
    upcoming: [],
    pending: [],
    overdue: { deposits: [], balances: [] },
    warnings: { staleFeeds: [], legalMissing: [], hiddenIncomplete: [], touristTax: [] },
  });
}

/** Accepter and Refuser in place, as on Réservations (issue 48, item 5). */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  return answerRequestIntent(formData, SCREEN, viewer.email) ?? unknownIntent(formData);
}

export const meta = () => adminMeta("Aujourd'hui");

type Stay = Awaited<ReturnType<typeof loadToday>>['upcoming'][number];

function StayLine({ stay, what }: { stay: Stay; what: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
      <span>
        <Link className="font-medium underline" to={`/admin/booking/${stay.id}`}>
          {stay.guestName}
        </Link>{' '}
        · {stay.room} · {what}
      </span>
      {stay.guestPhone && stay.guestPhoneHref ? (
        <a className="inline-flex min-h-11 items-center underline" href={stay.guestPhoneHref}>
          {stay.guestPhone}
        </a>
      ) : (
        stay.guestPhone
      )}
    </li>
  );
}

/** A card of the day's stays (arrivals or departures), each line saying what the owner needs to know of it (`what`). */
function StayListCard({ title, empty, stays, what }: { title: string; empty: string; stays: Stay[]; what: (stay: Stay) => string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {stays.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={title}>
            {stays.map((s) => (
              <StayLine key={s.id} stay={s} what={what(s)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Warnings({ warnings }: { warnings: Awaited<ReturnType<typeof loadToday>>['warnings'] }) {
  const items: Array<{ key: string; text: string; to: string }> = [];
  if (warnings.staleFeeds.length)
    items.push({ key: 'feeds', text: `Calendriers importés en retard : ${[...new Set(warnings.staleFeeds)].join(', ')}`, to: '/admin/reservations' });
  // Each requirement by its name: the owner sees what to fill, not a count.
  if (warnings.legalMissing.length)
    items.push({ key: 'legal', text: `Mentions légales incomplètes : ${warnings.legalMissing.join(' ; ')}`, to: `/admin/config#${LEGAL_CARD_ID}` });
  if (warnings.hiddenIncomplete.length)
    items.push({ key: 'languages', text: `Langues masquées dont des textes manquent : ${warnings.hiddenIncomplete.join(', ')}`, to: '/admin/translations' });
  for (const reminder of warnings.touristTax) items.push({ key: `tax-${reminder.key}`, text: reminder.text, to: reminder.to });
  if (items.length === 0) return null;
  return (
    <div role="status" className="space-y-1 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon aria-hidden="true" className="size-4" />À vérifier
      </p>
      <ul className="list-disc pl-6">
        {items.map((i) => (
          <li key={i.key}>
            <Link className="underline" to={i.to}>
              {i.text}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Overdue = Awaited<ReturnType<typeof loadToday>>['overdue'];

/** Deposits and balances past their deadline and still owed (issue 52): each a link to its booking. */
function OverdueMoney({ overdue }: { overdue: Overdue }) {
  const lines = [
    ...overdue.deposits.map((s) => ({ key: `d-${s.id}`, id: s.id, text: `Acompte en retard : ${s.amount}`, s })),
    ...overdue.balances.map((s) => ({ key: `b-${s.id}`, id: s.id, text: `Solde en retard : ${s.amount}`, s })),
  ];
  if (lines.length === 0) return null;
  return (
    <div role="status" className="space-y-1 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlertIcon aria-hidden="true" className="size-4" />
        Paiements en retard
      </p>
      <ul className="list-disc pl-6" aria-label="Paiements en retard">
        {lines.map((l) => (
          <li key={l.key}>
            <Link className="underline" to={`/admin/booking/${l.id}`}>
              {l.s.guestName}
            </Link>{' '}
            · {l.s.room} · arrivée le {l.s.arrival} · {l.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Today() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="today-title" className="min-w-0 space-y-6">
      <ScreenHeader id="today-title" title="Aujourd'hui" description={data.todayLabel}>
        <StayShortcuts />
      </ScreenHeader>
      <LoadError message={data.loadError} />
      <Warnings warnings={data.warnings} />
      <OverdueMoney overdue={data.overdue} />
      <div className="grid gap-6 md:grid-cols-2">
        <StayListCard
          title="Arrivées du jour"
          empty="Aucune arrivée aujourd'hui"
          stays={data.arrivals}
          what={(s) => `${nightsFr(s.nights)}, ${s.guests} pers.`}
        />
        <StayListCard
          title="Départs du jour"
          empty="Aucun départ aujourd'hui"
          stays={data.departures}
          what={(s) => `reste à payer ${s.outstanding}${s.taxToCollect ? `, dont taxe de séjour ${s.taxToCollect}` : ''}`}
        />
      </div>
      <PendingCard pending={data.pending} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Séjours des {UPCOMING_DAYS} prochains jours</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {data.upcoming.length === 0 ? (
            <EmptyState>Aucun séjour à venir</EmptyState>
          ) : (
            <ListTable
              label={`Séjours des ${UPCOMING_DAYS} prochains jours`}
              columns={['Arrivée', 'Chambre', 'Client', 'Nuits', 'Personnes', 'Montant', 'Acompte'].map((label) => ({ label }))}
            >
              {data.upcoming.map((s) => (
                <ListRow key={s.id}>
                  <ListCell label="Arrivée">{s.arrivalFr}</ListCell>
                  <ListCell label="Chambre">{s.room}</ListCell>
                  <ListCell label="Client">
                    <Link className="underline" to={`/admin/booking/${s.id}`}>
                      {s.guestName}
                    </Link>
                  </ListCell>
                  <ListCell label="Nuits">{s.nights}</ListCell>
                  <ListCell label="Personnes">{s.guests}</ListCell>
                  <ListCell label="Montant">{s.amount}</ListCell>
                  <ListCell label="Acompte">
                    {depositLabel(s.deposit)}
                    {s.depositDetail ? <span className="block text-xs text-muted-foreground">{s.depositDetail}</span> : null}
                  </ListCell>
                </ListRow>
              ))}
            </ListTable>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
