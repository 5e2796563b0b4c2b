// Configuration card 'Taxe de séjour' (issue 44): the rate as the town sets it (base per
// person and per night, regional and departmental surcharges, shown as the one amount a
// person pays, as it is typed), who collects it, how often and by when it is declared,
// and the town's deliberation. The price engine and the register read it.
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { Field, SelectField } from '~/components/forms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { formatMoney, parseAmount } from '~/lib/money';
import { TouristTaxSettingsSchema } from '~/lib/schemas/tourist-tax';
import { DECLARATION_FREQUENCIES, FREQUENCY_LABELS, touristTaxPerNightCents } from '~/lib/tourist-tax';
import { SaveButton } from './save-button';

export interface TouristTaxValues {
  base: string;
  regionalPercent: number;
  departmentalPercent: number;
  collector: string;
  declarationUrl: string;
  frequency: string;
  dueDay: number;
  deliberation: string;
}

/** A percentage as typed: a whole number from 0 to 100, else null (the form says why on saving). */
function typedPercent(value: unknown): number | null {
  const text = String(value ?? '').trim();
  if (text === '') return 0;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 100 ? n : null;
}

/** « soit 1,34 € par personne et par nuit », from what the fields hold now; null while one is not a figure. */
function perNightLabel(base: unknown, regional: unknown, departmental: unknown): string | null {
  const baseCents = String(base ?? '').trim() === '' ? 0 : parseAmount(String(base));
  const regionalPercent = typedPercent(regional);
  const departmentalPercent = typedPercent(departmental);
  if (typeof baseCents !== 'number' || baseCents < 0 || regionalPercent === null || departmentalPercent === null) return null;
  return `soit ${formatMoney(touristTaxPerNightCents({ baseCents, regionalPercent, departmentalPercent }))} par personne et par nuit`;
}

export function TouristTaxCard({ values }: { values: TouristTaxValues }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'tourist-tax',
    schema: TouristTaxSettingsSchema,
    reply: fetcher.data,
    defaultValue: {
      ...values,
      regionalPercent: String(values.regionalPercent),
      departmentalPercent: String(values.departmentalPercent),
      dueDay: String(values.dueDay),
    },
  });
  const formRef = useFetcherFormGuard(fetcher);
  const saving = fetcher.state !== 'idle';
  const perNight = perNightLabel(fields.base.value, fields.regionalPercent.value, fields.departmentalPercent.value);
  const noSurcharge =
    parseAmount(String(fields.base.value ?? '')) !== 0 &&
    typedPercent(fields.regionalPercent.value) === 0 &&
    typedPercent(fields.departmentalPercent.value) === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Taxe de séjour</h3>
        </CardTitle>
        <CardDescription>
          Le tarif voté par la commune (ou l&apos;intercommunalité) pour les chambres d&apos;hôtes, par personne et par nuit ; les mineurs en sont exonérés
          (CGCT L2333-31). Le devis, le registre et les déclarations l&apos;utilisent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} ref={formRef} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-tourist-tax" />
          <Field
            label="Tarif de base (€ par personne et par nuit)"
            inputProps={{ ...getInputProps(fields.base, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.base.errors}
          />
          <div className="flex items-end pb-2 text-sm font-medium" aria-live="polite" data-testid="tourist-tax-per-night">
            {perNight ?? ''}
          </div>
          <Field
            label="Taxe additionnelle régionale (%)"
            hint="34 % dans les Alpes-Maritimes (CGCT L4332-4)."
            inputProps={{ ...getInputProps(fields.regionalPercent, { type: 'number' }), min: 0, max: 100 }}
            errors={fields.regionalPercent.errors}
          />
          <Field
            label="Taxe additionnelle départementale (%)"
            hint="0 si le département n'en a pas voté (CGCT L3333-1)."
            inputProps={{ ...getInputProps(fields.departmentalPercent, { type: 'number' }), min: 0, max: 100 }}
            errors={fields.departmentalPercent.errors}
          />
          {noSurcharge ? (
            <p className="text-sm text-amber-800 md:col-span-2">
              Aucune taxe additionnelle : vérifiez le tarif de base et les taxes additionnelles publiés par votre collecteur (dans les Alpes-Maritimes, la taxe
              additionnelle régionale de 34 % s&apos;applique).
            </p>
          ) : null}
          <Field
            label="Collecteur"
            hint="Par exemple la communauté d'agglomération."
            inputProps={getInputProps(fields.collector, { type: 'text' })}
            errors={fields.collector.errors}
          />
          <Field label="Site de déclaration" inputProps={getInputProps(fields.declarationUrl, { type: 'url' })} errors={fields.declarationUrl.errors} />
          <SelectField label="Périodicité de la déclaration" selectProps={getSelectProps(fields.frequency)} errors={fields.frequency.errors}>
            {DECLARATION_FREQUENCIES.map((value) => (
              <option key={value} value={value}>
                {FREQUENCY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <Field
            label="Jour limite de déclaration"
            hint="Du mois qui suit la période (1 à 28)."
            inputProps={{ ...getInputProps(fields.dueDay, { type: 'number' }), min: 1, max: 28 }}
            errors={fields.dueDay.errors}
          />
          <Field
            label="Délibération (référence)"
            hint="La délibération qui fixe le tarif, par exemple « DL2025-112 du 26 septembre 2025 »."
            inputProps={getInputProps(fields.deliberation, { type: 'text' })}
            errors={fields.deliberation.errors}
          />
          <div className="md:col-span-2">
            <SaveButton saving={saving} />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
