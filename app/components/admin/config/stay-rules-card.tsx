// Configuration card 'Règles de séjour' (issue 45): the general rules — nights outside
// every season, and what a season does not set: fewest and most nights, days of notice,
// how far ahead one may book, and the weekdays one may arrive and leave on. The most
// nights and the horizon left empty follow the environment (BOOKING_MAX_NIGHTS,
// BOOKING_HORIZON_DAYS), whose values the hints give.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { WeekdayChecks } from '~/components/admin/pricing/stay-rules-fields';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field } from '~/components/forms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { HORIZON_DAYS_MAX, StayRulesSchema } from '~/lib/schemas/stay-rules';
import { SaveButton } from './save-button';

export interface StayRulesValues {
  minNights: number;
  maxNights: number | null;
  arrivalDays: number;
  departureDays: number;
  minNoticeDays: number;
  horizonDays: number | null;
  defaults: { maxNights: number; horizonDays: number };
}

export function StayRulesCard({ values }: { values: StayRulesValues }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'stay-rules',
    schema: StayRulesSchema,
    reply: fetcher.data,
    defaultValue: {
      minNights: String(values.minNights),
      maxNights: values.maxNights === null ? '' : String(values.maxNights),
      minNoticeDays: String(values.minNoticeDays),
      horizonDays: values.horizonDays === null ? '' : String(values.horizonDays),
    },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Règles de séjour</h3>
        </CardTitle>
        <CardDescription>
          Pour les séjours qui arrivent hors saison, et ce qu&apos;une saison ne fixe pas (Saisons). Le calendrier du site n&apos;offre que les jours permis et
          explique les règles au client.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="save-stay-rules" />
          <Field
            label="Nuits au minimum"
            inputProps={{ ...getInputProps(fields.minNights, { type: 'number' }), min: 1, max: 365 }}
            errors={fields.minNights.errors}
          />
          <Field
            label="Nuits au maximum"
            hint={`Vide : ${values.defaults.maxNights} (réglage du serveur).`}
            inputProps={{ ...getInputProps(fields.maxNights, { type: 'number' }), min: 1, max: 365 }}
            errors={fields.maxNights.errors}
          />
          <Field
            label="Réserver au moins (jours avant l'arrivée)"
            hint="0 : une arrivée le jour même est possible."
            inputProps={{ ...getInputProps(fields.minNoticeDays, { type: 'number' }), min: 0, max: 365 }}
            errors={fields.minNoticeDays.errors}
          />
          <Field
            label="Réservations ouvertes (jours à l'avance)"
            hint={`Vide : ${values.defaults.horizonDays} jours (réglage du serveur).`}
            inputProps={{ ...getInputProps(fields.horizonDays, { type: 'number' }), min: 1, max: HORIZON_DAYS_MAX }}
            errors={fields.horizonDays.errors}
          />
          <WeekdayChecks
            name={fields.arrivalDays.name}
            legend="Jours d'arrivée"
            mask={values.arrivalDays}
            errors={fields.arrivalDays.errors}
            errorId={fields.arrivalDays.errorId}
          />
          <WeekdayChecks
            name={fields.departureDays.name}
            legend="Jours de départ"
            mask={values.departureDays}
            errors={fields.departureDays.errors}
            errorId={fields.departureDays.errorId}
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
