// Configuration card « Acompte, virement et factures » (issue 52): the deposit's legal
// nature with what it means on cancellation, the account a deposit is transferred to (the
// IBAN whole here only: it is the owner's own form), the deposit's deadline, the balance
// reminder, and VAT on the notes.
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { Field, SelectField } from '~/components/forms';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { DEPOSIT_NATURE_MEANING, VAT_FRANCHISE_MENTION } from '~/lib/money-terms';
import { MoneyTermsSchema } from '~/lib/schemas/money-terms';

export interface MoneyTermsValues {
  depositNature: string;
  depositDueDays: number;
  balanceReminderDays: number;
  bankHolder: string;
  bankIban: string;
  bankBic: string;
  vatMode: string;
  vatRate: string;
}

export function MoneyTermsCard({ values }: { values: MoneyTermsValues }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'money-terms',
    schema: MoneyTermsSchema,
    reply: fetcher.data,
    defaultValue: { ...values, depositDueDays: String(values.depositDueDays), balanceReminderDays: String(values.balanceReminderDays) },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Acompte, virement et factures</h3>
        </CardTitle>
        <CardDescription>
          La nature de l&apos;acompte figure sur le devis, la confirmation et les factures ; le compte reçoit les virements des clients, qui citent la référence
          de leur réservation.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-money-terms" />
          <div className="space-y-2 md:col-span-2">
            <SelectField label="Nature de l'acompte" selectProps={getSelectProps(fields.depositNature)} errors={fields.depositNature.errors}>
              <option value="arrhes">Arrhes</option>
              <option value="acompte">Acompte</option>
            </SelectField>
            <p className="text-sm text-muted-foreground">{DEPOSIT_NATURE_MEANING.arrhes}</p>
            <p className="text-sm text-muted-foreground">{DEPOSIT_NATURE_MEANING.acompte}</p>
          </div>
          <Field
            label="Délai de paiement de l'acompte (jours après la confirmation)"
            inputProps={{ ...getInputProps(fields.depositDueDays, { type: 'number' }), min: 1, max: 90 }}
            errors={fields.depositDueDays.errors}
          />
          <Field
            label="Rappel du solde (jours avant l'arrivée)"
            inputProps={{ ...getInputProps(fields.balanceReminderDays, { type: 'number' }), min: 0, max: 90 }}
            errors={fields.balanceReminderDays.errors}
          />
          <Field label="Titulaire du compte" inputProps={getInputProps(fields.bankHolder, { type: 'text' })} errors={fields.bankHolder.errors} />
          <Field
            label="IBAN"
            inputProps={{ ...getInputProps(fields.bankIban, { type: 'text' }), autoComplete: 'off', spellCheck: false }}
            errors={fields.bankIban.errors}
          />
          <Field label="BIC" inputProps={{ ...getInputProps(fields.bankBic, { type: 'text' }), autoComplete: 'off' }} errors={fields.bankBic.errors} />
          <SelectField label="TVA sur les factures" selectProps={getSelectProps(fields.vatMode)} errors={fields.vatMode.errors}>
            <option value="franchise">{VAT_FRANCHISE_MENTION}</option>
            <option value="rate">Assujetti à la TVA</option>
          </SelectField>
          <Field
            label="Taux de TVA (%)"
            hint="Utilisé si vous êtes assujetti (10 % pour l'hébergement)."
            inputProps={{ ...getInputProps(fields.vatRate, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.vatRate.errors}
          />
          <div className="md:col-span-2">
            <SaveButton saving={fetcher.state !== 'idle'} />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
