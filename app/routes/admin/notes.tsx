// « Factures » (issue 52): the register of the notes and credit notes of a year, in number
// order, each downloadable as the PDF it was issued as, and the year as CSV for the
// accountant. Notes are issued from a booking's page (or at check-out, by themselves).
import { DownloadIcon } from 'lucide-react';
import { Form, Link, useLoaderData } from 'react-router';
import { loadList } from '~/.server/http/admin-screen';
import { loadNotesRegister, readNotesYear } from '~/.server/booking/views/notes-register';
import { requireAdmin } from '~/.server/auth/permissions';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { adminMeta, CsvExportButton, EmptyState, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { FormAlert } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import type { Route } from './+types/notes';

const SCREEN = 'admin/notes';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { year, error } = readNotesYear(new URL(request.url));
  const loaded = await loadList(SCREEN, 'Impossible de charger les factures', () => loadNotesRegister(year), { rows: [], total: '0 €', issuerMissing: [] });
  return { ...loaded, year, yearError: error };
}

export const meta = () => adminMeta('Factures');

export default function Notes() {
  const { rows, total, issuerMissing, year, yearError, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="notes-title" className="min-w-0 space-y-6">
      <ScreenHeader id="notes-title" title="Factures" description={`Factures et avoirs émis en ${year}, dans l'ordre de leurs numéros`}>
        <CsvExportButton href={`/admin/notes.csv?year=${year}`} />
      </ScreenHeader>
      <LoadError message={loadError} />
      <FormAlert errors={[yearError]} />
      {issuerMissing.length ? (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Vos factures doivent porter votre identité : renseignez {issuerMissing.join(' et ')} dans Configuration → Mentions légales. Les factures déjà émises
          ne changent pas.
        </p>
      ) : null}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="space-y-2">
          <Label htmlFor="notes-year">Année</Label>
          <Input id="notes-year" name="year" type="number" min={2000} defaultValue={year} className="w-28" />
        </div>
        <Button type="submit" variant="secondary">
          Afficher
        </Button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState>Aucune facture émise cette année</EmptyState>
      ) : (
        <>
          <ListTable label="Factures" columns={['Numéro', 'Type', 'Date', 'Client', 'Séjour', 'Taxe de séjour', 'Montant', 'PDF'].map((label) => ({ label }))}>
            {rows.map((r) => (
              <ListRow key={r.id}>
                <ListCell label="Numéro">{r.number}</ListCell>
                <ListCell label="Type">{r.credits ? `${r.kind} (annule ${r.credits})` : r.kind}</ListCell>
                <ListCell label="Date">{r.issuedOn}</ListCell>
                <ListCell label="Client">
                  {r.bookingId ? (
                    <Link className="underline" to={`/admin/booking/${r.bookingId}`}>
                      {r.guestName}
                    </Link>
                  ) : (
                    r.guestName
                  )}
                </ListCell>
                <ListCell label="Séjour">
                  {r.stay} · {r.reference}
                </ListCell>
                <ListCell label="Taxe de séjour">{r.tax}</ListCell>
                <ListCell label="Montant">{r.amount}</ListCell>
                <ListCell label="PDF">
                  <a className="inline-flex min-h-11 items-center gap-1 underline" href={r.href} download>
                    <DownloadIcon aria-hidden="true" className="size-4" />
                    <span>
                      Télécharger
                      <span className="sr-only">
                        {' '}
                        {r.kind.toLowerCase()} {r.number}
                      </span>
                    </span>
                  </a>
                </ListCell>
              </ListRow>
            ))}
          </ListTable>
          <p className="text-sm">
            Total de l&apos;année (avoirs déduits, taxe de séjour comprise) : <strong>{total}</strong>
          </p>
        </>
      )}
    </section>
  );
}
