// Room editor (SPEC §2, §4, §5): general information, images and season prices.
// Multilingual fields load and save in the back office's editing language.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { data, Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from 'react-router';
import { z } from '~/lib/zod';
import { getEditingLanguage } from '~/.server/editing-language';
import { listEditingLanguages } from '~/.server/languages';
import { requireAdmin } from '~/.server/permissions';
import {
  deleteRoomSeasonPrice,
  getRoomForEdit,
  listRoomSeasonPrices,
  roomExists,
  saveRoom,
  saveRoomSeasonPrice,
} from '~/.server/rooms';
import { redirectWithToast, toastError, toastSuccess } from '~/.server/toast';
import { AmenityCheckboxes } from '~/components/admin/amenity-checkboxes';
import { EditorHeader, FieldError } from '~/components/admin/editor-header';
import { ImageUploader } from '~/components/admin/image-uploader';
import { RichTextEditor } from '~/components/admin/rich-text-editor';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { ROOM_DEFAULT_MAX_GUESTS, RoomSchema, SeasonPriceSchema } from '~/lib/schemas/room';
import type { Route } from './+types/room-editor';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

async function editingLanguage(request: Request) {
  const [code, active] = await Promise.all([getEditingLanguage(request), listEditingLanguages()]);
  const language = active.find((l) => l.code === code);
  return { code, name: language?.name ?? code, isDefault: language?.isDefault ?? code === 'fr' };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await editingLanguage(request);
  if (params.roomId === 'new') return { room: null, seasonPrices: [], language };
  const loadFailed = () => redirectWithToast('/admin', { type: 'error', title: 'Erreur', description: 'Impossible de charger la chambre' });
  if (!isUuid(params.roomId)) throw loadFailed();
  const [room, seasonPrices] = await Promise.all([getRoomForEdit(params.roomId, language.code), listRoomSeasonPrices(params.roomId)]);
  if (!room) throw loadFailed();
  return { room, seasonPrices, language };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const isNew = params.roomId === 'new';
  if (!isNew && !isUuid(params.roomId)) throw data('Unknown room', { status: 404 });

  if (intent === 'save') {
    const submission = parseWithZod(formData, { schema: RoomSchema });
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
    const language = await editingLanguage(request);
    const { intent: _, ...values } = submission.value;
    const id = await saveRoom(isNew ? null : params.roomId, values, language).catch((error: unknown) => {
      console.error('[admin/room-editor] save failed', error);
      return null;
    });
    if (!id) return toastError('Impossible de sauvegarder la chambre', { result: submission.reply() }, { status: isNew ? 500 : 404 });
    const success = { type: 'success' as const, title: 'Succès', description: 'Chambre sauvegardée avec succès' };
    if (isNew) return redirectWithToast(`/admin/room/${id}`, success);
    return toastSuccess(success.description, { result: submission.reply() });
  }

  if (intent === 'save-season-price' || intent === 'delete-season-price') {
    const submission = parseWithZod(formData, { schema: SeasonPriceSchema });
    if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
    // SPEC §5: nothing is saved for a room that does not exist yet.
    if (isNew || !(await roomExists(params.roomId))) {
      return toastError(intent === 'save-season-price' ? 'Erreur lors de la mise à jour du prix' : 'Erreur lors de la suppression', {
        result: submission.reply(),
      });
    }
    const value = submission.value;
    if (value.intent === 'save-season-price') {
      const saved = await saveRoomSeasonPrice(params.roomId, value.seasonId, value.price).then(
        () => true,
        (error: unknown) => {
          console.error('[admin/room-editor] season price failed', error);
          return false;
        },
      );
      return saved ? toastSuccess('Prix de saison mis à jour') : toastError('Erreur lors de la mise à jour du prix');
    }
    const deleted = await deleteRoomSeasonPrice(params.roomId, value.seasonId).catch(() => false);
    return deleted ? toastSuccess('Prix de saison supprimé') : toastError('Erreur lors de la suppression');
  }

  throw data('Unknown intent', { status: 400 });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.room ? `Édition: ${loaderData.room.anyName}` : 'Nouvelle chambre';
  return [{ title: `${title} – Administration` }, { name: 'robots', content: 'noindex' }];
}

export default function RoomEditor() {
  const { room, seasonPrices, language } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState('general');
  const saved = room !== null;
  const title = room ? `Édition: ${room.anyName || 'Chambre'}` : 'Nouvelle chambre';

  return (
    <div className="space-y-6">
      <EditorHeader backTo="/admin/rooms" backLabel="Retour aux chambres" title={title} languageName={language.name} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="general">Informations générales</TabsTrigger>
          <TabsTrigger value="images" disabled={!saved}>
            Images
          </TabsTrigger>
          <TabsTrigger value="prices" disabled={!saved}>
            Prix par saison
          </TabsTrigger>
        </TabsList>
        {!saved && (
          <p className="text-sm text-muted-foreground">
            Les images et les prix par saison seront disponibles après le premier enregistrement.
          </p>
        )}
        {/* Kept mounted (hidden) so unsaved edits survive a look at another tab. */}
        <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
          <RoomForm key={`${room?.id ?? 'new'}-${language.code}`} />
        </TabsContent>
        {room && (
          <>
            <TabsContent value="images">
              <Card>
                <CardHeader>
                  <CardTitle>Images</CardTitle>
                </CardHeader>
                <CardContent>
                  <ImageUploader target={{ kind: 'room', id: room.id }} images={room.images} primaryImage={room.primaryImage} />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="prices">
              <SeasonPrices seasonPrices={seasonPrices} />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}

function RoomForm() {
  const { room } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const shortLabelId = useId();
  const longLabelId = useId();
  const [form, fields] = useForm({
    lastResult: (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result,
    constraint: getZodConstraint(RoomSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RoomSchema }),
    defaultValue: {
      name: room?.name ?? '',
      maxGuests: String(room?.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS),
      pricePerNight: room?.pricePerNight == null ? '' : room.pricePerNight.toFixed(2),
      tags: room?.tags ?? '',
    },
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <Card>
        <CardHeader>
          <CardTitle>Informations générales</CardTitle>
          <CardDescription>Les champs marqués * sont obligatoires.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-2">
              <Label htmlFor={fields.name.id}>Nom de la chambre *</Label>
              <Input
                {...getInputProps(fields.name, { type: 'text' })}
                key={fields.name.key}
                placeholder={room?.anyName && !room.name ? room.anyName : undefined}
                autoComplete="off"
              />
              <FieldError id={fields.name.errorId} errors={fields.name.errors} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={fields.maxGuests.id}>Personnes max *</Label>
              <Input {...getInputProps(fields.maxGuests, { type: 'number' })} key={fields.maxGuests.key} step={1} inputMode="numeric" />
              <FieldError id={fields.maxGuests.errorId} errors={fields.maxGuests.errors} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={fields.pricePerNight.id}>Prix de base par nuit (€)</Label>
              <Input
                {...getInputProps(fields.pricePerNight, { type: 'number' })}
                key={fields.pricePerNight.key}
                step={0.01}
                min={0.01}
                inputMode="decimal"
              />
              <FieldError id={fields.pricePerNight.errorId} errors={fields.pricePerNight.errors} />
            </div>
          </div>
          <div className="space-y-2">
            <Label id={shortLabelId} asChild>
              <span>Description courte (page d'accueil)</span>
            </Label>
            <RichTextEditor
              name={fields.shortDescription.name}
              defaultValue={room?.shortDescription ?? ''}
              labelId={shortLabelId}
              errorId={fields.shortDescription.errors ? fields.shortDescription.errorId : undefined}
              invalid={!!fields.shortDescription.errors}
            />
            <FieldError id={fields.shortDescription.errorId} errors={fields.shortDescription.errors} />
          </div>
          <div className="space-y-2">
            <Label id={longLabelId} asChild>
              <span>Description détaillée</span>
            </Label>
            <RichTextEditor
              name={fields.longDescription.name}
              defaultValue={room?.longDescription ?? ''}
              labelId={longLabelId}
              errorId={fields.longDescription.errors ? fields.longDescription.errorId : undefined}
              invalid={!!fields.longDescription.errors}
            />
            <FieldError id={fields.longDescription.errorId} errors={fields.longDescription.errors} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={fields.tags.id}>Tags (séparés par des virgules)</Label>
            <Input {...getInputProps(fields.tags, { type: 'text' })} key={fields.tags.key} placeholder="Vue sur jardin, Calme, Terrasse" />
            <FieldError id={fields.tags.errorId} errors={fields.tags.errors} />
          </div>
          <AmenityCheckboxes name={fields.amenities.name} defaultValue={room?.amenities ?? []} />
          <FieldError id={fields.amenities.errorId} errors={fields.amenities.errors} />
        </CardContent>
      </Card>
      <div className="flex justify-end gap-2">
        <Button asChild variant="outline">
          <Link to="/admin/rooms">Annuler</Link>
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Sauvegarde...' : 'Sauvegarder'}
        </Button>
      </div>
    </Form>
  );
}

type SeasonPriceRowData = ReturnType<typeof useLoaderData<typeof loader>>['seasonPrices'][number];

function SeasonPrices({ seasonPrices }: { seasonPrices: SeasonPriceRowData[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Prix par saison</CardTitle>
        <CardDescription>Prix par nuit en euros. Le prix est enregistré quand vous quittez le champ.</CardDescription>
      </CardHeader>
      <CardContent>
        {seasonPrices.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucune saison configurée pour le moment.{' '}
            <Link to="/admin/seasons" className="text-primary underline">
              Gérer les saisons
            </Link>
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Saison</TableHead>
                <TableHead>Prix par nuit (€)</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {seasonPrices.map((row) => (
                <SeasonPriceRow key={`${row.seasonId}-${row.pricePerNight ?? ''}`} row={row} />
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function SeasonPriceRow({ row }: { row: SeasonPriceRowData }) {
  const fetcher = useFetcher();
  const inputId = useId();
  const saved = row.pricePerNight == null ? '' : row.pricePerNight.toFixed(2);
  const busy = fetcher.state !== 'idle';
  return (
    <TableRow>
      <TableCell>
        <label htmlFor={inputId} className="font-medium">
          {row.seasonName}
        </label>
      </TableCell>
      <TableCell>
        <Input
          id={inputId}
          type="number"
          min={0.01}
          step={0.01}
          inputMode="decimal"
          defaultValue={saved}
          className="w-32"
          onBlur={(event) => {
            const text = event.currentTarget.value.trim();
            const price = Number(text);
            // SPEC §5: saved on leaving the field, only when a number greater than 0.
            if (text === '' || !Number.isFinite(price) || price <= 0) return;
            if (saved !== '' && Number(saved) === price) return;
            fetcher.submit({ intent: 'save-season-price', seasonId: row.seasonId, price: text }, { method: 'post' });
          }}
        />
      </TableCell>
      <TableCell className="text-right">
        {row.priceId && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={`Supprimer le prix ${row.seasonName}`}
            title="Supprimer le prix"
            className="text-destructive hover:text-destructive"
            onClick={() => fetcher.submit({ intent: 'delete-season-price', seasonId: row.seasonId }, { method: 'post' })}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
