// 'Configuration générale' (SPEC §2): name, tagline and stay terms in the editing
// language; contact email, phones, address and links; hero images once saved.
import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { ImageUploader } from '~/components/admin/image-uploader';
import { RichTextField } from '~/components/admin/rich-text-editor';
import { TranslatableField } from '~/components/admin/translation-field';
import { useUnsavedChangesGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { SiteConfigSchema } from '~/lib/schemas/site-config';
import type { SiteConfigForEditing } from './types';

const LINKS = [
  { name: 'instagramLink', label: 'Lien Instagram', placeholder: 'https://instagram.com/…' },
  { name: 'bookingLink', label: 'Lien Booking', placeholder: 'https://booking.com/…' },
  { name: 'airbnbLink', label: 'Lien Airbnb', placeholder: 'https://airbnb.fr/…' },
  { name: 'tripadvisorLink', label: 'Lien TripAdvisor', placeholder: 'https://tripadvisor.fr/…' },
] as const;

export function GeneralCard({
  config,
  language,
  languageName,
  review,
}: {
  config: SiteConfigForEditing;
  language: string;
  languageName: string;
  /** Fields whose translation is "à revoir". */
  review: readonly string[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Configuration générale</h3>
        </CardTitle>
        <CardDescription>
          Nom, slogan et modalités sont enregistrés dans la langue d&apos;édition : {languageName} ({language})
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <GeneralForm key={language} config={config} review={review} />
        <div className="space-y-2 border-t pt-6">
          <h4 className="text-sm font-medium">Images d&apos;accueil</h4>
          {config.exists ? (
            <ImageUploader target={{ kind: 'hero' }} images={config.heroImages} />
          ) : (
            <p className="text-sm text-muted-foreground">Veuillez d&apos;abord sauvegarder la configuration pour pouvoir ajouter des images d&apos;accueil.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function GeneralForm({ config, review }: { config: SiteConfigForEditing; review: readonly string[] }) {
  const fetcher = useFetcher();
  const saving = fetcher.state !== 'idle';
  const [form, fields] = useAdminForm({
    id: 'site-config',
    schema: SiteConfigSchema,
    reply: fetcher.data,
    defaultValue: { ...config, phones: config.phones.length ? config.phones : [''] },
  });
  const phones = fields.phones.getFieldList();
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, fetcher.data, fetcher.state === 'idle');
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save-config" />
      <div className="grid gap-4 md:grid-cols-2">
        <TranslatableField field="name" review={review}>
          <Field label="Nom du site" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: 200 }} errors={fields.name.errors} />
        </TranslatableField>
        <TranslatableField field="tagline" review={review}>
          <Field label="Slogan" inputProps={{ ...getInputProps(fields.tagline, { type: 'text' }), maxLength: 300 }} errors={fields.tagline.errors} />
        </TranslatableField>
      </div>
      <Field
        label="Email de contact principal"
        inputProps={{ ...getInputProps(fields.contactEmail, { type: 'email' }), maxLength: 254 }}
        errors={fields.contactEmail.errors}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Téléphones</legend>
        {phones.map((phone, index) => (
          <div key={phone.key} className="flex items-start gap-2">
            <Field
              className="flex-1"
              label={`Téléphone ${index + 1}`}
              labelHidden
              inputProps={{ ...getInputProps(phone, { type: 'tel' }), maxLength: 40, placeholder: '+33 6 12 34 56 78' }}
              errors={phone.errors}
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={`Retirer le téléphone ${index + 1}`}
              disabled={phones.length === 1}
              {...form.remove.getButtonProps({ name: fields.phones.name, index })}
            >
              <MinusIcon aria-hidden="true" />
            </Button>
          </div>
        ))}
        <ErrorList id={fields.phones.errorId} errors={fields.phones.errors} />
        <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: fields.phones.name, defaultValue: '' })}>
          <PlusIcon aria-hidden="true" />
          Ajouter un téléphone
        </Button>
      </fieldset>
      <TextareaField label="Adresse" textareaProps={{ ...getTextareaProps(fields.address), rows: 3, maxLength: 500 }} errors={fields.address.errors} />
      <div className="grid gap-4 md:grid-cols-2">
        {LINKS.map((link) => (
          <Field
            key={link.name}
            label={link.label}
            inputProps={{ ...getInputProps(fields[link.name], { type: 'url' }), placeholder: link.placeholder, maxLength: 500 }}
            errors={fields[link.name].errors}
          />
        ))}
      </div>
      <TranslatableField field="modalites" review={review}>
        <RichTextField label="Modalités" meta={fields.modalites} defaultValue={config.modalites} />
      </TranslatableField>
      <SaveButton saving={saving} />
    </fetcher.Form>
  );
}
