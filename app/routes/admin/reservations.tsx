// 'Réservations' (issue 14): booking requests (pending first) with Accepter and
// Refuser (stays/request-answers.ts, shared with Aujourd'hui), the month's occupancy,
// manual blocks and imported calendars.
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { NOT_FOUND, refuse } from '~/.server/rule-refusal';
import { syncFeed, getFeed } from '~/.server/booking/availability/feeds';
import { addManualBlock, deleteManualBlock } from '~/.server/booking/availability/manual-blocks';
import { answerRequestIntent } from '~/.server/booking/stays/request-answers';
import { loadReservations } from '~/.server/booking/views/reservations';
import { requireAdmin } from '~/.server/auth/permissions';
import { StayShortcuts } from '~/components/admin/booking/stay-shortcuts';
import { BlocksCard, DecidedCard, FeedsCard, OccupancyCard, PendingCard, StaleFeedsAlert } from '~/components/admin/reservations/cards';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { AddBlockSchema, DeleteBlockSchema, SyncFeedSchema } from '~/lib/schemas/booking-admin';
import type { Route } from './+types/reservations';

const SCREEN = 'admin/reservations';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const from = new URL(request.url).searchParams.get('from');
  return loadList(SCREEN, 'Impossible de charger les réservations', () => loadReservations(from), {
    today: '',
    window: { from: '', title: '', previous: '', next: '', isToday: true },
    days: [],
    grid: [],
    rooms: [],
    pending: [],
    decided: [],
    blocks: [],
    feeds: [],
    staleHours: 0,
  });
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  const answer = answerRequestIntent(formData, SCREEN, viewer.email);
  if (answer) return answer;
  switch (formData.get('intent')) {
    case 'add-block':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddBlockSchema,
        failure: "Impossible d'ajouter le blocage",
        perform: ({ roomId, firstNight, lastNight, note }) => addManualBlock(roomId, firstNight, lastNight, note ?? null),
        success: 'Nuits bloquées',
      });
    case 'delete-block':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteBlockSchema,
        failure: 'Impossible de supprimer le blocage',
        perform: ({ id }) => deleteManualBlock(id),
        success: 'Blocage supprimé',
      });
    case 'sync-feed':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SyncFeedSchema,
        failure: 'Impossible de synchroniser le calendrier',
        perform: async ({ id }) => {
          const feed = await getFeed(id);
          if (!feed) return NOT_FOUND;
          const outcome = await syncFeed(feed);
          return outcome.status === 'failed' ? refuse(`Synchronisation échouée : ${outcome.error}`) : outcome;
        },
        success: 'Calendrier synchronisé',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Réservations');

export default function Reservations() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="reservations-title" className="min-w-0 space-y-6">
      <ScreenHeader id="reservations-title" title="Réservations" description="Demandes des clients, occupation des chambres et calendriers synchronisés">
        <StayShortcuts />
      </ScreenHeader>
      <LoadError message={data.loadError} />
      <StaleFeedsAlert feeds={data.feeds} staleHours={data.staleHours} />
      <PendingCard pending={data.pending} />
      <OccupancyCard window={data.window} days={data.days} grid={data.grid} />
      <BlocksCard rooms={data.rooms} blocks={data.blocks} today={data.today} />
      <FeedsCard feeds={data.feeds} staleHours={data.staleHours} />
      <DecidedCard decided={data.decided} />
    </section>
  );
}
