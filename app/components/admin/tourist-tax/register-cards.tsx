// The 'Taxe de séjour' screen's blocks (app/routes/admin/tourist-tax.tsx): the period
// picker, the totals a collector's form asks for (printed with the collector and the
// rate), the register's rows, and the declaration (mark declared and paid, or withdraw).
import { getFormProps, getInputProps } from '@conform-to/react';
import { ChevronLeftIcon, ChevronRightIcon, LockIcon, UndoIcon } from 'lucide-react';
import { Form, Link, useFetcher } from 'react-router';
import type { TaxRegisterPage } from '~/.server/booking/views/tourist-tax-register';
import { useAdminForm } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { EmptyState } from '~/components/admin/screen-kit';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { Field, FormAlert } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { DeclareTaxPeriodSchema } from '~/lib/schemas/tourist-tax';

type Page = TaxRegisterPage;

export function PeriodPicker({ page }: { page: Page }) {
  return (
    <div className="flex flex-wrap items-end gap-3 print:hidden">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="space-y-2">
          <Label htmlFor="tourist-tax-period">Période</Label>
          <NativeSelect id="tourist-tax-period" name="period" defaultValue={page.period.key} key={page.period.key}>
            {page.choices.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary">
          Afficher
        </Button>
      </Form>
      <div className="flex gap-2">
        <Button asChild variant="outline">
          <Link to={`?period=${page.period.previous}`}>
            <ChevronLeftIcon aria-hidden="true" />
            Période précédente
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`?period=${page.period.next}`}>
            Période suivante
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}

function status(page: Page): string {
  if (page.declared)
    return `Déclarée et payée le ${page.declared.declaredOn} : ${page.declared.paid}${page.declared.reference ? ` (référence ${page.declared.reference})` : ''}. Registre verrouillé, tel que déclaré.`;
  if (page.overlapping) return `Ces nuits ont été déclarées avec la période « ${page.overlapping} ».`;
  if (!page.period.over) return `Période en cours : elle se déclare à partir du ${page.period.declarableFrom}, au plus tard le ${page.period.due}.`;
  if (page.period.overdue) return `À déclarer et payer : c'était dû le ${page.period.due}.`;
  return `À déclarer et payer au plus tard le ${page.period.due}.`;
}

function Sums({ title, sums, note }: { title: string; sums: Page['totals']['house']; note?: string }) {
  return (
    <div className="space-y-2">
      <h4 className="font-medium">{title}</h4>
      <dl className="grid grid-cols-[1fr_max-content] gap-x-4 gap-y-1 text-sm" aria-label={title}>
        <dt>Séjours</dt>
        <dd className="text-right">{sums.stays}</dd>
        <dt>Nuits</dt>
        <dd className="text-right">{sums.nights}</dd>
        <dt>Nuitées taxées</dt>
        <dd className="text-right">{sums.taxableNights}</dd>
        <dt>Nuitées exonérées</dt>
        <dd className="text-right">{sums.exemptNights}</dd>
        <dt className="font-semibold">Montant</dt>
        <dd className="text-right font-semibold" data-testid={`total-${title.startsWith('Collectée par la maison') ? 'house' : 'platform'}`}>
          {sums.amount}
        </dd>
      </dl>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

export function RegisterTotalsCard({ page }: { page: Page }) {
  const { settings } = page;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Totaux {page.period.of}</h3>
        </CardTitle>
        <CardDescription>{status(page)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-6 md:grid-cols-2">
          <Sums title="Collectée par la maison (à reverser)" sums={page.totals.house} />
          <Sums title="Collectée par les plateformes" sums={page.totals.platform} note="Pour information : la plateforme la reverse elle-même." />
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {page.house.name ? (
            <>
              <dt className="text-muted-foreground">Hébergement</dt>
              <dd>
                {page.house.name}
                {page.house.address ? ` · ${page.house.address.replace(/\n/g, ', ')}` : ''}
              </dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Collecteur</dt>
          <dd>
            {settings.collector || 'non renseigné (Configuration → Taxe de séjour)'}
            {settings.declarationUrl ? (
              <>
                {' · '}
                <a className="underline" href={settings.declarationUrl} target="_blank" rel="noreferrer noopener">
                  {settings.declarationUrl}
                </a>
              </>
            ) : null}
          </dd>
          <dt className="text-muted-foreground">Délibération</dt>
          <dd>{settings.deliberation || '—'}</dd>
          <dt className="text-muted-foreground">Tarif configuré</dt>
          <dd>
            {settings.base} + {settings.regionalPercent} % (régionale) + {settings.departmentalPercent} % (départementale), soit {settings.perNight} par
            personne et par nuit
          </dd>
          <dt className="text-muted-foreground">Déclaration</dt>
          <dd>{settings.frequency}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}

const COLUMNS = ['Arrivée', 'Départ', 'Chambre', 'Nuits', 'Adultes', 'Exonérés', 'Nuitées taxées', 'Nuitées exonérées', 'Tarif', 'Montant', 'Collectée par'];

export function RegisterRows({ page }: { page: Page }) {
  if (page.rows.length === 0) return <EmptyState>Aucun séjour sur cette période</EmptyState>;
  return (
    <div className="relative overflow-x-auto">
      <ListTable label="Registre" columns={COLUMNS.map((label) => ({ label }))}>
        {page.rows.map((r) => (
          <ListRow key={r.id} className={r.kind === 'correction' ? 'bg-amber-50/60' : undefined}>
            <ListCell label="Arrivée">
              <span>
                {r.bookingId ? (
                  <Link className="underline" to={`/admin/booking/${r.bookingId}`}>
                    {r.arrival}
                  </Link>
                ) : (
                  r.arrival
                )}
                {r.note ? <span className="block text-xs text-muted-foreground">{r.note}</span> : null}
              </span>
            </ListCell>
            <ListCell label="Départ">{r.departure}</ListCell>
            <ListCell label="Chambre">{r.room}</ListCell>
            <ListCell label="Nuits">{r.nights}</ListCell>
            <ListCell label="Adultes">{r.adults}</ListCell>
            <ListCell label="Exonérés">{r.exempt}</ListCell>
            <ListCell label="Nuitées taxées">{r.taxableNights}</ListCell>
            <ListCell label="Nuitées exonérées">{r.exemptNights}</ListCell>
            <ListCell label="Tarif">{r.rate}</ListCell>
            <ListCell label="Montant">{r.amount}</ListCell>
            <ListCell label="Collectée par">{r.collectorLabel}</ListCell>
          </ListRow>
        ))}
      </ListTable>
    </div>
  );
}

function DeclareForm({ page }: { page: Page }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `declare-${page.period.key}`,
    schema: DeclareTaxPeriodSchema,
    reply: fetcher.data,
    defaultValue: { period: page.period.key, declaredOn: page.today, paid: page.suggestedPaid },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} ref={formRef} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="intent" value="declare" />
      <input type="hidden" name="period" value={page.period.key} />
      <Field label="Payée le" inputProps={getInputProps(fields.declaredOn, { type: 'date' })} errors={fields.declaredOn.errors} />
      <Field label="Montant payé (€)" inputProps={{ ...getInputProps(fields.paid, { type: 'text' }), inputMode: 'decimal' }} errors={fields.paid.errors} />
      <Field label="Référence (facultatif)" inputProps={getInputProps(fields.reference, { type: 'text' })} errors={fields.reference.errors} />
      <FormAlert errors={form.errors} className="sm:col-span-3" />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          <LockIcon aria-hidden="true" />
          {fetcher.state !== 'idle' ? 'Enregistrement...' : 'Marquer déclarée et payée'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export function DeclarationCard({ page }: { page: Page }) {
  return (
    <Card className="print:hidden">
      <CardHeader>
        <CardTitle>
          <h3>Déclaration</h3>
        </CardTitle>
        <CardDescription>
          Déclarez la période sur le site du collecteur avec les totaux ci-dessus, puis marquez-la ici : son registre est gardé tel que déclaré, et une
          modification ultérieure d&apos;un de ses séjours apparaîtra en correction dans la période ouverte suivante.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {page.canDeclare ? <DeclareForm page={page} /> : <p className="text-sm">{status(page)}</p>}
        {page.declared?.withdrawable ? (
          <ConfirmDelete
            label={`Annuler la déclaration ${page.period.of}`}
            title="Annuler la déclaration ?"
            description="La période redevient ouverte : son registre sera de nouveau calculé d'après les séjours. À faire seulement si elle a été marquée par erreur."
            fields={{ period: page.period.key }}
            intent="withdraw"
            triggerText="Annuler la déclaration"
            icon={<UndoIcon aria-hidden="true" />}
            confirmText="Annuler la déclaration"
            busyText="Annulation..."
          />
        ) : null}
        {page.declarations.length ? (
          <div className="space-y-2">
            <h4 className="font-medium">Périodes déclarées</h4>
            <ul className="divide-y rounded-md border text-sm" aria-label="Périodes déclarées">
              {page.declarations.map((d) => (
                <li key={d.period} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <Link className="inline-flex min-h-11 items-center underline" to={`?period=${d.period}`}>
                    {d.label}
                  </Link>
                  <span className="text-muted-foreground">
                    payée le {d.declaredOn} : {d.paid}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
