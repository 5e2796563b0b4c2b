// 'Options de transport': each option enabled by its checkbox (saved at once); its
// description, in the editing language, shows only when enabled (SPEC §4).
import { getFormProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { RichTextField } from '~/components/admin/rich-text-editor';
import { ReviewNote } from '~/components/admin/translation-field';
import { SaveButton } from './save-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { TRANSPORT_LABELS, TransportDescriptionSchema } from '~/lib/schemas/transport';
import type { TransportOption } from './types';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export function TransportCard({
  transports,
  languageName,
  review,
}: {
  transports: TransportOption[];
  languageName: string;
  /** Fields whose translation is "à revoir" (`transport-<id>`). */
  review: readonly string[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Options de transport</h3>
        </CardTitle>
        <CardDescription>Descriptions en {languageName} (langue d&apos;édition)</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {transports.map((option) => (
          <TransportOptionEditor key={option.id} option={option} review={review} />
        ))}
      </CardContent>
    </Card>
  );
}

function TransportOptionEditor({ option, review }: { option: TransportOption; review: readonly string[] }) {
  const toggleFetcher = useFetcher();
  const label = TRANSPORT_LABELS[option.type];
  const pending = toggleFetcher.formData?.get('enabled');
  const enabled = typeof pending === 'string' ? pending === 'true' : option.enabled;
  const checkboxId = `transport-${option.type}`;
  return (
    <div className="space-y-3 rounded-md border p-4">
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={checkboxId}
          checked={enabled}
          className="size-5"
          onCheckedChange={(checked) =>
            toggleFetcher.submit({ intent: 'toggle-transport', id: option.id, enabled: String(checked === true) }, { method: 'post' })
          }
        />
        <Label htmlFor={checkboxId}>{label}</Label>
      </div>
      {enabled ? <DescriptionForm key={option.description} option={option} review={review} /> : null}
    </div>
  );
}

function DescriptionForm({ option, review }: { option: TransportOption; review: readonly string[] }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `transport-${option.id}`,
    schema: TransportDescriptionSchema,
    reply: fetcher.data,
    defaultValue: { id: option.id, description: option.description },
  });
  const saving = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-2" data-text-field={`transport-${option.id}`}>
      <input type="hidden" name="intent" value="save-transport-description" />
      <input type="hidden" name="id" value={option.id} />
      <RichTextField label={`Description (${TRANSPORT_LABELS[option.type]})`} meta={fields.description} defaultValue={option.description} />
      <ReviewNote field={`transport-${option.id}`} review={review} />
      <SaveButton saving={saving} label="Sauvegarder la description" variant="outline" />
    </fetcher.Form>
  );
}
