// 'Gestion des Chambres' (SPEC §2): the room list with reorder and delete.
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import { getEditingLanguage } from '~/.server/languages/editing-language-choice';
import { requireAdmin } from '~/.server/auth/permissions';
import { deleteRoom, listAdminRooms, moveRoom } from '~/.server/content/rooms';
import { listMissingLegalNoticeFields } from '~/.server/content/site-settings';
import { AddLink, EditableRow } from '~/components/admin/editable-row';
import { LegalNoticeWarning } from '~/components/admin/legal-notice-warning';
import { ListCell, ListTable } from '~/components/admin/list-table';
import { adminMeta, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { formatMoney } from '~/lib/money';
import { RoomListActionSchema } from '~/lib/schemas/room';
import type { Route } from './+types/rooms';

const SCREEN = 'admin/rooms';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  // /admin is the owner's home: it says what the legal notice still lacks.
  return loadList(
    SCREEN,
    'Impossible de charger les chambres',
    async () => {
      const [rooms, legalMissing] = await Promise.all([listAdminRooms(language), listMissingLegalNoticeFields()]);
      return { rooms, legalMissing };
    },
    { rooms: [], legalMissing: [] },
  );
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'move': {
      const failure = 'Impossible de réorganiser les chambres';
      return runIntent(formData, {
        screen: SCREEN,
        schema: RoomListActionSchema,
        failure,
        // The first cannot go up, the last cannot go down (SPEC §4): a refusal.
        perform: async (value) => (value.intent === 'move' && (await moveRoom(value.id, value.direction))) || refuse(failure),
        success: 'Ordre des chambres mis à jour',
      });
    }
    case 'delete': {
      const failure = 'Impossible de supprimer la chambre';
      return runIntent(formData, {
        screen: SCREEN,
        schema: RoomListActionSchema,
        failure,
        perform: async ({ id }) => (await deleteRoom(id)) || refuse(failure),
        success: 'Chambre supprimée avec succès',
      });
    }
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Gestion des Chambres');

export default function Rooms() {
  const { rooms, legalMissing, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="rooms-title" className="space-y-6">
      <ScreenHeader id="rooms-title" title="Gestion des Chambres">
        <AddLink to="/admin/room/new">Ajouter une chambre</AddLink>
      </ScreenHeader>
      <LoadError message={loadError} />
      <LegalNoticeWarning missing={legalMissing} />
      {rooms.length === 0 ? (
        <EmptyState>Aucune chambre pour le moment.</EmptyState>
      ) : (
        <div className="rounded-md md:border md:bg-card md:px-2">
          <ListTable
            label="Chambres"
            columns={[
              { label: 'Position' },
              { label: 'Nom' },
              { label: 'Personnes max' },
              { label: 'Prix de base/nuit' },
              { label: 'Images' },
              { label: 'Actions', className: 'text-right' },
            ]}
          >
            {rooms.map((room, index) => {
              const name = room.name ?? `Chambre #${index + 1}`;
              return (
                <EditableRow
                  key={room.id}
                  id={room.id}
                  name={name}
                  editTo={`/admin/room/${room.id}`}
                  index={index}
                  count={rooms.length}
                  remove={{
                    title: 'Supprimer cette chambre ?',
                    description: `« ${name} » sera supprimée avec ses textes, ses images et ses prix de saison. Cette action est irréversible.`,
                  }}
                >
                  <ListCell className="max-md:text-xs max-md:text-muted-foreground">{index + 1}</ListCell>
                  <ListCell className="font-medium">{name}</ListCell>
                  <ListCell label="Personnes max">{room.maxGuests}</ListCell>
                  <ListCell label="Prix de base/nuit">{room.pricePerNightCents == null ? '—' : formatMoney(room.pricePerNightCents)}</ListCell>
                  <ListCell label="Images">{room.imageCount}</ListCell>
                </EditableRow>
              );
            })}
          </ListTable>
        </div>
      )}
    </section>
  );
}
