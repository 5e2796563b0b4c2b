// « Codes promo » (issue 45): the house's codes for direct bookings — a percentage or an
// amount off, the days a stay may be asked with it, from how many nights, how many times,
// for which rooms — with their uses so far. Cards in components/admin/promo-codes/.
import { useLoaderData } from 'react-router';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { requireAdmin } from '~/.server/auth/permissions';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from '~/.server/content/promo-codes';
import { listRoomCards } from '~/.server/content/rooms';
import { guesthouseToday } from '~/.server/guesthouse-time';
import { PromoCodeForm, PromoCodeList } from '~/components/admin/promo-codes/cards';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { OWNER_CHAIN } from '~/lib/i18n';
import { CreatePromoCodeSchema, DeletePromoCodeSchema, UpdatePromoCodeSchema } from '~/lib/schemas/promo-code';
import type { Route } from './+types/promo-codes';

const SCREEN = 'admin/promo-codes';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const today = guesthouseToday();
  return loadList(
    SCREEN,
    'Impossible de charger les codes promo',
    async () => ({
      codes: await listPromoCodes(),
      rooms: (await listRoomCards(OWNER_CHAIN)).map((r) => ({ id: r.id, name: r.name })),
      today,
    }),
    { codes: [], rooms: [], today },
  );
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'create':
      return runIntent(formData, {
        screen: SCREEN,
        schema: CreatePromoCodeSchema,
        failure: "Impossible d'ajouter le code promo",
        perform: (input) => createPromoCode(input),
        success: (input) => `Code ${input.code} ajouté`,
      });
    case 'update':
      return runIntent(formData, {
        screen: SCREEN,
        schema: UpdatePromoCodeSchema,
        failure: 'Impossible de modifier le code promo',
        perform: ({ id, ...input }) => updatePromoCode(id, input),
        success: (input) => `Code ${input.code} modifié`,
      });
    case 'delete':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeletePromoCodeSchema,
        failure: 'Impossible de supprimer le code promo',
        perform: ({ id }) => deletePromoCode(id),
        success: 'Code promo supprimé',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Codes promo');

export default function PromoCodes() {
  const { codes, rooms, today, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="promo-codes-title" className="min-w-0 space-y-6">
      <ScreenHeader
        id="promo-codes-title"
        title="Codes promo"
        description="Des réductions pour les réservations directes : le client saisit le code dans le formulaire de réservation. Elles s'appliquent après la réduction séjour long, jamais à la taxe de séjour."
      />
      <LoadError message={loadError} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Ajouter un code</h3>
          </CardTitle>
          <CardDescription>
            Le code s&apos;écrit sans espace ni accent (un client qui tape « été 26 » trouve ETE26). Valable pour les demandes faites entre les deux dates.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PromoCodeForm rooms={rooms} today={today} />
        </CardContent>
      </Card>
      <PromoCodeList codes={codes} rooms={rooms} today={today} />
    </section>
  );
}
