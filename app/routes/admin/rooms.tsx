// 'Gestion des Chambres' (SPEC §2): the room list with reorder and delete.
import { parseWithZod } from '@conform-to/zod/v4';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { data, Link, useLoaderData, useNavigate } from 'react-router';
import { getEditingLanguage } from '~/.server/editing-language';
import { requireAdmin } from '~/.server/permissions';
import { deleteRoom, listAdminRooms, swapRoomPositions } from '~/.server/rooms';
import { toastError, toastSuccess } from '~/.server/toast';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { MoveButtons } from '~/components/admin/move-buttons';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatPrice } from '~/lib/format';
import { RoomListActionSchema } from '~/lib/schemas/room';
import type { Route } from './+types/rooms';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  return { rooms: await listAdminRooms(language) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (intent !== 'move' && intent !== 'delete') throw data('Unknown intent', { status: 400 });
  const submission = parseWithZod(formData, { schema: RoomListActionSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (value.intent === 'move') {
    const moved = await swapRoomPositions(value.id, value.direction).catch(logged(false));
    return moved ? toastSuccess('Ordre des chambres mis à jour') : toastError('Impossible de réorganiser les chambres');
  }
  const deleted = await deleteRoom(value.id).catch(logged(false));
  return deleted ? toastSuccess('Chambre supprimée avec succès') : toastError('Impossible de supprimer la chambre');
}

function logged<T>(fallback: T) {
  return (error: unknown) => {
    console.error('[admin/rooms]', error);
    return fallback;
  };
}

export function meta() {
  return [{ title: 'Gestion des Chambres – Administration' }, { name: 'robots', content: 'noindex' }];
}

export default function Rooms() {
  const { rooms } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">Gestion des Chambres</h2>
        <Button asChild>
          <Link to="/admin/room/new">
            <PlusIcon aria-hidden="true" />
            Ajouter une chambre
          </Link>
        </Button>
      </div>
      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Position</TableHead>
                <TableHead>Nom</TableHead>
                <TableHead>Personnes max</TableHead>
                <TableHead>Prix de base/nuit</TableHead>
                <TableHead>Images</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rooms.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    Aucune chambre pour le moment.
                  </TableCell>
                </TableRow>
              )}
              {rooms.map((room, index) => {
                const name = room.name ?? `Chambre #${index + 1}`;
                return (
                  <TableRow key={room.id} className="cursor-pointer" onClick={() => navigate(`/admin/room/${room.id}`)}>
                    <TableCell>{index + 1}</TableCell>
                    <TableCell className="font-medium">{name}</TableCell>
                    <TableCell>{room.maxGuests}</TableCell>
                    <TableCell>{room.pricePerNight == null ? '—' : formatPrice(room.pricePerNight)}</TableCell>
                    <TableCell>{room.imageCount}</TableCell>
                    <TableCell className="text-right">
                      <div className="inline-flex items-center gap-0.5">
                        <MoveButtons id={room.id} name={name} isFirst={index === 0} isLast={index === rooms.length - 1} />
                        <Button asChild variant="ghost" size="icon">
                          <Link
                            to={`/admin/room/${room.id}`}
                            aria-label={`Modifier ${name}`}
                            title="Modifier"
                            onClick={(event) => event.stopPropagation()}
                          >
                            <PencilIcon aria-hidden="true" />
                          </Link>
                        </Button>
                        <ConfirmDelete
                          fields={{ id: room.id }}
                          label={`Supprimer ${name}`}
                          title="Supprimer cette chambre ?"
                          description={`« ${name} » sera supprimée avec ses textes, ses images et ses prix de saison. Cette action est irréversible.`}
                        />
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
