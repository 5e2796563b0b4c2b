// Homepage sections list (SPEC §2, §4): status toggle, −1 reorder, delete.
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useFetcher, useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { refuse } from '~/.server/rule-refusal';
import { getEditingLanguage } from '~/.server/languages/editing-language-choice';
import { requireAdmin } from '~/.server/auth/permissions';
import { deleteSection, listAdminSections, moveSection, setSectionActive } from '~/.server/content/sections';
import { AddLink, EditableRow } from '~/components/admin/editable-row';
import { ListCell, ListTable } from '~/components/admin/list-table';
import { adminMeta, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { SectionListActionSchema } from '~/lib/schemas/section';
import type { Route } from './+types/sections';

const SCREEN = 'admin/sections';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  return loadList(SCREEN, 'Impossible de charger les sections', async () => ({ sections: await listAdminSections(language) }), {
    sections: [],
  });
}

// The list reloads after every action (success or failure), so it never shows a stale order.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'move': {
      const failure = 'Impossible de réorganiser les sections';
      return runIntent(formData, {
        screen: SCREEN,
        schema: SectionListActionSchema,
        failure,
        perform: async (value) => (value.intent === 'move' && (await moveSection(value.id, value.direction))) || refuse(failure),
        success: null,
      });
    }
    case 'activate':
    case 'deactivate': {
      const failure = 'Impossible de modifier le statut de la section';
      return runIntent(formData, {
        screen: SCREEN,
        schema: SectionListActionSchema,
        failure,
        perform: async ({ intent, id }) => (await setSectionActive(id, intent === 'activate')) || refuse(failure),
        success: null,
      });
    }
    case 'delete': {
      const failure = 'Impossible de supprimer la section';
      return runIntent(formData, {
        screen: SCREEN,
        schema: SectionListActionSchema,
        failure,
        perform: async ({ id }) => (await deleteSection(id)) || refuse(failure),
        success: 'Section supprimée avec succès',
      });
    }
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Sections');

export default function Sections() {
  const { sections, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="sections-title" className="space-y-6">
      <ScreenHeader
        id="sections-title"
        title="Sections de la page d'accueil"
        description="Les sections de position inférieure à 50 s'affichent avant les chambres, les autres après."
      >
        <AddLink to="/admin/section/new">Ajouter une section</AddLink>
      </ScreenHeader>
      <LoadError message={loadError} />
      {sections.length === 0 ? (
        <EmptyState>Aucune section pour le moment.</EmptyState>
      ) : (
        <div className="rounded-md md:border md:bg-card md:px-2">
          <ListTable
            label="Sections"
            columns={[{ label: 'Position' }, { label: 'Titre' }, { label: 'Statut' }, { label: 'Images' }, { label: 'Actions', className: 'text-right' }]}
          >
            {sections.map((section, index) => (
              <EditableRow
                key={section.id}
                id={section.id}
                name={section.title}
                editTo={`/admin/section/${section.id}`}
                index={index}
                count={sections.length}
                remove={{
                  title: 'Supprimer cette section ?',
                  description: `« ${section.title} » sera supprimée avec ses textes et ses images. Cette action est irréversible.`,
                }}
                actions={<StatusToggle id={section.id} title={section.title} isActive={section.isActive} />}
              >
                <ListCell className="max-md:text-xs max-md:text-muted-foreground">{section.position}</ListCell>
                <ListCell className="font-medium">{section.title}</ListCell>
                <ListCell label="Statut">
                  <Badge variant={section.isActive ? 'default' : 'outline'}>{section.isActive ? 'Active' : 'Inactive'}</Badge>
                </ListCell>
                <ListCell label="Images">{section.imageCount}</ListCell>
              </EditableRow>
            ))}
          </ListTable>
        </div>
      )}
    </section>
  );
}

function StatusToggle({ id, title, isActive }: { id: string; title: string; isActive: boolean }) {
  const fetcher = useFetcher();
  const label = isActive ? `Désactiver ${title}` : `Activer ${title}`;
  return (
    <fetcher.Form method="post" className="inline-flex" onClick={(event) => event.stopPropagation()}>
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={isActive ? 'deactivate' : 'activate'}
        variant="ghost"
        size="icon"
        disabled={fetcher.state !== 'idle'}
        aria-label={label}
        title={isActive ? 'Désactiver' : 'Activer'}
      >
        {isActive ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
      </Button>
    </fetcher.Form>
  );
}
