// Configuration card 'Séjour et paiements' (issue 35): deposit, balance due date,
// check-in and check-out times, cancellation terms in the editing language.
// The price engine reads the figures; the guest's confirmation carries all of them.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { RichTextField } from '~/components/admin/rich-text-editor';
import { Field } from '~/components/forms';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { StayTermsSchema } from '~/lib/schemas/stay-terms';

export interface StayTermsValues {
  depositPercent: number;
  balanceDueDays: number;
  checkInTime: string;
  checkOutTime: string;
  cancellationTerms: string;
}

export function StayTermsCard({ values, language, languageName }: { values: StayTermsValues; language: string; languageName: string }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `stay-terms-${language}`,
    schema: StayTermsSchema,
    reply: fetcher.data,
    defaultValue: {
      ...values,
      depositPercent: String(values.depositPercent),
      balanceDueDays: String(values.balanceDueDays),
    },
  });
  const saving = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Séjour et paiements</h3>
        </CardTitle>
        <CardDescription>
          Acompte et solde : le devis, les demandes et les confirmations les calculent (la taxe de séjour a sa propre carte). Conditions d&apos;annulation en{' '}
          {languageName} ({language}).
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-stay-terms" />
          <Field
            label="Acompte (% du prix des nuits)"
            inputProps={{ ...getInputProps(fields.depositPercent, { type: 'number' }), min: 0, max: 100 }}
            errors={fields.depositPercent.errors}
          />
          <Field
            label="Solde dû (jours avant l'arrivée)"
            inputProps={{ ...getInputProps(fields.balanceDueDays, { type: 'number' }), min: 0, max: 365 }}
            errors={fields.balanceDueDays.errors}
          />
          <Field label="Arrivée à partir de" inputProps={getInputProps(fields.checkInTime, { type: 'time' })} errors={fields.checkInTime.errors} />
          <Field label="Départ avant" inputProps={getInputProps(fields.checkOutTime, { type: 'time' })} errors={fields.checkOutTime.errors} />
          <div className="md:col-span-2" data-text-field="cancellationTerms">
            <RichTextField label="Conditions d'annulation" meta={fields.cancellationTerms} defaultValue={values.cancellationTerms} />
          </div>
          <div className="md:col-span-2">
            <SaveButton saving={saving} />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
