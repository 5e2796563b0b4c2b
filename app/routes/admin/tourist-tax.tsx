// 'Taxe de séjour' (issue 44): the register (état) of a declaration period — one row per
// stay with nights in it, no identity data —, its totals as the collector's form asks them,
// printable (print stylesheet in app.css) and as CSV; a finished period is marked declared
// and paid, which locks it. The cards live in components/admin/tourist-tax/.
import { PrinterIcon } from 'lucide-react';
import { redirect, useLoaderData } from 'react-router';
import { requireAdmin } from '~/.server/auth/permissions';
import { declareTaxPeriod, withdrawTaxDeclaration } from '~/.server/booking/tourist-tax/declarations';
import { defaultTaxPeriod, readTaxPeriod } from '~/.server/booking/tourist-tax/reminders';
import { loadTaxRegisterPage, type TaxRegisterPage } from '~/.server/booking/views/tourist-tax-register';
import { loadList, runIntent, unknownIntent } from '~/.server/http/admin-screen';
import { adminMeta, CsvExportButton, LoadError, ScreenHeader } from '~/components/admin/screen-kit';
import { DeclarationCard, PeriodPicker, RegisterRows, RegisterTotalsCard } from '~/components/admin/tourist-tax/register-cards';
import { FormAlert } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { DeclareTaxPeriodSchema, WithdrawDeclarationSchema } from '~/lib/schemas/tourist-tax';
import type { Route } from './+types/tourist-tax';

const SCREEN = 'admin/tourist-tax';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  // The period is always in the address: a declaration (which changes the default) keeps the page on its period.
  if (!url.searchParams.has('period')) {
    const period = await defaultTaxPeriod().catch(() => null);
    if (period) throw redirect(`/admin/tourist-tax?period=${period.key}`);
  }
  return loadList(
    SCREEN,
    'Impossible de charger le registre de la taxe de séjour',
    async () => {
      const { period, error } = await readTaxPeriod(url);
      return { page: (await loadTaxRegisterPage(period)) as TaxRegisterPage | null, periodError: error };
    },
    { page: null, periodError: null },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAdmin(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'declare':
      return runIntent(formData, {
        screen: SCREEN,
        schema: DeclareTaxPeriodSchema,
        failure: "Impossible d'enregistrer la déclaration",
        perform: (value) => declareTaxPeriod(value, viewer.email),
        success: 'Période déclarée : son registre est verrouillé',
      });
    case 'withdraw':
      return runIntent(formData, {
        screen: SCREEN,
        schema: WithdrawDeclarationSchema,
        failure: "Impossible d'annuler la déclaration",
        perform: ({ period }) => withdrawTaxDeclaration(period),
        success: 'Déclaration annulée : la période est de nouveau ouverte',
      });
    default:
      return unknownIntent(formData);
  }
}

export const meta = () => adminMeta('Taxe de séjour');

export default function TouristTax() {
  const { page, periodError, loadError } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="tourist-tax-title" className="min-w-0 space-y-6" data-print-sheet>
      <ScreenHeader
        id="tourist-tax-title"
        title="Taxe de séjour"
        description={page ? `Registre ${page.period.of} : nuits du ${page.period.firstNight} au ${page.period.lastNight}` : undefined}
      >
        {page ? (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button type="button" variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Imprimer
            </Button>
            <CsvExportButton href={`/admin/tourist-tax.csv?period=${page.period.key}`} />
          </div>
        ) : null}
      </ScreenHeader>
      <LoadError message={loadError} />
      <FormAlert errors={[periodError]} />
      {page ? (
        <>
          <PeriodPicker page={page} />
          <RegisterTotalsCard page={page} />
          <RegisterRows page={page} />
          <DeclarationCard key={page.period.key} page={page} />
        </>
      ) : null}
    </section>
  );
}
