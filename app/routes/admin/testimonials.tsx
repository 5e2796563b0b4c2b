// 'Livre d'Or' (SPEC §2, §5): moderation of the guest book — search, details,
// edit, publish, favourite (soft limit of 3), delete.
import { useMemo, useState } from 'react';
import { useFetcher, useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { requireAdmin } from '~/.server/auth/permissions';
import { deleteTestimonial, editTestimonial, featureTestimonial, listTestimonials, publishTestimonial } from '~/.server/content/testimonials';
import { ListTable } from '~/components/admin/list-table';
import { adminMeta, EmptyState, LoadError, ScreenHeader, SearchField } from '~/components/admin/screen-kit';
import { ConfirmFeatureDialog, EditDialog, ViewDialog } from '~/components/admin/testimonials/dialogs';
import { TESTIMONIAL_COLUMNS, TestimonialRow, type Testimonial } from '~/components/admin/testimonials/testimonial-row';
import { countryName } from '~/lib/countries';
import {
  DeleteTestimonialSchema,
  EditTestimonialSchema,
  FEATURED_RECOMMENDED_MAX,
  FeatureTestimonialSchema,
  PublishTestimonialSchema,
} from '~/lib/schemas/testimonial-admin';
import type { Route } from './+types/testimonials';

const SCREEN = 'admin/testimonials';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadList(SCREEN, 'Impossible de charger les témoignages', async () => ({ testimonials: await listTestimonials() }), {
    testimonials: [],
  });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'edit':
      return runIntent(formData, {
        screen: SCREEN,
        schema: EditTestimonialSchema,
        failure: 'Impossible de sauvegarder les modifications',
        perform: ({ id, ...values }) => editTestimonial(id, values),
        success: 'Témoignage modifié avec succès',
      });
    case 'publish':
      return runIntent(formData, {
        screen: SCREEN,
        schema: PublishTestimonialSchema,
        failure: 'Impossible de modifier le statut du témoignage',
        perform: ({ id, published }) => publishTestimonial(id, published),
        success: ({ published }) => (published ? 'Témoignage publié' : 'Témoignage dépublié'),
      });
    case 'feature':
      // The recommended maximum of 3 is soft (SPEC §5): the page asks, the server lets the admin proceed.
      return runIntent(formData, {
        screen: SCREEN,
        schema: FeatureTestimonialSchema,
        failure: 'Impossible de modifier le statut favori',
        perform: ({ id, featured }) => featureTestimonial(id, featured),
        success: ({ featured }) => (featured ? 'Témoignage ajouté aux favoris' : 'Témoignage retiré des favoris'),
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeleteTestimonialSchema,
        failure: 'Impossible de supprimer le témoignage',
        perform: ({ id }) => deleteTestimonial(id),
        success: 'Témoignage supprimé',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta("Livre d'Or");

function matchesSearch(t: Testimonial, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.name, t.message, t.email, t.country ?? '', countryName(t.country)].some((field) => field.toLowerCase().includes(q));
}

export default function Testimonials() {
  const { testimonials, loadError } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState('');
  const [viewing, setViewing] = useState<Testimonial | null>(null);
  const [editing, setEditing] = useState<Testimonial | null>(null);
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

      <LoadError message={loadError} />

      {testimonials.length === 0 ? (
        <EmptyState>Aucun témoignage trouvé.</EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState>Aucun témoignage trouvé avec ces critères de recherche</EmptyState>
      ) : (
        <div className="rounded-md md:border md:bg-card">
          <ListTable label="Témoignages" columns={TESTIMONIAL_COLUMNS}>
            {visible.map((t) => (
              <TestimonialRow
                key={t.id}
                testimonial={t}
                onView={() => setViewing(t)}
                onEdit={() => setEditing(t)}
                onToggleFeature={() => toggleFeature(t)}
                featurePending={featureFetcher.state !== 'idle' && featureFetcher.formData?.get('id') === t.id}
              />
            ))}
          </ListTable>
        </div>
      )}

      <ViewDialog testimonial={viewing} onClose={() => setViewing(null)} />
      <EditDialog testimonial={editing} onClose={() => setEditing(null)} />
      <ConfirmFeatureDialog
        open={confirmingFeature !== null}
        onCancel={() => setConfirmingFeature(null)}
        onConfirm={() => {
          if (confirmingFeature) void submitFeature(confirmingFeature, true);
          setConfirmingFeature(null);
        }}
      />
    </section>
  );
}
