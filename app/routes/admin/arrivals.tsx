// 'Arrivées' (issue 35): the arrivals of a period, to print (print stylesheet in
// app.css: the shell disappears on paper) or to export as CSV.
import { PrinterIcon } from 'lucide-react';
import { Form, Link, useLoaderData } from 'react-router';
import { loadList } from '~/.server/http/admin-screen';
import { loadArrivals, readArrivalsPeriod } from '~/.server/booking/views/today';
import { requireAdmin } from '~/.server/auth/permissions';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { adminMeta, CsvExportButton, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { FormAlert } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { depositLabel } from '~/lib/stays';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { Route } from './+types/arrivals';

const SCREEN = 'admin/arrivals';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = readArrivalsPeriod(new URL(request.url));
  const loaded = await loadList(SCREEN, 'Impossible de charger les arrivées', async () => ({ rows: await loadArrivals(period.from, period.to) }), { rows: [] });
  return { ...loaded, from: period.from, to: period.to, periodError: period.error };
}

export const meta = () => adminMeta('Arrivées');

export default function Arrivals() {
  const { rows, from, to, periodError, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="arrivals-title" className="min-w-0 space-y-6" data-print-sheet>
      <ScreenHeader
        id="arrivals-title"
        title="Arrivées"
        description={`Du ${from.split('-').reverse().join('/')} au ${to.split('-').reverse().join('/')} (départ exclu)`}
      >
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" />
            Imprimer
          </Button>
          <CsvExportButton href={`/admin/arrivals.csv?from=${from}&to=${to}`} />
        </div>
      </ScreenHeader>
      <LoadError message={loadError} />
      <FormAlert errors={[periodError]} />
      <Form method="get" className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="space-y-2">
          <Label htmlFor="arrivals-from">Du</Label>
          <Input id="arrivals-from" name="from" type="date" defaultValue={from} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="arrivals-to">Au</Label>
          <Input id="arrivals-to" name="to" type="date" defaultValue={to} />
        </div>
        <Button type="submit" variant="secondary">
          Afficher
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState>Aucune arrivée sur cette période</EmptyState>
      ) : (
        <ListTable
          label="Arrivées"
          columns={['Arrivée', 'Chambre', 'Client', 'Téléphone', 'Nuits', 'Personnes', 'Reste à payer', 'Acompte'].map((label) => ({ label }))}
        >
          {rows.map((r) => (
            <ListRow key={r.id}>
              <ListCell label="Arrivée">{r.arrivalFr}</ListCell>
              <ListCell label="Chambre">{r.room}</ListCell>
              <ListCell label="Client">
                <Link className="underline" to={`/admin/booking/${r.id}`}>
                  {r.guestName}
                </Link>
              </ListCell>
              <ListCell label="Téléphone">{r.guestPhone ?? '—'}</ListCell>
              <ListCell label="Nuits">{r.nights}</ListCell>
              <ListCell label="Personnes">{r.guests}</ListCell>
              <ListCell label="Reste à payer">{r.outstanding}</ListCell>
              <ListCell label="Acompte">{depositLabel(r.deposit)}</ListCell>
            </ListRow>
          ))}
        </ListTable>
      )}
    </section>
  );
}
