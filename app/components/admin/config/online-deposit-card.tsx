// Configuration card 'Paiement en ligne de l'acompte' (issue 36): on/off and the payment
// window in hours. Shown only when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { CheckboxField, Field } from '~/components/forms';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { OnlineDepositSchema } from '~/lib/schemas/online-deposit';

export function OnlineDepositCard({ values }: { values: { enabled: boolean; paymentWindowHours: number } }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'online-deposit',
    schema: OnlineDepositSchema,
    reply: fetcher.data,
    defaultValue: { enabled: values.enabled ? 'on' : undefined, paymentWindowHours: String(values.paymentWindowHours) },
  });
  const saving = fetcher.state !== 'idle';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Paiement en ligne de l&apos;acompte</h3>
        </CardTitle>
        <CardDescription>
          Quand vous acceptez une demande, le client reçoit un lien pour régler l&apos;acompte par carte (Stripe) ; ses nuits lui sont réservées pendant le
          délai de paiement, puis libérées s&apos;il n&apos;a pas payé.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-online-deposit" />
          <div className="md:col-span-2">
            <CheckboxField
              label="Paiement en ligne de l'acompte"
              inputProps={getInputProps(fields.enabled, { type: 'checkbox' })}
              errors={fields.enabled.errors}
            />
          </div>
          <Field
            label="Délai de paiement (heures)"
            inputProps={{ ...getInputProps(fields.paymentWindowHours, { type: 'number' }), min: 1, max: 720 }}
            errors={fields.paymentWindowHours.errors}
          />
          <div className="md:col-span-2">
            <SaveButton saving={saving} />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
