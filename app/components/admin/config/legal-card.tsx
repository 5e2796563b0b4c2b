// Configuration card 'Mentions légales': who publishes, who answers for and who hosts
// the site (LCEN art. 6), shown in the public legal notice. Empty mandatory fields
// are flagged beside each field and at the top of the screen (LegalNoticeWarning); the
// public notice falls back to what the site knows or leaves the sentence out.
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { LEGAL_CARD_ID } from '~/components/admin/legal-notice-warning';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { Field, TextareaField } from '~/components/forms';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { LEGAL_FIELD_LABELS, LEGAL_MANDATORY_FIELDS, LegalNoticeSchema, type LegalNoticeInput } from '~/lib/schemas/legal-notice';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export const SAVE_LEGAL_INTENT = 'save-legal';

type LegalValues = { [K in keyof LegalNoticeInput]: string };

export function LegalNoticeCard({ values }: { values: LegalValues }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'legal-notice', schema: LegalNoticeSchema, reply: fetcher.data, defaultValue: values });
  const saving = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  const hint = (name: keyof LegalNoticeInput) =>
    (LEGAL_MANDATORY_FIELDS as readonly string[]).includes(name) && values[name].trim() === '' ? 'Obligatoire : non renseigné' : undefined;
  return (
    <Card id={LEGAL_CARD_ID} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          <h3>Mentions légales</h3>
        </CardTitle>
        <CardDescription>Éditeur, directeur de la publication et hébergeur du site (obligatoires en France, loi LCEN art. 6).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value={SAVE_LEGAL_INTENT} />
          <Field
            label={LEGAL_FIELD_LABELS.legalOwner}
            hint={hint('legalOwner')}
            inputProps={getInputProps(fields.legalOwner, { type: 'text' })}
            errors={fields.legalOwner.errors}
          />
          <Field label={LEGAL_FIELD_LABELS.legalSiret} inputProps={getInputProps(fields.legalSiret, { type: 'text' })} errors={fields.legalSiret.errors} />
          <Field
            label={LEGAL_FIELD_LABELS.publicationDirector}
            hint={hint('publicationDirector')}
            inputProps={getInputProps(fields.publicationDirector, { type: 'text' })}
            errors={fields.publicationDirector.errors}
          />
          <Field
            label={LEGAL_FIELD_LABELS.hostName}
            hint={hint('hostName')}
            inputProps={getInputProps(fields.hostName, { type: 'text' })}
            errors={fields.hostName.errors}
          />
          <TextareaField
            label={LEGAL_FIELD_LABELS.hostAddress}
            hint={hint('hostAddress')}
            textareaProps={{ ...getTextareaProps(fields.hostAddress), rows: 3 }}
            errors={fields.hostAddress.errors}
          />
          <Field
            label={LEGAL_FIELD_LABELS.hostPhone}
            hint={hint('hostPhone')}
            inputProps={getInputProps(fields.hostPhone, { type: 'tel' })}
            errors={fields.hostPhone.errors}
          />
          <div className="md:col-span-2">
            <SaveButton saving={saving} label="Enregistrer les mentions légales" />
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
