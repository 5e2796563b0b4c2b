// 'Distances': travel times from nearby towns (SPEC §5: city and a duration ≥ 1 minute).
// The city is the French name; in another editing language each distance has its name
// there (visitors of that language read it, others the French).
import { getFormProps, getInputProps } from '@conform-to/react';
import { PlusIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { EmptyState } from '~/components/admin/screen-kit';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { formatDuration } from '~/lib/every-page/format';
import { AddDistanceSchema, TranslateDistanceNameSchema } from '~/lib/schemas/distance';
import { frenchLanguageName } from '~/lib/language-names';
import { ReviewNote } from '~/components/admin/translation-field';
import { DeleteRowButton } from './delete-row-button';
import type { Distance } from './types';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export function DistancesCard({
  distances,
  language,
  languageName,
  review,
}: {
  distances: Distance[];
  language: string;
  languageName: string;
  /** Fields whose translation is "à revoir" (`distance-<id>`). */
  review: readonly string[];
}) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'add-distance', schema: AddDistanceSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Distances</h3>
        </CardTitle>
        <CardDescription>Temps de trajet depuis les villes et lieux voisins</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <input type="hidden" name="intent" value="add-distance" />
          <Field
            label="Ville"
            inputProps={{ ...getInputProps(fields.city, { type: 'text' }), placeholder: 'Cannes', maxLength: 100 }}
            errors={fields.city.errors}
          />
          <Field
            label="Durée (minutes)"
            inputProps={{ ...getInputProps(fields.durationMinutes, { type: 'number' }), inputMode: 'numeric', min: 1, step: 1, placeholder: '30' }}
            errors={fields.durationMinutes.errors}
          />
          <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
        </fetcher.Form>
        {distances.length === 0 ? (
          <EmptyState className="py-2 text-left">Aucune distance pour le moment</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Distances">
            {distances.map((distance) => (
              <li key={distance.id} className="space-y-2 px-3 py-2">
                <div className="flex items-center justify-between gap-2">
                  <span>
                    <span className="font-medium">{distance.city}</span> — {formatDuration(distance.durationMinutes)}
                  </span>
                  <DeleteRowButton intent="delete-distance" id={distance.id} label={`Supprimer ${distance.city}`} />
                </div>
                {language === 'fr' ? null : (
                  <DistanceNameForm key={`${distance.id}-${language}`} distance={distance} language={language} languageName={languageName} review={review} />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DistanceNameForm({
  distance,
  language,
  languageName,
  review,
}: {
  distance: Distance;
  language: string;
  languageName: string;
  review: readonly string[];
}) {
  const fetcher = useFetcher();
  const localName = distance.names[language] ?? '';
  const [form, fields] = useAdminForm({
    id: `distance-name-${distance.id}-${language}`,
    schema: TranslateDistanceNameSchema,
    reply: fetcher.data,
    defaultValue: { id: distance.id, language, name: localName },
  });
  const formRef = useFetcherFormGuard(fetcher);
  const inLanguage = frenchLanguageName(language, languageName);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...getFormProps(form)}
      className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start"
      data-text-field={`distance-${distance.id}`}
    >
      <input type="hidden" name="intent" value="translate-distance" />
      <input type="hidden" name="id" value={distance.id} />
      <input type="hidden" name="language" value={language} />
      <Field
        className="flex-1"
        label={`Nom en ${inLanguage} (${distance.city})`}
        hint={localName ? undefined : `Pas encore traduit : les visiteurs lisent « ${distance.city} ».`}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: 100 }}
        errors={fields.name.errors}
      />
      <Button
        type="submit"
        variant="outline"
        className="sm:mt-6"
        disabled={fetcher.state !== 'idle'}
        aria-label={`Enregistrer le nom en ${inLanguage} de ${distance.city}`}
      >
        Enregistrer le nom en {inLanguage}
      </Button>
      <div className="basis-full">
        <ReviewNote field={`distance-${distance.id}`} review={review} />
      </div>
    </fetcher.Form>
  );
}
