// 'Distances': travel times from nearby towns (SPEC §5: city and a duration ≥ 1 minute).
import { getFormProps, getInputProps } from '@conform-to/react';
import { PlusIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { EmptyState } from '~/components/admin/screen-kit';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { formatDuration } from '~/lib/format';
import { AddDistanceSchema } from '~/lib/schemas/distance';
import { DeleteRowButton } from './delete-row-button';
import type { Distance } from './types';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export function DistancesCard({ distances }: { distances: Distance[] }) {
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
          <Field label="Ville" inputProps={{ ...getInputProps(fields.city, { type: 'text' }), placeholder: 'Cannes', maxLength: 100 }} errors={fields.city.errors} />
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
              <li key={distance.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{distance.city}</span> — {formatDuration(distance.durationMinutes)}
                </span>
                <DeleteRowButton intent="delete-distance" id={distance.id} label={`Supprimer ${distance.city}`} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
