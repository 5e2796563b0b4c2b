// The room editor's « Tarifs et règles » cards (issue 45): the prices by number of guests
// (the guests a night includes, each one more per night, a lone guest's reduction) and the
// room's own stay rules in each season (empty: the season's).
import { getFormProps, getInputProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm } from '~/components/admin/admin-form';
import { OverrideRulesFields, overrideDefaults } from '~/components/admin/pricing/stay-rules-fields';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { decimalEuros } from '~/lib/money';
import { RoomGuestPricesSchema, RoomSeasonRulesSchema } from '~/lib/schemas/stay-rules';
import { isEmptyOverride, mergeRules, type GeneralRules, type RulesOverride } from '~/lib/stay-rules';

export function GuestPricesCard({
  prices,
  maxGuests,
}: {
  prices: { includedGuests: number; extraAdultCents: number; extraChildCents: number; singleReductionCents: number };
  maxGuests: number;
}) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'guest-prices',
    schema: RoomGuestPricesSchema,
    reply: fetcher.data,
    defaultValue: {
      includedGuests: String(prices.includedGuests),
      extraAdult: decimalEuros(prices.extraAdultCents),
      extraChild: decimalEuros(prices.extraChildCents),
      singleReduction: decimalEuros(prices.singleReductionCents),
    },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Prix selon le nombre de personnes</h3>
        </CardTitle>
        <CardDescription>
          Les saisons fixent le prix d&apos;une nuit pour les personnes comprises ; chaque personne en plus paie son supplément par nuit (les adultes prennent
          les places comprises en premier). 0 : rien en plus.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
          <input type="hidden" name="intent" value="save-guest-prices" />
          <Field
            label="Personnes comprises dans le prix"
            hint={`La chambre accueille ${maxGuests} personne${maxGuests > 1 ? 's' : ''} au plus.`}
            inputProps={{ ...getInputProps(fields.includedGuests, { type: 'number' }), min: 1, max: maxGuests }}
            errors={fields.includedGuests.errors}
          />
          <Field
            label="Adulte en plus (€ par nuit)"
            inputProps={{ ...getInputProps(fields.extraAdult, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.extraAdult.errors}
          />
          <Field
            label="Enfant en plus (€ par nuit)"
            inputProps={{ ...getInputProps(fields.extraChild, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.extraChild.errors}
          />
          <Field
            label="Réduction pour une personne seule (€ par nuit)"
            hint="Jamais plus que le prix de la nuit."
            inputProps={{ ...getInputProps(fields.singleReduction, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.singleReduction.errors}
          />
          <ErrorList className="sm:col-span-2 lg:col-span-4" errors={form.errors} />
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              Enregistrer les prix selon le nombre de personnes
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

type SeasonRules = { seasonId: string; seasonName: string; season: RulesOverride; room: RulesOverride };

export function RoomRulesCard({ seasons, general }: { seasons: SeasonRules[]; general: GeneralRules }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Règles de séjour de la chambre</h3>
        </CardTitle>
        <CardDescription>Pour les séjours qui arrivent dans la saison : laissez vide pour suivre les règles de la saison (Saisons).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {seasons.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucune saison configurée pour le moment.</p>
        ) : (
          seasons.map((season) => <RoomSeasonRulesForm key={season.seasonId} season={season} general={general} />)
        )}
      </CardContent>
    </Card>
  );
}

function RoomSeasonRulesForm({ season, general }: { season: SeasonRules; general: GeneralRules }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `room-rules-${season.seasonId}`,
    schema: RoomSeasonRulesSchema,
    reply: fetcher.data,
    defaultValue: { seasonId: season.seasonId, ...overrideDefaults(season.room) },
  });
  const formRef = useFetcherFormGuard(fetcher);
  const own = !isEmptyOverride(season.room);
  return (
    <details className="rounded-lg border p-4" open={own}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
        {season.seasonName}
        {own ? ' — règles propres à la chambre' : ' — règles de la saison'}
      </summary>
      <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="save-room-rules" />
        <input type="hidden" name="seasonId" value={season.seasonId} />
        <OverrideRulesFields fields={fields} current={season.room} above={mergeRules(general, season.season)} aboveName="la saison" />
        <ErrorList errors={form.errors} />
        <Button type="submit" variant="outline" className="h-auto min-h-9 whitespace-normal text-left" disabled={fetcher.state !== 'idle'}>
          Enregistrer les règles en {season.seasonName}
        </Button>
      </fetcher.Form>
    </details>
  );
}
