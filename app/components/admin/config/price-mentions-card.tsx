// Configuration card 'Prix affichés' (issue 45): what the price includes, said beside every
// price a guest sees — the home cards, the room's rates, the quote and the mails — in the
// guest's language (arrêté du 18 décembre 2015: breakfast and Internet, included or at
// which price).
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field, SelectField } from '~/components/forms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { decimalEuros } from '~/lib/money';
import { PRICE_EXTRA_LABELS, PriceMentionsSchema } from '~/lib/schemas/stay-rules';
import type { PriceMentions } from '~/lib/price-mentions';
import { SaveButton } from './save-button';

export function PriceMentionsCard({ values, preview }: { values: PriceMentions; preview: string }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'price-mentions',
    schema: PriceMentionsSchema,
    reply: fetcher.data,
    defaultValue: {
      breakfast: values.breakfast,
      breakfastPrice: decimalEuros(values.breakfastPriceCents),
      wifi: values.wifi,
      wifiPrice: decimalEuros(values.wifiPriceCents),
    },
  });
  const formRef = useFetcherFormGuard(fetcher);
  const options = Object.entries(PRICE_EXTRA_LABELS).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Prix affichés</h3>
        </CardTitle>
        <CardDescription>
          Ce que comprend le prix, dit à côté de chaque prix (accueil, chambre, devis, e-mails) dans la langue du client. Aujourd&apos;hui : « {preview} ».
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-price-mentions" />
          <SelectField label="Petit-déjeuner" selectProps={getSelectProps(fields.breakfast)} errors={fields.breakfast.errors}>
            {options}
          </SelectField>
          <Field
            label="Prix du petit-déjeuner (€ par personne)"
            hint="Seulement s'il est en supplément."
            inputProps={{ ...getInputProps(fields.breakfastPrice, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.breakfastPrice.errors}
          />
          <SelectField label="Wi-Fi" selectProps={getSelectProps(fields.wifi)} errors={fields.wifi.errors}>
            {options}
          </SelectField>
          <Field
            label="Prix du Wi-Fi (€ par jour)"
            hint="Seulement s'il est en supplément."
            inputProps={{ ...getInputProps(fields.wifiPrice, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.wifiPrice.errors}
          />
          <ErrorList className="md:col-span-2" errors={form.errors} />
          <div className="md:col-span-2">
            <SaveButton saving={fetcher.state !== 'idle'} />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
