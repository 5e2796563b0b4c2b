// Configuration card 'Mentions légales': who publishes the site (a person or a company,
// with its contact details), who directs its publication, who hosts it (LCEN art. 6 III)
// and the consumer mediator (Code de la consommation L616-1). Each field the law still
// requires says so beside it, as the warning at the top of the screen lists them
// (LegalNoticeWarning); the public notice shows only what is filled.
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { LEGAL_CARD_ID } from '~/components/admin/legal-notice-warning';
import { useAdminForm } from '~/components/admin/admin-form';
import { Field, RadioGroupField, TextareaField } from '~/components/forms';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import {
  LEGAL_FIELD_LABELS,
  LegalNoticeSchema,
  missingLegalFields,
  PUBLISHER_STATUS_LABELS,
  PUBLISHER_STATUSES,
  type LegalNotice,
  type PublisherStatus,
  type SiteContact,
} from '~/lib/schemas/legal-notice';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

const REQUIRED = 'Obligatoire : non renseigné';

export function LegalNoticeCard({ values, site }: { values: LegalNotice; site: SiteContact }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'legal-notice', schema: LegalNoticeSchema, reply: fetcher.data, defaultValue: values });
  const [status, setStatus] = useState<PublisherStatus>(values.publisherStatus);
  const saving = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  const missing = new Set<string>(missingLegalFields({ ...values, publisherStatus: status }, site).map((m) => m.field));
  const hint = (name: string) => (missing.has(name) ? REQUIRED : undefined);
  // The publisher's contact details default to the site's own (Configuration générale).
  const contactHint = (name: 'publisherAddress' | 'publisherPhone' | 'publisherEmail', siteValue: string) =>
    hint(name) ?? (values[name].trim() === '' && siteValue.trim() ? `Vide : celui du site (${siteValue.replace(/\s*\n\s*/g, ', ')})` : undefined);
  const text = (
    name: keyof Omit<LegalNotice, 'publisherStatus' | 'publisherAddress' | 'hostAddress'>,
    type: 'text' | 'tel' | 'email' | 'url' = 'text',
    extraHint?: string,
  ) => (
    <Field label={LEGAL_FIELD_LABELS[name]} hint={hint(name) ?? extraHint} inputProps={getInputProps(fields[name], { type })} errors={fields[name].errors} />
  );
  return (
    <Card id={LEGAL_CARD_ID} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>
          <h3>Mentions légales</h3>
        </CardTitle>
        <CardDescription>
          Éditeur, directeur de la publication et hébergeur du site (loi LCEN, art. 6), et médiateur de la consommation (Code de la consommation, art. L616-1).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-6">
          <input type="hidden" name="intent" value="save-legal" />
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 font-semibold">Éditeur du site</legend>
            <RadioGroupField
              className="md:col-span-2"
              label={LEGAL_FIELD_LABELS.publisherStatus}
              name={fields.publisherStatus.name}
              defaultValue={values.publisherStatus}
              onChange={setStatus}
              errors={fields.publisherStatus.errors}
              options={PUBLISHER_STATUSES.map((value) => ({
                value,
                label: PUBLISHER_STATUS_LABELS[value],
                description:
                  value === 'individual'
                    ? 'Vous exploitez la maison d’hôtes en votre nom : vos nom et prénom.'
                    : 'Une société exploite la maison d’hôtes : sa raison sociale, sa forme, son capital et son immatriculation.',
              }))}
            />
            {text('legalOwner')}
            {status === 'company' ? (
              <>
                {text('legalForm')}
                {text('shareCapital', 'text', 'Par exemple : 10 000 €')}
              </>
            ) : null}
            {text('legalRcs', 'text', status === 'company' ? hint('registration') : 'Si vous êtes immatriculé au registre du commerce')}
            {text('legalSiret', 'text', status === 'company' ? hint('registration') : 'Si vous en avez un')}
            <TextareaField
              label={status === 'company' ? 'Adresse du siège social' : LEGAL_FIELD_LABELS.publisherAddress}
              hint={contactHint('publisherAddress', site.address)}
              textareaProps={{ ...getTextareaProps(fields.publisherAddress), rows: 3 }}
              errors={fields.publisherAddress.errors}
            />
            <div className="space-y-4">
              <Field
                label={LEGAL_FIELD_LABELS.publisherPhone}
                hint={contactHint('publisherPhone', site.phone)}
                inputProps={getInputProps(fields.publisherPhone, { type: 'tel' })}
                errors={fields.publisherPhone.errors}
              />
              <Field
                label={LEGAL_FIELD_LABELS.publisherEmail}
                hint={contactHint('publisherEmail', site.email)}
                inputProps={getInputProps(fields.publisherEmail, { type: 'email' })}
                errors={fields.publisherEmail.errors}
              />
            </div>
            {text('publicationDirector', 'text', 'Le plus souvent, l’exploitant lui-même')}
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 font-semibold">Hébergeur du site</legend>
            {text('hostName')}
            {text('hostPhone', 'tel')}
            <TextareaField
              label={LEGAL_FIELD_LABELS.hostAddress}
              hint={hint('hostAddress')}
              textareaProps={{ ...getTextareaProps(fields.hostAddress), rows: 3 }}
              errors={fields.hostAddress.errors}
            />
          </fieldset>
          <fieldset className="grid gap-4 md:grid-cols-2">
            <legend className="mb-2 font-semibold">Médiation de la consommation</legend>
            {text('mediatorName', 'text', 'Le médiateur auquel vous adhérez, par exemple celui de votre fédération')}
            {text('mediatorUrl', 'url')}
          </fieldset>
          <SaveButton saving={saving} label="Enregistrer les mentions légales" />
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
