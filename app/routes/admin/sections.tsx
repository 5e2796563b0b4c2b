// Homepage sections list (SPEC §2, §4): status toggle, −1 reorder, delete.
import { parseWithZod } from '@conform-to/zod/v4';
import { EyeIcon, EyeOffIcon, PencilIcon, PlusIcon } from 'lucide-react';
import { data, Link, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { getEditingLanguage } from '~/.server/editing-language';
import { requireAdmin } from '~/.server/permissions';
import { deleteSection, listAdminSections, moveSection, setSectionActive } from '~/.server/sections';
import { toastError, toastSuccess } from '~/.server/toast';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { MoveButtons } from '~/components/admin/move-buttons';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { SectionListActionSchema } from '~/lib/schemas/section';
import type { Route } from './+types/sections';

const INTENTS = new Set(['move', 'activate', 'deactivate', 'delete']);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const language = await getEditingLanguage(request);
  try {
    return { sections: await listAdminSections(language), failed: false };
  } catch (error) {
    console.error('[admin/sections] load failed', error);
    return toastError('Impossible de charger les sections', { sections: [], failed: true }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  if (!INTENTS.has(String(formData.get('intent')))) throw data('Unknown intent', { status: 400 });
  const submission = parseWithZod(formData, { schema: SectionListActionSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const attempt = <T,>(promise: Promise<T>, fallback: T) =>
    promise.catch((error: unknown) => {
      console.error(`[admin/sections] ${value.intent} failed`, error);
      return fallback;
    });
  switch (value.intent) {
    case 'move':
      // The list reloads after every action (success or failure), so it never shows a stale order.
      return (await attempt(moveSection(value.id, value.direction), false))
        ? data({ ok: true })
        : toastError('Impossible de réorganiser les sections');
    case 'activate':
    case 'deactivate':
      return (await attempt(setSectionActive(value.id, value.intent === 'activate'), false))
        ? data({ ok: true })
        : toastError('Impossible de modifier le statut de la section');
    case 'delete':
      return (await attempt(deleteSection(value.id), false))
        ? toastSuccess('Section supprimée avec succès')
        : toastError('Impossible de supprimer la section');
  }
}

export function meta() {
  return [{ title: 'Sections – Administration' }, { name: 'robots', content: 'noindex' }];
}

export default function Sections() {
  const { sections } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold">Sections de la page d'accueil</h2>
          <p className="text-sm text-muted-foreground">
            Les sections de position inférieure à 50 s'affichent avant les chambres, les autres après.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/section/new">
            <PlusIcon aria-hidden="true" />
            Ajouter une section
          </Link>
        </Button>
      </div>
      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Position</TableHead>
                <TableHead>Titre</TableHead>
                <TableHead>Statut</TableHead>
                <TableHead>Images</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sections.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    Aucune section pour le moment.
                  </TableCell>
                </TableRow>
              )}
              {sections.map((section, index) => (
                <TableRow
                  key={section.id}
                  className="cursor-pointer"
                  onClick={() => navigate(`/admin/section/${section.id}`)}
                >
                  <TableCell>{section.position}</TableCell>
                  <TableCell className="font-medium">{section.title}</TableCell>
                  <TableCell>
                    <Badge variant={section.isActive ? 'default' : 'outline'}>{section.isActive ? 'Active' : 'Inactive'}</Badge>
                  </TableCell>
                  <TableCell>{section.imageCount}</TableCell>
                  <TableCell className="text-right">
                    <div className="inline-flex items-center gap-0.5">
                      <StatusToggle id={section.id} title={section.title} isActive={section.isActive} />
                      <MoveButtons
                        id={section.id}
                        name={section.title}
                        isFirst={index === 0}
                        isLast={index === sections.length - 1}
                      />
                      <Button asChild variant="ghost" size="icon">
                        <Link
                          to={`/admin/section/${section.id}`}
                          aria-label={`Modifier ${section.title}`}
                          title="Modifier"
                          onClick={(event) => event.stopPropagation()}
                        >
                          <PencilIcon aria-hidden="true" />
                        </Link>
                      </Button>
                      <ConfirmDelete
                        fields={{ id: section.id }}
                        label={`Supprimer ${section.title}`}
                        title="Supprimer cette section ?"
                        description={`« ${section.title} » sera supprimée avec ses textes et ses images. Cette action est irréversible.`}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
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
