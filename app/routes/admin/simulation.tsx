// « Simuler un séjour » (issue 45): the owner picks a room, dates, adults, children and a
// code and reads what the one price engine would quote — its lines, the rules that apply,
// whether the nights are free and each reason a guest could not ask for it. A GET form:
// the simulation is in the URL, works without JavaScript, and changes nothing.
import { Form, useLoaderData } from 'react-router';
import { loadList } from '~/.server/http/admin-screen';
import { parseSimulationQuery, simulateStay } from '~/.server/booking/views/stay-simulation';
import { requireAdmin } from '~/.server/auth/permissions';
import { listRoomCards } from '~/.server/content/rooms';
import { SimulationResult } from '~/components/admin/pricing/simulation-result';
import { adminMeta, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { Field, SelectField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { OWNER_CHAIN } from '~/lib/i18n';
import type { Route } from './+types/simulation';

const SCREEN = 'admin/simulation';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = parseSimulationQuery(new URL(request.url).searchParams);
  return loadList(
    SCREEN,
    'Impossible de simuler le séjour',
    async () => ({
      rooms: (await listRoomCards(OWNER_CHAIN)).map((r) => ({ id: r.id, name: r.name })),
      asked,
      simulation: asked ? await simulateStay(asked) : null,
    }),
    { rooms: [], asked, simulation: null },
  );
}

export const meta = () => adminMeta('Simuler un séjour');

export default function SimulationScreen() {
  const { rooms, asked, simulation, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="simulation-title" className="min-w-0 space-y-6">
      <ScreenHeader
        id="simulation-title"
        title="Simuler un séjour"
        description="Le prix qu'un client verrait pour ce séjour, ligne par ligne, avec les règles qui s'appliquent : saisons, prix selon le nombre de personnes, réductions et code promo."
      />
      <LoadError message={loadError} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Séjour</h3>
          </CardTitle>
          <CardDescription>Rien n&apos;est enregistré : changez une valeur et calculez de nouveau.</CardDescription>
        </CardHeader>
        <CardContent>
          {rooms.length === 0 ? (
            <p className="text-sm text-muted-foreground">Ajoutez d&apos;abord une chambre.</p>
          ) : (
            <Form method="get" preventScrollReset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
              <SelectField label="Chambre" selectProps={{ name: 'room', defaultValue: asked?.roomId ?? rooms[0]!.id, key: `room-${asked?.roomId}` }}>
                {rooms.map((room) => (
                  <option key={room.id} value={room.id}>
                    {room.name}
                  </option>
                ))}
              </SelectField>
              <Field label="Arrivée" inputProps={{ name: 'arrival', type: 'date', required: true, defaultValue: asked?.arrival, key: `a-${asked?.arrival}` }} />
              <Field
                label="Départ"
                inputProps={{ name: 'departure', type: 'date', required: true, defaultValue: asked?.departure, key: `d-${asked?.departure}` }}
              />
              <Field
                label="Code promo"
                inputProps={{ name: 'code', type: 'text', maxLength: 40, autoComplete: 'off', defaultValue: asked?.code ?? '', key: `c-${asked?.code}` }}
              />
              <Field
                label="Adultes"
                inputProps={{
                  name: 'adults',
                  type: 'number',
                  min: 1,
                  max: 10,
                  step: 1,
                  required: true,
                  defaultValue: asked?.adults ?? 2,
                  key: `ad-${asked?.adults}`,
                }}
              />
              <Field
                label="Enfants (moins de 18 ans)"
                inputProps={{ name: 'children', type: 'number', min: 0, max: 9, step: 1, defaultValue: asked?.children ?? 0, key: `ch-${asked?.children}` }}
              />
              <Button type="submit" variant="outline" className="lg:mt-6">
                Calculer le prix
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
      {asked ? (
        <Card role="region" aria-labelledby="simulation-quote-title">
          <CardHeader>
            <CardTitle>
              <h3 id="simulation-quote-title">Devis</h3>
            </CardTitle>
          </CardHeader>
          <CardContent aria-live="polite">
            {simulation ? <SimulationResult simulation={simulation} /> : <p className="text-sm text-destructive">Chambre introuvable</p>}
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}
