// Room editor (SPEC §2, §4, §5): general information, images and season prices;
// issue 14: the room's calendars (imported feeds, export link); issue 45: its prices by
// number of guests, its own stay rules in each season and its length-of-stay reductions
// (the « Tarifs et règles » tab). Multilingual fields load and save in the back office's
// editing language.
import { decimalEuros } from '~/lib/money';
import { getFormProps, getInputProps } from '@conform-to/react';
import { Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { data, Link, useActionData, useFetcher, useLoaderData } from 'react-router';
import { exportFeedUrl, getExportToken, regenerateExportToken } from '~/.server/booking/availability/export-feed';
import { deleteRoomFeed, feedView, importReport, importRoomFeed, listRoomFeeds, renameRoomFeed } from '~/.server/booking/availability/feeds';
import { config } from '~/.server/environment';
import { getEditingLanguageDetails } from '~/.server/languages/editing-language-choice';
import { requireAdmin } from '~/.server/auth/permissions';
import {
  deleteRoomSeasonPrice,
  getRoomForEdit,
  listRoomSeasonPrices,
  roomExists,
  saveRoom,
  saveRoomGuestPrices,
  saveRoomSeasonPrice,
} from '~/.server/content/rooms';
import { addLengthDiscount, deleteLengthDiscount, listLengthDiscounts } from '~/.server/content/length-discounts';
import { listRoomSeasonRules, saveRoomSeasonRules } from '~/.server/content/room-season-rules';
import { loadGeneralRules } from '~/.server/booking/pricing/quote-inputs';
import { redirectWithToast } from '~/.server/http/toast-response';
import { listFieldsToReview } from '~/.server/languages/translation-coverage';
import { loadEditor, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { NOT_FOUND, refuse } from '~/.server/rule-refusal';
import { useAdminForm } from '~/components/admin/admin-form';
import { AmenityCheckboxes } from '~/components/admin/amenity-checkboxes';
import { EditorForm, ImagesCard } from '~/components/admin/editor-kit';
import { ExportLinkCard, ImportedFeedsCard } from '~/components/admin/room-editor/calendar-cards';
import { GuestPricesCard, RoomRulesCard } from '~/components/admin/room-editor/pricing-cards';
import { LengthDiscountsEditor } from '~/components/admin/pricing/length-discounts';
import { EditorHeader } from '~/components/admin/editor-header';
import { adminMeta } from '~/components/admin/screen-kit';
import { ErrorList, Field } from '~/components/forms';
import { RichTextField } from '~/components/admin/rich-text-editor';
import { TranslatableField, useLinkedField } from '~/components/admin/translation-field';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { AddFeedSchema, DeleteFeedSchema, RegenerateExportSchema, RenameFeedSchema } from '~/lib/schemas/booking-admin';
import { ROOM_DEFAULT_MAX_GUESTS, RoomSchema, SeasonPriceSchema } from '~/lib/schemas/room';
import {
  AddRoomLengthDiscountSchema,
  DeleteLengthDiscountSchema,
  RoomGuestPricesSchema,
  RoomSeasonRulesSchema,
  rulesOverrideOf,
} from '~/lib/schemas/stay-rules';
import { isUuid } from '~/lib/uuid';
import type { Route } from './+types/room-editor';

const SCREEN = 'admin/room-editor';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguageDetails(request);
  if (params.roomId === 'new') return { room: null, seasonPrices: [], calendars: null, pricing: null, language, review: [] as string[] };
  const roomId = params.roomId;
  return loadEditor(SCREEN, 'Impossible de charger la chambre', async () => {
    if (!isUuid(roomId)) return null;
    const [room, seasonPrices, review, general, seasonRules, discounts] = await Promise.all([
      getRoomForEdit(roomId, language.code),
      listRoomSeasonPrices(roomId),
      listFieldsToReview([{ owner: 'room', entityId: roomId }], language.code),
      loadGeneralRules(),
      listRoomSeasonRules(roomId),
      listLengthDiscounts({ roomId }),
    ]);
    return room ? { room, seasonPrices, calendars: await loadCalendars(roomId), pricing: { general, seasonRules, discounts }, language, review } : null;
  });
}

/** The Calendriers tab: the room's imported feeds and its export link. */
async function loadCalendars(roomId: string) {
  const [feeds, token] = await Promise.all([listRoomFeeds(roomId), getExportToken(roomId)]);
  return {
    feeds: feeds.map(feedView),
    staleHours: config().ICAL_STALE_HOURS,
    exportUrl: token ? exportFeedUrl(token) : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const roomId = params.roomId === 'new' ? null : params.roomId;
  if (roomId !== null && !isUuid(roomId)) throw data('Unknown room', { status: 404 });
  switch (formData.get('intent')) {
    case 'save':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RoomSchema,
        failure: 'Impossible de sauvegarder la chambre',
        // null: the room is gone (404); a database error throws (500, logged).
        perform: async ({ intent: _, ...values }) => saveRoom(roomId, values, await getEditingLanguageDetails(request)),
        success: (_, id) =>
          roomId
            ? 'Chambre sauvegardée avec succès'
            : redirectWithToast(`/admin/room/${id}`, { type: 'success', title: 'Succès', description: 'Chambre sauvegardée avec succès' }),
      });
    case 'save-season-price': {
      const failure = 'Erreur lors de la mise à jour du prix';
      return runIntent(formData, {
        screen: SCREEN,
        schema: SeasonPriceSchema,
        failure,
        // SPEC §5: nothing is saved for a room that does not exist yet; nor for a vanished season.
        perform: async (value) =>
          (roomId !== null &&
            value.intent === 'save-season-price' &&
            (await roomExists(roomId)) &&
            (await saveRoomSeasonPrice(roomId, value.seasonId, value.price))) ||
          refuse(failure),
        success: 'Prix de saison mis à jour',
      });
    }
    case 'delete-season-price': {
      const failure = 'Erreur lors de la suppression';
      return runIntent(formData, {
        screen: SCREEN,
        schema: SeasonPriceSchema,
        failure,
        perform: async ({ seasonId }) => (roomId !== null && (await deleteRoomSeasonPrice(roomId, seasonId))) || refuse(failure),
        success: 'Prix de saison supprimé',
      });
    }
    case 'save-guest-prices':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RoomGuestPricesSchema,
        failure: 'Impossible de sauvegarder les prix selon le nombre de personnes',
        perform: (input) => (roomId === null ? Promise.resolve(NOT_FOUND) : saveRoomGuestPrices(roomId, input)),
        success: 'Prix selon le nombre de personnes enregistrés',
      });
    case 'save-room-rules':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RoomSeasonRulesSchema,
        failure: 'Impossible de sauvegarder les règles de la chambre',
        perform: (value) => (roomId === null ? Promise.resolve(NOT_FOUND) : saveRoomSeasonRules(roomId, value.seasonId, rulesOverrideOf(value))),
        success: 'Règles de la chambre enregistrées',
      });
    case 'add-length-discount':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddRoomLengthDiscountSchema,
        failure: "Impossible d'ajouter la réduction",
        perform: ({ minNights, percent }) => (roomId === null ? Promise.resolve(NOT_FOUND) : addLengthDiscount({ roomId }, minNights, percent)),
        success: 'Réduction ajoutée',
      });
    case 'delete-length-discount':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteLengthDiscountSchema,
        failure: 'Impossible de supprimer la réduction',
        perform: ({ discountId }) => (roomId === null ? Promise.resolve(NOT_FOUND) : deleteLengthDiscount({ roomId }, discountId)),
        success: 'Réduction supprimée',
      });
    case 'add-feed':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddFeedSchema,
        failure: "Impossible d'ajouter le calendrier",
        perform: async ({ url, label }) => {
          if (roomId === null || !(await roomExists(roomId))) return NOT_FOUND;
          return (
            (await importRoomFeed(roomId, url, label)) ??
            refuse('Ce calendrier est déjà importé pour cette chambre', { fieldErrors: { url: ['Ce calendrier est déjà importé pour cette chambre'] } })
          );
        },
        success: (_value, outcome) =>
          outcome.status === 'failed'
            ? `Calendrier ajouté, mais sa lecture a échoué : ${outcome.error}. Il sera relu automatiquement.`
            : `Calendrier ajouté avec succès : ${importReport({ importedCount: outcome.events ?? 0, skippedCount: outcome.skipped ?? 0, skippedReasons: outcome.skippedReasons ?? null })}`,
      });
    case 'rename-feed':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RenameFeedSchema,
        failure: 'Impossible de renommer le calendrier',
        perform: ({ id, label }) => (roomId === null ? Promise.resolve(NOT_FOUND) : renameRoomFeed(roomId, id, label)),
        success: 'Calendrier renommé avec succès',
      });
    case 'delete-feed':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteFeedSchema,
        failure: 'Impossible de supprimer le calendrier',
        perform: ({ id }) => (roomId === null ? Promise.resolve(NOT_FOUND) : deleteRoomFeed(roomId, id)),
        success: 'Calendrier supprimé avec succès',
      });
    case 'regenerate-export':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RegenerateExportSchema,
        failure: 'Impossible de régénérer le lien',
        perform: () => (roomId === null ? Promise.resolve(NOT_FOUND) : regenerateExportToken(roomId)),
        success: "Lien d'export régénéré : l'ancien lien ne fonctionne plus",
      });
    default:
      return unknownIntent(formData);
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.room ? `Édition: ${loaderData.room.anyName}` : 'Nouvelle chambre';
  return adminMeta(title);
}

export default function RoomEditor() {
  const { room, seasonPrices, calendars, pricing, language } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState('general');
  useLinkedField(setTab);
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
            Tarifs et règles
          </TabsTrigger>
          <TabsTrigger value="calendars" disabled={!saved}>
            Calendriers
          </TabsTrigger>
        </TabsList>
        {!saved && <p className="text-sm text-muted-foreground">Les images, les tarifs et les règles seront disponibles après le premier enregistrement.</p>}
        {/* Kept mounted (hidden) so unsaved edits survive a look at another tab. */}
        <TabsContent value="general" forceMount className="data-[state=inactive]:hidden">
          <RoomForm key={`${room?.id ?? 'new'}-${language.code}`} />
        </TabsContent>
        {room && (
          <>
            <TabsContent value="images">
              <ImagesCard target={{ kind: 'room', id: room.id }} images={room.images} primaryImage={room.primaryImage} />
            </TabsContent>
            <TabsContent value="prices" className="space-y-6">
              <SeasonPrices seasonPrices={seasonPrices} />
              <GuestPricesCard prices={room.guestPrices} maxGuests={room.maxGuests} />
              {pricing ? (
                <>
                  <RoomRulesCard seasons={pricing.seasonRules} general={pricing.general} />
                  <Card>
                    <CardHeader>
                      <CardTitle>
                        <h3>Réductions séjour long de la chambre</h3>
                      </CardTitle>
                      <CardDescription>
                        S&apos;ajoutent au choix à celles des saisons (Saisons) : la meilleure qui s&apos;applique au séjour est retenue, jamais deux.
                      </CardDescription>
                    </CardHeader>
                    <CardContent>
                      <LengthDiscountsEditor
                        id={`room-${room.id}`}
                        owner="cette chambre"
                        discounts={pricing.discounts}
                        addIntent="add-length-discount"
                        deleteIntent="delete-length-discount"
                      />
                    </CardContent>
                  </Card>
                </>
              ) : null}
            </TabsContent>
            {calendars && (
              <TabsContent value="calendars" className="space-y-6">
                <ImportedFeedsCard feeds={calendars.feeds} staleHours={calendars.staleHours} />
                <ExportLinkCard key={calendars.exportUrl} url={calendars.exportUrl} />
              </TabsContent>
            )}
          </>
        )}
      </Tabs>
    </div>
  );
}

function RoomForm() {
  const { room, review } = useLoaderData<typeof loader>();
  const [form, fields] = useAdminForm({
    schema: RoomSchema,
    reply: useActionData<typeof action>(),
    defaultValue: {
      name: room?.name ?? '',
      maxGuests: String(room?.maxGuests ?? ROOM_DEFAULT_MAX_GUESTS),
      pricePerNight: decimalEuros(room?.pricePerNightCents),
      tags: room?.tags ?? '',
    },
  });
  return (
    <EditorForm formProps={getFormProps(form)} title="Informations générales" cancelTo="/admin/rooms">
      <div className="grid gap-4 sm:grid-cols-3">
        <TranslatableField field="name" review={review}>
          <Field
            label="Nom de la chambre *"
            inputProps={{
              ...getInputProps(fields.name, { type: 'text' }),
              placeholder: room?.anyName && !room.name ? room.anyName : undefined,
              autoComplete: 'off',
            }}
            errors={fields.name.errors}
          />
        </TranslatableField>
        <Field
          label="Personnes max *"
          inputProps={{ ...getInputProps(fields.maxGuests, { type: 'number' }), step: 1, inputMode: 'numeric' }}
          errors={fields.maxGuests.errors}
        />
        <Field
          label="Prix de base par nuit (€)"
          inputProps={{ ...getInputProps(fields.pricePerNight, { type: 'number' }), step: 0.01, min: 0.01, inputMode: 'decimal' }}
          errors={fields.pricePerNight.errors}
        />
      </div>
      <TranslatableField field="shortDescription" review={review}>
        <RichTextField label="Description courte (page d'accueil)" meta={fields.shortDescription} defaultValue={room?.shortDescription ?? ''} />
      </TranslatableField>
      <TranslatableField field="longDescription" review={review}>
        <RichTextField label="Description détaillée" meta={fields.longDescription} defaultValue={room?.longDescription ?? ''} />
      </TranslatableField>
      <TranslatableField field="tags" review={review}>
        <Field
          label="Tags (séparés par des virgules)"
          inputProps={{ ...getInputProps(fields.tags, { type: 'text' }), placeholder: 'Vue sur jardin, Calme, Terrasse' }}
          errors={fields.tags.errors}
        />
      </TranslatableField>
      <AmenityCheckboxes name={fields.amenities.name} defaultValue={room?.amenities ?? []} />
      <ErrorList id={fields.amenities.errorId} errors={fields.amenities.errors} />
    </EditorForm>
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
                <SeasonPriceRow key={`${row.seasonId}-${row.pricePerNightCents ?? ''}`} row={row} />
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
  const saved = decimalEuros(row.pricePerNightCents);
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
