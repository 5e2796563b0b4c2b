import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import { createLanguage, deleteLanguage, listLanguages, moveLanguage, updateLanguage } from '~/.server/languages';
import { requireAdmin } from '~/.server/permissions';
import { toastError, toastSuccess } from '~/.server/toast';
import {
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
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import {
  CreateLanguageSchema,
  DeleteLanguageSchema,
  MoveLanguageSchema,
  UpdateLanguageSchema,
} from '~/lib/schemas/language';
import type { Route } from './+types/languages';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { languages: await listLanguages(), loadError: null };
  } catch (error) {
    console.error('listLanguages failed:', error);
    return { languages: [], loadError: 'Impossible de charger les langues' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const invalid = (result: unknown) => data({ ok: false, intent, result }, { status: 400 });
  switch (intent) {
    case 'create':
    case 'update': {
      const submission =
        intent === 'create'
          ? parseWithZod(formData, { schema: CreateLanguageSchema })
          : parseWithZod(formData, { schema: UpdateLanguageSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      let outcome;
      try {
        const value = submission.value;
        outcome = 'code' in value ? await createLanguage(value) : await updateLanguage(value.id, value);
      } catch (error) {
        console.error('saving a language failed:', error);
        return toastError('Impossible de sauvegarder la langue', { ok: false, intent }, { status: 500 });
      }
      // SPEC §8: the server's message is shown when there is one.
      if (!outcome.ok) return toastError(outcome.message, { ok: false, intent, result: submission.reply({ formErrors: [outcome.message] }) });
      return toastSuccess(intent === 'create' ? 'Langue créée avec succès' : 'Langue modifiée avec succès', { ok: true, intent });
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteLanguageSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      let outcome;
      try {
        outcome = await deleteLanguage(submission.value.id);
      } catch (error) {
        console.error('deleteLanguage failed:', error);
        return toastError('Impossible de supprimer la langue', { ok: false, intent }, { status: 500 });
      }
      if (!outcome.ok) return toastError(outcome.message, { ok: false, intent });
      return toastSuccess('Langue supprimée avec succès', { ok: true, intent });
    }
    case 'move': {
      const submission = parseWithZod(formData, { schema: MoveLanguageSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await moveLanguage(submission.value.id, submission.value.direction))) {
          return toastError('Impossible de réorganiser les langues', { ok: false, intent });
        }
      } catch (error) {
        console.error('moveLanguage failed:', error);
        return toastError('Impossible de réorganiser les langues', { ok: false, intent }, { status: 500 });
      }
      return data({ ok: true, intent });
    }
    default:
      return data({ ok: false, intent, error: 'Action inconnue' }, { status: 400 });
  }
}

export function meta() {
  return [{ title: 'Langues · Administration' }, { name: 'robots', content: 'noindex' }];
}

type Language = Awaited<ReturnType<typeof loader>>['languages'][number];

export default function Languages() {
  const { languages, loadError } = useLoaderData<typeof loader>();
  useLoadErrorToast(loadError);
  const [dialog, setDialog] = useState<{ mode: 'create' } | { mode: 'edit'; language: Language } | null>(null);
  const [deleting, setDeleting] = useState<Language | null>(null);
  const moveFetcher = useFetcher<typeof action>();
  const moving = moveFetcher.state !== 'idle';

  return (
    <section aria-labelledby="languages-title">
      <ScreenHeader
        id="languages-title"
        title="Gestion des Langues"
        description="Langues proposées sur le site et pour la saisie du contenu"
      >
        <Button type="button" onClick={() => setDialog({ mode: 'create' })}>
          <PlusIcon aria-hidden="true" />
          Ajouter une langue
        </Button>
      </ScreenHeader>

      {loadError ? (
        <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {loadError}
        </p>
      ) : null}

      <div className="rounded-md border bg-card">
        <Table aria-label="Langues">
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Nom</TableHead>
              <TableHead>Active</TableHead>
              <TableHead>Par défaut</TableHead>
              <TableHead className="hidden sm:table-cell">Position</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {languages.map((language, index) => (
              <TableRow key={language.id}>
                <TableCell className="font-mono">{language.code}</TableCell>
                <TableCell className="font-medium">{language.name}</TableCell>
                <TableCell>
                  {language.isActive ? <Badge>Active</Badge> : <Badge variant="secondary">Inactive</Badge>}
                </TableCell>
                <TableCell>{language.isDefault ? <Badge variant="outline">Par défaut</Badge> : null}</TableCell>
                <TableCell className="hidden sm:table-cell">{index + 1}</TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={index === 0 || moving}
                      aria-label={`Monter ${language.name}`}
                      onClick={() =>
                        moveFetcher.submit({ intent: 'move', id: language.id, direction: 'up' }, { method: 'post' })
                      }
                    >
                      <ArrowUpIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      disabled={index === languages.length - 1 || moving}
                      aria-label={`Descendre ${language.name}`}
                      onClick={() =>
                        moveFetcher.submit({ intent: 'move', id: language.id, direction: 'down' }, { method: 'post' })
                      }
                    >
                      <ArrowDownIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Modifier ${language.name}`}
                      onClick={() => setDialog({ mode: 'edit', language })}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      disabled={language.isDefault}
                      title={language.isDefault ? 'La langue par défaut ne peut pas être supprimée' : undefined}
                      aria-label={`Supprimer ${language.name}`}
                      onClick={() => setDeleting(language)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <LanguageDialog state={dialog} onClose={() => setDialog(null)} />
      <DeleteLanguageDialog language={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function LanguageDialog({
  state,
  onClose,
}: {
  state: { mode: 'create' } | { mode: 'edit'; language: Language } | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const editing = state?.mode === 'edit' ? state.language : null;
  const errors = (field: string) => replyErrors(fetcher.data, field);
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier la langue' : 'Nouvelle langue'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Le code ne peut pas être modifié.' : 'Code ISO 639-1 (2 ou 3 lettres) et nom de la langue.'}
          </DialogDescription>
        </DialogHeader>
        {state ? (
          <fetcher.Form method="post" className="space-y-4" key={editing?.id ?? 'new'}>
            <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            <div className="space-y-2">
              <Label htmlFor="language-code">Code ISO</Label>
              <Input
                id="language-code"
                name={editing ? undefined : 'code'}
                defaultValue={editing?.code ?? ''}
                disabled={editing !== null}
                placeholder="ex : it"
                maxLength={3}
                autoComplete="off"
                aria-invalid={errors('code') ? true : undefined}
                aria-describedby={errors('code') ? 'language-code-error' : undefined}
              />
              <FieldError id="language-code-error" errors={errors('code')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="language-name">Nom</Label>
              <Input
                id="language-name"
                name="name"
                defaultValue={editing?.name ?? ''}
                placeholder="ex : Italiano"
                maxLength={50}
                aria-invalid={errors('name') ? true : undefined}
                aria-describedby={errors('name') ? 'language-name-error' : undefined}
              />
              <FieldError id="language-name-error" errors={errors('name')} />
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="language-active" name="isActive" defaultChecked={editing?.isActive ?? true} />
              <Label htmlFor="language-active">Active</Label>
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="language-default" name="isDefault" defaultChecked={editing?.isDefault ?? false} />
              <Label htmlFor="language-default">Langue par défaut</Label>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Enregistrement...' : editing ? 'Enregistrer' : 'Créer'}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeleteLanguageDialog({ language, onClose }: { language: Language | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={language !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Supprimer la langue</AlertDialogTitle>
          <AlertDialogDescription>
            Êtes-vous sûr de vouloir supprimer la langue {language?.name} ({language?.code}) ?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={language?.id ?? ''} />
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
