// One season's card on the Saisons screen (issue 14): its date periods (nights,
// first and last included), its name in the editing language, and (issue 45) its stay
// rules for the stays arriving in it and its length-of-stay reductions. The French name
// stays the table's inline rename (SPEC §5).
import { getFormProps, getInputProps } from '@conform-to/react';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { EmptyState } from '~/components/admin/screen-kit';
import { ReviewNote } from '~/components/admin/translation-field';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { frenchLanguageName } from '~/lib/language-names';
import { formatNightFr } from '~/lib/nights';
import { AddSeasonPeriodSchema, TranslateSeasonNameSchema, UpdateSeasonPeriodSchema } from '~/lib/schemas/season';
import { SeasonRulesSchema } from '~/lib/schemas/stay-rules';
import type { GeneralRules, RulesOverride } from '~/lib/stay-rules';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { LengthDiscountsEditor } from '~/components/admin/pricing/length-discounts';
import { OverrideRulesFields, overrideDefaults } from '~/components/admin/pricing/stay-rules-fields';

export interface SeasonDetails {
  id: string;
  name: string;
  /** The season's own rules (null: Configuration's). */
  rules: RulesOverride;
  /** The rules stays arriving in it meet, in words. */
  rulesText: string;
  discounts: Array<{ id: string; minNights: number; percent: number }>;
  /** The name in the editing language ('' when not translated yet). */
  localName: string;
  periods: Array<{ id: string; firstNight: string; lastNight: string }>;
}

export interface EditingLanguage {
  code: string;
  name: string;
}

export function SeasonDetailsCard({
  season,
  general,
  language,
  review,
}: {
  season: SeasonDetails;
  general: GeneralRules;
  language: EditingLanguage;
  /** Fields whose translation is "à revoir" (`season-<id>`). */
  review: readonly string[];
}) {
  const titleId = `season-${season.id}-title`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle>
          <h3 id={titleId}>Saison « {season.name} »</h3>
        </CardTitle>
        <CardDescription>
          Règles : {season.rulesText} ·{' '}
          {season.periods.length === 0 ? 'aucune période' : `${season.periods.length} période${season.periods.length > 1 ? 's' : ''}`}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {language.code === 'fr' ? null : <SeasonNameForm season={season} language={language} review={review} />}
        <SeasonPeriods season={season} />
        <SeasonRulesForm season={season} general={general} />
        <LengthDiscountsEditor
          id={season.id}
          owner={season.name}
          discounts={season.discounts}
          hidden={{ id: season.id }}
          addIntent="add-length-discount"
          deleteIntent="delete-length-discount"
        />
      </CardContent>
    </Card>
  );
}

function SeasonNameForm({ season, language, review }: { season: SeasonDetails; language: EditingLanguage; review: readonly string[] }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `season-name-${season.id}-${language.code}`,
    schema: TranslateSeasonNameSchema,
    reply: fetcher.data,
    defaultValue: { id: season.id, language: language.code, name: season.localName },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...getFormProps(form)}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
      data-text-field={`season-${season.id}`}
    >
      <input type="hidden" name="intent" value="translate-name" />
      <input type="hidden" name="id" value={season.id} />
      <input type="hidden" name="language" value={language.code} />
      <Field
        className="flex-1"
        label={`Nom en ${frenchLanguageName(language.code, language.name)}`}
        hint={season.localName ? undefined : `Pas encore traduit : les visiteurs lisent « ${season.name} ».`}
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: 100 }}
        errors={fields.name.errors}
      />
      <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
        Enregistrer le nom en {frenchLanguageName(language.code, language.name)}
      </Button>
      <ErrorList errors={form.errors} />
      <div className="basis-full">
        <ReviewNote field={`season-${season.id}`} review={review} />
      </div>
    </fetcher.Form>
  );
}

function SeasonPeriods({ season }: { season: SeasonDetails }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: `season-period-${season.id}`, schema: AddSeasonPeriodSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <div className="space-y-3">
      <h4 className="font-medium">Périodes</h4>
      {season.periods.length === 0 ? (
        <EmptyState>Aucune période : ces nuits sont au prix de base de chaque chambre</EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={`Périodes de ${season.name}`}>
          {season.periods.map((period) => (
            <PeriodRow key={period.id} season={season} period={period} />
          ))}
        </ul>
      )}
      <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value="add-period" />
        <input type="hidden" name="id" value={season.id} />
        <Field label="Première nuit" inputProps={getInputProps(fields.firstNight, { type: 'date' })} errors={fields.firstNight.errors} />
        <Field label="Dernière nuit" inputProps={getInputProps(fields.lastNight, { type: 'date' })} errors={fields.lastNight.errors} />
        <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
          Enregistrer la période
        </Button>
        <ErrorList className="sm:col-span-3" errors={form.errors} />
      </fetcher.Form>
    </div>
  );
}

type Period = SeasonDetails['periods'][number];

/** One period: its dates, 'Modifier' (the dates in place, same overlap rule as adding) and delete. */
function PeriodRow({ season, period }: { season: SeasonDetails; period: Period }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `period-${period.id}`,
    schema: UpdateSeasonPeriodSchema,
    reply: fetcher.data,
    defaultValue: { id: period.id, firstNight: period.firstNight, lastNight: period.lastNight },
  });
  useFetcherSuccess(fetcher, () => setEditing(false));
  const formRef = useFetcherFormGuard(fetcher);
  const dates = `du ${formatNightFr(period.firstNight)} au ${formatNightFr(period.lastNight)}`;
  if (editing) {
    return (
      <li className="p-3 text-sm">
        <fetcher.Form
          ref={formRef}
          method="post"
          {...getFormProps(form)}
          className="grid gap-3 sm:grid-cols-4 sm:items-start"
          aria-label={`Modifier la période ${dates}`}
        >
          <input type="hidden" name="intent" value="update-period" />
          <input type="hidden" name="id" value={period.id} />
          <Field label="Première nuit" inputProps={getInputProps(fields.firstNight, { type: 'date' })} errors={fields.firstNight.errors} />
          <Field label="Dernière nuit" inputProps={getInputProps(fields.lastNight, { type: 'date' })} errors={fields.lastNight.errors} />
          <Button type="submit" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
            Enregistrer
          </Button>
          <Button type="button" variant="outline" className="sm:mt-6" onClick={() => setEditing(false)}>
            Annuler
          </Button>
          <ErrorList className="sm:col-span-4" errors={form.errors} />
        </fetcher.Form>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between gap-3 p-3 text-sm">
      <span>{dates} (nuits incluses)</span>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="icon" onClick={() => setEditing(true)} aria-label={`Modifier la période ${dates}`}>
          <PencilIcon aria-hidden="true" />
        </Button>
        <ConfirmDelete
          label={`Supprimer la période ${dates}`}
          title="Supprimer cette période ?"
          description={`Les nuits ${dates} ne seront plus en « ${season.name} ».`}
          intent="delete-period"
          fields={{ id: period.id }}
        />
      </div>
    </li>
  );
}

/** The season's own stay rules, for the stays arriving in one of its nights; empty fields follow Configuration. */
function SeasonRulesForm({ season, general }: { season: SeasonDetails; general: GeneralRules }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `season-rules-${season.id}`,
    schema: SeasonRulesSchema,
    reply: fetcher.data,
    defaultValue: { id: season.id, ...overrideDefaults(season.rules) },
  });
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-3">
      <h4 id={`season-rules-${season.id}-title`} className="font-medium">
        Règles de séjour
      </h4>
      <p className="text-sm text-muted-foreground">Pour les séjours qui arrivent pendant cette saison.</p>
      <input type="hidden" name="intent" value="set-rules" />
      <input type="hidden" name="id" value={season.id} />
      <OverrideRulesFields fields={fields} current={season.rules} above={general} aboveName="la configuration" />
      <ErrorList errors={form.errors} />
      <Button type="submit" variant="outline" className="h-auto min-h-9 whitespace-normal text-left" disabled={fetcher.state !== 'idle'}>
        Enregistrer les règles de {season.name}
      </Button>
    </fetcher.Form>
  );
}
