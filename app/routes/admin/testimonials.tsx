import { parseWithZod } from '@conform-to/zod/v4';
import { EyeIcon, EyeOffIcon, PencilIcon, SendIcon, StarIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { data, useFetcher, useLoaderData } from 'react-router';
import { requireAdmin } from '~/.server/permissions';
import {
  deleteTestimonial,
  editTestimonial,
  featureTestimonial,
  listTestimonials,
  publishTestimonial,
} from '~/.server/testimonials';
import { toastError, toastSuccess } from '~/.server/toast';
import {
  EmptyState,
  FieldError,
  formatDate,
  replyErrors,
  ScreenHeader,
  SearchField,
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
import { NativeSelect } from '~/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { Textarea } from '~/components/ui/textarea';
import { COUNTRIES, countryName } from '~/lib/countries';
import {
  DeleteTestimonialSchema,
  EditTestimonialSchema,
  FEATURED_CONFIRMATION,
  FEATURED_RECOMMENDED_MAX,
  FeatureTestimonialSchema,
  PublishTestimonialSchema,
} from '~/lib/schemas/testimonial-admin';
import type { Route } from './+types/testimonials';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { testimonials: await listTestimonials(), loadError: null };
  } catch (error) {
    console.error('listTestimonials failed:', error);
    return { testimonials: [], loadError: 'Impossible de charger les témoignages' };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const invalid = (result: unknown) => data({ ok: false, intent, result }, { status: 400 });
  switch (intent) {
    case 'edit': {
      const submission = parseWithZod(formData, { schema: EditTestimonialSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      const { id, ...values } = submission.value;
      try {
        if (!(await editTestimonial(id, values))) {
          return toastError('Impossible de sauvegarder les modifications', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('editTestimonial failed:', error);
        return toastError('Impossible de sauvegarder les modifications', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Témoignage modifié avec succès', { ok: true, intent });
    }
    case 'publish': {
      const submission = parseWithZod(formData, { schema: PublishTestimonialSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await publishTestimonial(submission.value.id, submission.value.published))) {
          return toastError('Impossible de modifier le statut du témoignage', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('publishTestimonial failed:', error);
        return toastError('Impossible de modifier le statut du témoignage', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess(submission.value.published ? 'Témoignage publié' : 'Témoignage dépublié', { ok: true, intent });
    }
    case 'feature': {
      // The recommended maximum of 3 is soft (SPEC §5): the form asks for
      // confirmation, the server lets the admin proceed.
      const submission = parseWithZod(formData, { schema: FeatureTestimonialSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await featureTestimonial(submission.value.id, submission.value.featured))) {
          return toastError('Impossible de modifier le statut favori', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('featureTestimonial failed:', error);
        return toastError('Impossible de modifier le statut favori', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess(
        submission.value.featured ? 'Témoignage ajouté aux favoris' : 'Témoignage retiré des favoris',
        { ok: true, intent },
      );
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteTestimonialSchema });
      if (submission.status !== 'success') return invalid(submission.reply());
      try {
        if (!(await deleteTestimonial(submission.value.id))) {
          return toastError('Impossible de supprimer le témoignage', { ok: false, intent }, { status: 404 });
        }
      } catch (error) {
        console.error('deleteTestimonial failed:', error);
        return toastError('Impossible de supprimer le témoignage', { ok: false, intent }, { status: 500 });
      }
      return toastSuccess('Témoignage supprimé', { ok: true, intent });
    }
    default:
      return data({ ok: false, intent, error: 'Action inconnue' }, { status: 400 });
  }
}

export function meta() {
  return [{ title: "Livre d'Or · Administration" }, { name: 'robots', content: 'noindex' }];
}

type Testimonial = Awaited<ReturnType<typeof loader>>['testimonials'][number];

function matchesSearch(t: Testimonial, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.name, t.message, t.email, t.country ?? '', countryName(t.country)].some((field) =>
    field.toLowerCase().includes(q),
  );
}

export default function Testimonials() {
  const { testimonials, loadError } = useLoaderData<typeof loader>();
  useLoadErrorToast(loadError);
  const [query, setQuery] = useState('');
  const [viewing, setViewing] = useState<Testimonial | null>(null);
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const [confirmingFeature, setConfirmingFeature] = useState<Testimonial | null>(null);
  const featureFetcher = useFetcher<typeof action>();
  const visible = useMemo(() => testimonials.filter((t) => matchesSearch(t, query)), [testimonials, query]);
  const featuredCount = testimonials.filter((t) => t.isFeatured).length;

  const submitFeature = (t: Testimonial, featured: boolean) =>
    featureFetcher.submit({ intent: 'feature', id: t.id, featured: String(featured) }, { method: 'post' });

  const toggleFeature = (t: Testimonial) => {
    if (!t.isFeatured && featuredCount >= FEATURED_RECOMMENDED_MAX) setConfirmingFeature(t);
    else void submitFeature(t, !t.isFeatured);
  };

  return (
    <section aria-labelledby="testimonials-title">
      <ScreenHeader
        id="testimonials-title"
        title="Livre d'Or"
        description="Modérez les témoignages : publication, favoris (affichés sur l'accueil), modification et suppression"
      >
        <SearchField
          id="testimonials-search"
          label="Rechercher un témoignage"
          placeholder="Rechercher par nom, message, email ou pays..."
          value={query}
          onChange={setQuery}
        />
      </ScreenHeader>

      {loadError ? (
        <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {loadError}
        </p>
      ) : null}

      {testimonials.length === 0 ? (
        <EmptyState>Aucun témoignage trouvé.</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState>Aucun témoignage trouvé avec ces critères de recherche</EmptyState>
      ) : (
        <div className="rounded-md border bg-card">
          <Table aria-label="Témoignages">
            <TableHeader>
              <TableRow>
                <TableHead className="hidden md:table-cell">Date</TableHead>
                <TableHead>Nom</TableHead>
                <TableHead className="hidden lg:table-cell">Pays</TableHead>
                <TableHead className="hidden md:table-cell">Message</TableHead>
                <TableHead className="hidden xl:table-cell">Note</TableHead>
                <TableHead>Statut</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((t) => (
                <TestimonialRow
                  key={t.id}
                  testimonial={t}
                  onView={() => setViewing(t)}
                  onEdit={() => setEditing(t)}
                  onDelete={() => setDeleting(t)}
                  onToggleFeature={() => toggleFeature(t)}
                  featurePending={featureFetcher.state !== 'idle' && featureFetcher.formData?.get('id') === t.id}
                />
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <ViewDialog testimonial={viewing} onClose={() => setViewing(null)} />
      <EditDialog testimonial={editing} onClose={() => setEditing(null)} />
      <DeleteDialog testimonial={deleting} onClose={() => setDeleting(null)} />
      <AlertDialog open={confirmingFeature !== null} onOpenChange={(open) => (!open ? setConfirmingFeature(null) : undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Ajouter aux favoris ?</AlertDialogTitle>
            <AlertDialogDescription>{FEATURED_CONFIRMATION}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Annuler</AlertDialogCancel>
            <Button
              type="button"
              onClick={() => {
                if (confirmingFeature) void submitFeature(confirmingFeature, true);
                setConfirmingFeature(null);
              }}
            >
              Ajouter quand même
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function StatusBadges({ testimonial }: { testimonial: Testimonial }) {
  return (
    <div className="flex flex-wrap gap-1">
      {testimonial.isPublished ? <Badge>Publié</Badge> : <Badge variant="secondary">En attente</Badge>}
      {testimonial.isFeatured ? (
        <Badge variant="outline" className="border-amber-500 text-amber-800">
          <StarIcon aria-hidden="true" className="fill-amber-500 text-amber-500" />
          Favori
        </Badge>
      ) : null}
    </div>
  );
}

function TestimonialRow({
  testimonial: t,
  onView,
  onEdit,
  onDelete,
  onToggleFeature,
  featurePending,
}: {
  testimonial: Testimonial;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onToggleFeature: () => void;
  featurePending: boolean;
}) {
  const publishFetcher = useFetcher<typeof action>();
  const publishing = publishFetcher.state !== 'idle';
  return (
    <TableRow>
      <TableCell className="hidden whitespace-nowrap md:table-cell">{formatDate(t.createdAt)}</TableCell>
      <TableCell className="min-w-28 font-medium whitespace-normal">{t.name}</TableCell>
      <TableCell className="hidden lg:table-cell">{countryName(t.country) || '—'}</TableCell>
      <TableCell className="hidden max-w-56 truncate md:table-cell" title={t.message}>
        {t.message}
      </TableCell>
      <TableCell className="hidden xl:table-cell">
        <span aria-hidden="true">{'★'.repeat(t.rating)}</span>
        <span className="sr-only">{t.rating} sur 5</span>
      </TableCell>
      <TableCell>
        <StatusBadges testimonial={t} />
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-0.5">
          <Button type="button" variant="ghost" size="icon" aria-label={`Voir le témoignage de ${t.name}`} onClick={onView}>
            <EyeIcon aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Modifier le témoignage de ${t.name}`} onClick={onEdit}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <publishFetcher.Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="id" value={t.id} />
            <input type="hidden" name="published" value={String(!t.isPublished)} />
            <Button
              type="submit"
              variant="ghost"
              size="icon"
              disabled={publishing}
              aria-label={t.isPublished ? `Dépublier le témoignage de ${t.name}` : `Publier le témoignage de ${t.name}`}
              title={t.isPublished ? 'Dépublier' : 'Publier'}
            >
              {t.isPublished ? <EyeOffIcon aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
            </Button>
          </publishFetcher.Form>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            disabled={featurePending}
            aria-pressed={t.isFeatured}
            aria-label={`Favori : témoignage de ${t.name}`}
            title={t.isFeatured ? 'Retirer des favoris' : 'Ajouter aux favoris'}
            onClick={onToggleFeature}
          >
            <StarIcon aria-hidden="true" className={t.isFeatured ? 'fill-amber-500 text-amber-500' : undefined} />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={`Supprimer le témoignage de ${t.name}`}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

function ViewDialog({ testimonial: t, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  return (
    <Dialog open={t !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Détails du témoignage</DialogTitle>
          <DialogDescription>
            {t ? `Reçu le ${formatDate(t.createdAt)}` : null}
          </DialogDescription>
        </DialogHeader>
        {t ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">Nom</dt>
            <dd>{t.name}</dd>
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{t.email}</dd>
            <dt className="font-medium">Pays</dt>
            <dd>{countryName(t.country) || '—'}</dd>
            <dt className="font-medium">Note</dt>
            <dd>{t.rating} / 5</dd>
            <dt className="font-medium">Statut</dt>
            <dd>
              <StatusBadges testimonial={t} />
            </dd>
            <dt className="font-medium">Message</dt>
            <dd className="whitespace-pre-wrap">{t.message}</dd>
          </dl>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Fermer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function EditDialog({ testimonial: t, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const errors = (field: string) => replyErrors(fetcher.data, field);
  const field = (name: string) => ({
    id: `testimonial-${name}`,
    name,
    'aria-invalid': errors(name) ? true : undefined,
    'aria-describedby': errors(name) ? `testimonial-${name}-error` : undefined,
  });
  return (
    <Dialog open={t !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le témoignage</DialogTitle>
          <DialogDescription>Corrigez le nom, l&apos;email, le pays ou le message.</DialogDescription>
        </DialogHeader>
        {t ? (
          <fetcher.Form method="post" className="space-y-4" key={t.id}>
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={t.id} />
            <div className="space-y-2">
              <Label htmlFor="testimonial-name">Nom</Label>
              <Input {...field('name')} defaultValue={t.name} required maxLength={100} />
              <FieldError id="testimonial-name-error" errors={errors('name')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="testimonial-email">Email</Label>
              <Input {...field('email')} type="email" defaultValue={t.email} required maxLength={254} />
              <FieldError id="testimonial-email-error" errors={errors('email')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="testimonial-country">Pays</Label>
              <NativeSelect {...field('country')} defaultValue={t.country ?? ''}>
                <option value="">Aucun</option>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id="testimonial-country-error" errors={errors('country')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="testimonial-message">Message</Label>
              <Textarea {...field('message')} defaultValue={t.message} required rows={6} maxLength={5000} />
              <FieldError id="testimonial-message-error" errors={errors('message')} />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Annuler
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Enregistrement...' : 'Enregistrer'}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ testimonial: t, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={t !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Supprimer le témoignage</AlertDialogTitle>
          <AlertDialogDescription>
            Êtes-vous sûr de vouloir supprimer le témoignage de {t?.name} ? Cette action est irréversible.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={t?.id ?? ''} />
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
