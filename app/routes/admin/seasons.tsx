// 'Gestion des Saisons' (SPEC §2, §5): add, rename inline, delete (with the price
// warning). The example screen of CODE_STYLE.md. Issue 14: each season's periods and
// name in the editing language; issue 45: its stay rules and length-of-stay reductions
// (cards in components/admin/seasons/). Prices are simulated in « Simuler un séjour ».
import { getFormProps, getInputProps } from '@conform-to/react';
import { CheckIcon, PencilIcon, PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import { loadGeneralRules } from '~/.server/booking/pricing/quote-inputs';
import { describeRules } from '~/.server/booking/pricing/quote-lines';
import { addLengthDiscount, deleteLengthDiscount, listSeasonLengthDiscounts } from '~/.server/content/length-discounts';
import { getEditingLanguage } from '~/.server/languages/editing-language-choice';
import { listEditingLanguages } from '~/.server/languages/site-languages';
import { requireAdmin } from '~/.server/auth/permissions';
import {
  addSeasonPeriod,
  createSeason,
  deleteSeason,
  deleteSeasonPeriod,
  listSeasonDetails,
  renameSeason,
  saveSeasonName,
  setSeasonRules,
  updateSeasonPeriod,
} from '~/.server/content/seasons';
import { listFieldsToReview } from '~/.server/languages/translation-coverage';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { SeasonDetailsCard, type SeasonDetails } from '~/components/admin/seasons/season-details-card';
import { useLinkedField } from '~/components/admin/translation-field';
import { adminMeta, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import {
  AddSeasonPeriodSchema,
  CreateSeasonSchema,
  DeleteSeasonPeriodSchema,
  DeleteSeasonSchema,
  RenameSeasonSchema,
  TranslateSeasonNameSchema,
  UpdateSeasonPeriodSchema,
} from '~/lib/schemas/season';
import { AddSeasonLengthDiscountSchema, DeleteSeasonLengthDiscountSchema, rulesOverrideOf, SeasonRulesSchema } from '~/lib/schemas/stay-rules';
import { mergeRules, type GeneralRules } from '~/lib/stay-rules';
import type { Route } from './+types/seasons';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

const SCREEN = 'admin/seasons';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [code, languages] = await Promise.all([getEditingLanguage(request), listEditingLanguages()]);
  const language = { code, name: languages.find((l) => l.code === code)?.name ?? code };
  return loadList<{ seasons: Season[]; general: GeneralRules | null; language: typeof language; review: string[] }>(
    SCREEN,
    'Erreur lors du chargement des saisons',
    async () => {
      const [details, general, discounts] = await Promise.all([listSeasonDetails(code), loadGeneralRules(), listSeasonLengthDiscounts()]);
      const seasons = details.map((season) => ({
        ...season,
        // What stays arriving in the season meet, in the owner's words (Configuration's where the season sets none).
        rulesText: describeRules(mergeRules(general, season.rules), general.maxNights, 'fr') || 'aucune restriction',
        discounts: discounts.filter((d) => d.seasonId === season.id).map(({ id, minNights, percent }) => ({ id, minNights, percent })),
      }));
      return {
        seasons,
        general,
        language,
        review: await listFieldsToReview(
          seasons.map((s) => ({ owner: 'season' as const, entityId: s.id })),
          code,
        ),
      };
    },
    { seasons: [], general: null as GeneralRules | null, language, review: [] as string[] },
  );
}

/** The failure toast of every change to an existing season (SPEC §8). */
const MODIFY_FAILURE = 'Erreur lors de la modification de la saison';

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'create':
      return runIntent(formData, {
        screen: SCREEN,
        schema: CreateSeasonSchema,
        failure: "Erreur lors de l'ajout de la saison",
        perform: ({ name }) => createSeason(name),
        success: 'Saison ajoutée avec succès',
      });
    case 'rename':
      return runIntent(formData, {
        screen: SCREEN,
        schema: RenameSeasonSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id, name }) => renameSeason(id, name),
        success: 'Saison modifiée avec succès',
      });
    case 'translate-name':
      return runIntent(formData, {
        screen: SCREEN,
        schema: TranslateSeasonNameSchema,
        failure: MODIFY_FAILURE,
        perform: async ({ id, language, name }) =>
          (await listEditingLanguages()).some((l) => l.code === language) ? saveSeasonName(id, language, name) : refuse('Langue inconnue'),
        success: 'Saison modifiée avec succès',
      });
    case 'add-period':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddSeasonPeriodSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id, firstNight, lastNight }) => addSeasonPeriod(id, firstNight, lastNight),
        success: 'Période ajoutée avec succès',
      });
    case 'update-period':
      return runIntent(formData, {
        screen: SCREEN,
        schema: UpdateSeasonPeriodSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id, firstNight, lastNight }) => updateSeasonPeriod(id, firstNight, lastNight),
        success: 'Période modifiée avec succès',
      });
    case 'delete-period':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteSeasonPeriodSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id }) => deleteSeasonPeriod(id),
        success: 'Période supprimée avec succès',
      });
    case 'set-rules':
      return runIntent(formData, {
        screen: SCREEN,
        schema: SeasonRulesSchema,
        failure: MODIFY_FAILURE,
        perform: (value) => setSeasonRules(value.id, rulesOverrideOf(value)),
        success: 'Règles de séjour enregistrées',
      });
    case 'add-length-discount':
      return runIntent(formData, {
        screen: SCREEN,
        schema: AddSeasonLengthDiscountSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id, minNights, percent }) => addLengthDiscount({ seasonId: id }, minNights, percent),
        success: 'Réduction ajoutée',
      });
    case 'delete-length-discount':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteSeasonLengthDiscountSchema,
        failure: MODIFY_FAILURE,
        perform: ({ id, discountId }) => deleteLengthDiscount({ seasonId: id }, discountId),
        success: 'Réduction supprimée',
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteSeasonSchema,
        failure: 'Erreur lors de la suppression de la saison',
        perform: ({ id }) => deleteSeason(id),
        success: 'Saison supprimée avec succès',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Gestion des Saisons');

type Season = SeasonDetails;

/** SPEC §5: a season name that is empty after trimming is ignored, not sent. */
const isBlankName = (form: HTMLFormElement) => String(new FormData(form).get('name') ?? '').trim() === '';

export default function Seasons() {
  const { seasons, general, language, review, loadError } = useLoaderData<typeof loader>();
  useLinkedField();
  return (
    <section aria-labelledby="seasons-title" className="space-y-6">
      <ScreenHeader id="seasons-title" title="Gestion des Saisons" description="Les saisons permettent de définir des prix différents selon la période" />
      <AddSeasonCard />
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Saisons existantes</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <LoadError message={loadError} />
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
                  <SeasonRow key={season.id} season={season} />
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {general ? seasons.map((season) => <SeasonDetailsCard key={season.id} season={season} general={general} language={language} review={review} />) : null}
    </section>
  );
}

function AddSeasonCard() {
  const fetcher = useFetcher<typeof action>();
  const [form, fields] = useAdminForm({ id: 'add-season', schema: CreateSeasonSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  const formProps = getFormProps(form);
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
          {...formProps}
          onSubmit={(event) => (isBlankName(event.currentTarget) ? event.preventDefault() : formProps.onSubmit(event))}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="create" />
          <Field
            className="flex-1"
            label="Nom de la saison"
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), placeholder: 'Ex : Haute saison', maxLength: 100 }}
            errors={fields.name.errors}
          />
          <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

function SeasonRow({ season }: { season: Season }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, () => setEditing(false));
  const formId = `rename-${season.id}`;
  // Optimistic: the new name shows while the rename is saved.
  const pendingName = String(fetcher.formData?.get('name') ?? '').trim();
  return (
    <TableRow>
      <TableCell className="font-medium whitespace-normal break-words">
        {editing ? <RenameSeasonForm id={formId} season={season} fetcher={fetcher} onCancel={() => setEditing(false)} /> : pendingName || season.name}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-2">
          {editing ? (
            <>
              {/* Distinct keys: the Modifier button must not turn into this submit button mid-click. */}
              <Button
                key="save"
                type="submit"
                form={formId}
                size="icon"
                disabled={fetcher.state !== 'idle'}
                aria-label={`Enregistrer le nom de ${season.name}`}
              >
                <CheckIcon aria-hidden="true" />
              </Button>
              <Button key="cancel" type="button" variant="outline" size="icon" onClick={() => setEditing(false)} aria-label="Annuler la modification">
                <XIcon aria-hidden="true" />
              </Button>
            </>
          ) : (
            <>
              <Button key="edit" type="button" variant="outline" size="icon" onClick={() => setEditing(true)} aria-label={`Modifier ${season.name}`}>
                <PencilIcon aria-hidden="true" />
              </Button>
              <ConfirmDelete
                label={`Supprimer ${season.name}`}
                title="Supprimer la saison"
                description={`Êtes-vous sûr de vouloir supprimer la saison « ${season.name} » ? Tous les prix associés à cette saison seront également supprimés.`}
                fields={{ id: season.id }}
              />
            </>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

function RenameSeasonForm({
  id,
  season,
  fetcher,
  onCancel,
}: {
  id: string;
  season: Season;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  onCancel: () => void;
}) {
  const [form, fields] = useAdminForm({
    id,
    schema: RenameSeasonSchema,
    reply: fetcher.data,
    defaultValue: { id: season.id, name: season.name },
  });
  const formProps = getFormProps(form);
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...formProps}
      onSubmit={(event) => {
        if (!isBlankName(event.currentTarget)) return formProps.onSubmit(event);
        event.preventDefault();
        onCancel();
      }}
    >
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="id" value={season.id} />
      <Field
        label={`Nouveau nom de la saison ${season.name}`}
        labelHidden
        inputProps={{
          ...getInputProps(fields.name, { type: 'text' }),
          maxLength: 100,
          autoFocus: true,
          onKeyDown: (event) => {
            if (event.key === 'Escape') onCancel();
          },
        }}
        errors={fields.name.errors}
      />
    </fetcher.Form>
  );
}
