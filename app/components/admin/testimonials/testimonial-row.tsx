// One testimonial of the Livre d'Or list: its status and its actions (view, edit,
// publish, favourite, delete).
import { EyeIcon, EyeOffIcon, PencilIcon, SendIcon, StarIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow } from '~/components/admin/list-table';
import { formatDate } from '~/components/admin/screen-kit';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { countryName } from '~/lib/countries';

export interface Testimonial {
  id: string;
  name: string;
  email: string;
  country: string | null;
  message: string;
  rating: number;
  createdAt: Date | string;
  isPublished: boolean;
  isFeatured: boolean;
}

export const TESTIMONIAL_COLUMNS = [
  { label: 'Date', className: 'max-md:hidden' },
  { label: 'Nom' },
  { label: 'Pays' },
  { label: 'Message' },
  { label: 'Note', className: 'max-xl:hidden' },
  { label: 'Statut' },
  { label: 'Actions', className: 'text-right' },
];

export function StatusBadges({ testimonial }: { testimonial: Testimonial }) {
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

export function TestimonialRow({
  testimonial: t,
  onView,
  onEdit,
  onToggleFeature,
  featurePending,
}: {
  testimonial: Testimonial;
  onView: () => void;
  onEdit: () => void;
  onToggleFeature: () => void;
  featurePending: boolean;
}) {
  const publishFetcher = useFetcher();
  return (
    <ListRow>
      <ListCell className="whitespace-nowrap max-md:hidden">{formatDate(t.createdAt)}</ListCell>
      <ListCell className="min-w-28 font-medium">{t.name}</ListCell>
      <ListCell label="Pays">{countryName(t.country) || '—'}</ListCell>
      <ListCell className="max-w-56 max-md:max-w-none" title={t.message}>
        <span className="line-clamp-2 md:block md:truncate">{t.message}</span>
      </ListCell>
      <ListCell className="max-xl:hidden">
        <span aria-hidden="true">{'★'.repeat(t.rating)}</span>
        <span className="sr-only">{t.rating} sur 5</span>
      </ListCell>
      <ListCell label="Statut">
        <StatusBadges testimonial={t} />
      </ListCell>
      <ListCell actions>
        <Button type="button" variant="ghost" size="icon" aria-label={`Voir le témoignage de ${t.name}`} title="Voir" onClick={onView}>
          <EyeIcon aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Modifier le témoignage de ${t.name}`} title="Modifier" onClick={onEdit}>
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
            disabled={publishFetcher.state !== 'idle'}
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
        <ConfirmDelete
          label={`Supprimer le témoignage de ${t.name}`}
          title="Supprimer le témoignage"
          description={`Êtes-vous sûr de vouloir supprimer le témoignage de ${t.name} ? Cette action est irréversible.`}
          fields={{ id: t.id }}
        />
      </ListCell>
    </ListRow>
  );
}
