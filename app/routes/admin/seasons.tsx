import { parseWithZod } from '@conform-to/zod/v4';
import { CheckIcon, PencilIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import { requireAdmin } from '~/.server/permissions';
import { createSeason, deleteSeason, listSeasons, renameSeason } from '~/.server/seasons';
import { toastError, toastSuccess } from '~/.server/toast';
import {
  EmptyState,
  FieldError,
  replyErrors,
  ScreenHeader,
  useFetcherSuccess,
  useLoadErrorToast,
} from '~/components/admin/screen-kit';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { CreateSeasonSchema, DeleteSeasonSchema, RenameSeasonSchema } from '~/lib/schemas/season';
import type { Route } from './+types/seasons';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { seasons: await listSeasons(), loadError: null };
  } catch (error) {
    console.error('listSeasons failed:', error);
    return { seasons: [], loadError: 'Erreur lors du chargement des saisons' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  switch (intent) {
    case 'create': {
      const submission = parseWithZod(formData, { schema: CreateSeasonSchema });
      if (submission.status !== 'success') return data({ ok: false, intent, result: submission.reply() }, { status: 400 });
      try {
        await createSeason(submission.value.name);
      } catch (error) {
        console.error('createSeason failed:', error);
        return toastError("Erreur lors de l'ajout de la saison", { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Saison ajoutée avec succès', { ok: true, intent });
    }
    case 'rename': {
      const submission = parseWithZod(formData, { schema: RenameSeasonSchema });
      if (submission.status !== 'success') return data({ ok: false, intent, result: submission.reply() }, { status: 400 });
      try {
        if (!(await renameSeason(submission.value.id, submission.value.name))) {
          return toastError('Erreur lors de la modification de la saison', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('renameSeason failed:', error);
        return toastError('Erreur lors de la modification de la saison', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Saison modifiée avec succès', { ok: true, intent });
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteSeasonSchema });
      if (submission.status !== 'success') return data({ ok: false, intent, result: submission.reply() }, { status: 400 });
      try {
        if (!(await deleteSeason(submission.value.id))) {
          return toastError('Erreur lors de la suppression de la saison', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('deleteSeason failed:', error);
        return toastError('Erreur lors de la suppression de la saison', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Saison supprimée avec succès', { ok: true, intent });
    }
    default:
      return data({ ok: false, intent, error: 'Action inconnue' }, { status: 400 });
  }
}

export function meta() {
  return [{ title: 'Gestion des Saisons · Administration' }, { name: 'robots', content: 'noindex' }];
}

type Season = Awaited<ReturnType<typeof loader>>['seasons'][number];

export default function Seasons() {
  const { seasons, loadError } = useLoaderData<typeof loader>();
  useLoadErrorToast(loadError);
  const [deleting, setDeleting] = useState<Season | null>(null);

  return (
    <section aria-labelledby="seasons-title" className="space-y-6">
      <ScreenHeader
        id="seasons-title"
        title="Gestion des Saisons"
        description="Les saisons permettent de définir des prix différents selon la période"
      />
      <AddSeasonCard />
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Saisons existantes</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {loadError ? (
            <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
              {loadError}
            </p>
          ) : null}
          {seasons.length === 0 ? (
            <EmptyState>Aucune saison configurée pour le moment</EmptyState>
          ) : (
            <Table aria-label="Saisons">
              <TableHeader>
                <TableRow>
                  <TableHead>Nom</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {seasons.map((season) => (
                  <SeasonRow key={season.id} season={season} onDelete={() => setDeleting(season)} />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <DeleteSeasonDialog season={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function AddSeasonCard() {
  const fetcher = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  useFetcherSuccess(fetcher, () => formRef.current?.reset());
  const busy = fetcher.state !== 'idle';
  const errors = replyErrors(fetcher.data, 'name');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Ajouter une saison</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          ref={formRef}
          method="post"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            // SPEC §5: an empty name (after trimming) is ignored.
            const name = new FormData(event.currentTarget).get('name');
            if (typeof name !== 'string' || name.trim() === '') event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="create" />
          <div className="flex-1 space-y-2">
            <Label htmlFor="season-name">Nom de la saison</Label>
            <Input
              id="season-name"
              name="name"
              placeholder="Ex : Haute saison"
              maxLength={100}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? 'season-name-error' : undefined}
            />
            <FieldError id="season-name-error" errors={errors} />
          </div>
          <Button type="submit" disabled={busy}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function SeasonRow({ season, onDelete }: { season: Season; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, () => setEditing(false));
  const busy = fetcher.state !== 'idle';
  const inputId = `season-${season.id}-name`;
  const errors = replyErrors(fetcher.data, 'name');
  // Optimistic: the new name shows while the rename is saved.
  const pendingName = fetcher.formData?.get('name');
  const shownName = typeof pendingName === 'string' && pendingName.trim() ? pendingName.trim() : season.name;

  return (
    <TableRow>
      <TableCell className="font-medium whitespace-normal break-words">
        {editing ? (
          <fetcher.Form
            id={`rename-${season.id}`}
            method="post"
            className="flex flex-col gap-1"
            onSubmit={(event) => {
              const name = new FormData(event.currentTarget).get('name');
              if (typeof name !== 'string' || name.trim() === '') {
                event.preventDefault();
                setEditing(false);
              }
            }}
          >
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={season.id} />
            <Label htmlFor={inputId} className="sr-only">
              Nouveau nom de la saison {season.name}
            </Label>
            <Input
              id={inputId}
              name="name"
              defaultValue={season.name}
              maxLength={100}
              autoFocus
              aria-invalid={errors ? true : undefined}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false);
              }}
            />
            <FieldError errors={errors} />
          </fetcher.Form>
        ) : (
          shownName
        )}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-2">
          {editing ? (
            <>
              {/* Distinct keys: the Modifier button must not turn into this submit button mid-click. */}
              <Button key="save" type="submit" form={`rename-${season.id}`} size="sm" disabled={busy} aria-label={`Enregistrer le nom de ${season.name}`}>
                <CheckIcon aria-hidden="true" />
                <span className="hidden md:inline">Enregistrer</span>
              </Button>
              <Button key="cancel" type="button" variant="outline" size="sm" onClick={() => setEditing(false)} aria-label="Annuler la modification">
                <XIcon aria-hidden="true" />
                <span className="hidden md:inline">Annuler</span>
              </Button>
            </>
          ) : (
            <>
              <Button key="edit" type="button" variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Modifier ${season.name}`}>
                <PencilIcon aria-hidden="true" />
              </Button>
              <Button key="delete" type="button" variant="destructive" size="sm" onClick={onDelete} aria-label={`Supprimer ${season.name}`}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

function DeleteSeasonDialog({ season, onClose }: { season: Season | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={season !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Supprimer la saison</AlertDialogTitle>
          <AlertDialogDescription>
            Êtes-vous sûr de vouloir supprimer la saison « {season?.name} » ? Tous les prix associés à cette saison
            seront également supprimés.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={season?.id ?? ''} />
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Annuler</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Suppression...' : 'Supprimer'}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
