// 'Gestion des Langues' (SPEC §2, §4): the languages of the site and of content
// editing — create/edit dialog, reorder, delete (never the default language).
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import { createLanguage, deleteLanguage, listLanguages, moveLanguage, updateLanguage } from '~/.server/languages/site-languages';
import { requireAdmin } from '~/.server/auth/permissions';
import {
  findIncompleteActivation,
  incompleteActivationMessage,
  listTranslationCoverage,
  measureLanguagePercent,
} from '~/.server/languages/translation-coverage';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { LanguageDialog, type LanguageDialogState } from '~/components/admin/languages/language-dialog';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { MoveButtons } from '~/components/admin/move-buttons';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { CreateLanguageSchema, DeleteLanguageSchema, MoveLanguageSchema, UpdateLanguageSchema } from '~/lib/schemas/language';
import type { Route } from './+types/languages';

const SCREEN = 'admin/languages';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadList(
    SCREEN,
    'Impossible de charger les langues',
    async () => {
      const [languages, coverage, newLanguagePercent] = await Promise.all([listLanguages(), listTranslationCoverage(), measureLanguagePercent('')]);
      // What activating each language would publish (a confirmation under 100 %).
      const percents = Object.fromEntries(coverage.map((c) => [c.code, c.percent]));
      return { languages, percents, newLanguagePercent };
    },
    { languages: [], percents: {} as Record<string, number>, newLanguagePercent: 100 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  // SPEC §8: the server's message is shown for language save and delete when there is one.
  switch (formData.get('intent')) {
    case 'create':
      return runIntent(formData, {
        screen: SCREEN,
        schema: CreateLanguageSchema,
        failure: 'Impossible de sauvegarder la langue',
        perform: async ({ confirmIncomplete, ...value }) => {
          const incomplete = value.isActive && !confirmIncomplete ? await findIncompleteActivation(value) : null;
          return incomplete ? refuse(incompleteActivationMessage(incomplete)) : createLanguage(value);
        },
        success: 'Langue créée avec succès',
      });
    case 'update':
      return runIntent(formData, {
        screen: SCREEN,
        schema: UpdateLanguageSchema,
        failure: 'Impossible de sauvegarder la langue',
        perform: async ({ id, confirmIncomplete, ...values }) => {
          const incomplete = values.isActive && !confirmIncomplete ? await findIncompleteActivation({ id }) : null;
          return incomplete ? refuse(incompleteActivationMessage(incomplete)) : updateLanguage(id, values);
        },
        success: 'Langue modifiée avec succès',
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteLanguageSchema,
        failure: 'Impossible de supprimer la langue',
        perform: ({ id }) => deleteLanguage(id),
        success: 'Langue supprimée avec succès',
      });
    case 'move':
      return runIntent(formData, {
        screen: SCREEN,
        schema: MoveLanguageSchema,
        failure: 'Impossible de réorganiser les langues',
        // Past either end is a refusal (400), not a missing row.
        perform: async ({ id, direction }) => (await moveLanguage(id, direction)) || refuse('Impossible de réorganiser les langues'),
        success: null,
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Gestion des Langues');

export default function Languages() {
  const { languages, percents, newLanguagePercent, loadError } = useLoaderData<typeof loader>();
  const [dialog, setDialog] = useState<LanguageDialogState>(null);

  return (
    <section aria-labelledby="languages-title">
      <ScreenHeader id="languages-title" title="Gestion des Langues" description="Langues proposées sur le site et pour la saisie du contenu">
        <Button type="button" onClick={() => setDialog({ mode: 'create' })}>
          <PlusIcon aria-hidden="true" />
          Ajouter une langue
        </Button>
      </ScreenHeader>

      <LoadError message={loadError} />

      <div className="rounded-md md:border md:bg-card">
        <ListTable
          label="Langues"
          columns={[
            { label: 'Code' },
            { label: 'Nom' },
            { label: 'Active' },
            { label: 'Par défaut' },
            { label: 'Position' },
            { label: 'Actions', className: 'text-right' },
          ]}
        >
          {languages.map((language, index) => (
            <ListRow key={language.id}>
              <ListCell label="Code" className="font-mono">
                {language.code}
              </ListCell>
              <ListCell className="font-medium">{language.name}</ListCell>
              <ListCell>{language.isActive ? <Badge>Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</ListCell>
              <ListCell className={language.isDefault ? undefined : 'max-md:hidden'}>
                {language.isDefault ? <Badge variant="outline">Par défaut</Badge> : null}
              </ListCell>
              <ListCell label="Position">{index + 1}</ListCell>
              <ListCell actions>
                <MoveButtons id={language.id} name={language.name} isFirst={index === 0} isLast={index === languages.length - 1} />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Modifier ${language.name}`}
                  title="Modifier"
                  onClick={() => setDialog({ mode: 'edit', language })}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <ConfirmDelete
                  label={`Supprimer ${language.name}`}
                  disabled={language.isDefault}
                  title="Supprimer la langue"
                  description={`Êtes-vous sûr de vouloir supprimer la langue ${language.name} (${language.code}) ?`}
                  fields={{ id: language.id }}
                />
              </ListCell>
            </ListRow>
          ))}
        </ListTable>
      </div>

      <LanguageDialog
        state={dialog}
        percent={dialog?.mode === 'edit' ? (percents[dialog.language.code] ?? 100) : newLanguagePercent}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
