// The stay rules' fields (issue 45), shared by Configuration's general rules, a season's
// own and a room's own in a season: fewest and most nights, days of notice, and the
// weekdays one may arrive and leave on as seven ticked boxes (they post with a plain form).
// A season's or a room's field left empty follows the level above, said in its hint.
import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { CheckboxField, ErrorList, Field } from '~/components/forms';
import { ALL_DAYS, daysOfMask, WEEKDAY_NAMES_FR, WEEKDAYS } from '~/lib/stay-rules';

/** Seven boxes, Monday first, under the field name `name` (values 0–6). */
export function WeekdayChecks({ name, legend, mask, errors, errorId }: { name: string; legend: string; mask: number; errors?: string[]; errorId?: string }) {
  const ticked = new Set(daysOfMask(mask));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm md:min-h-8">
            <input type="checkbox" name={name} value={String(day)} defaultChecked={ticked.has(day)} className="size-5 accent-primary" />
            {WEEKDAY_NAMES_FR[day]}
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** The days a mask allows, as the owner reads them. */
export const daysText = (mask: number) =>
  (mask & ALL_DAYS) === ALL_DAYS
    ? 'tous les jours'
    : daysOfMask(mask)
        .map((d) => WEEKDAY_NAMES_FR[d])
        .join(', ');

type OverrideFieldSet = {
  minNights: FieldMetadata<number | null | undefined>;
  maxNights: FieldMetadata<number | null | undefined>;
  minNoticeDays: FieldMetadata<number | null | undefined>;
  restrictArrival: FieldMetadata<'on' | undefined>;
  arrivalDays: FieldMetadata<string[] | undefined>;
  restrictDeparture: FieldMetadata<'on' | undefined>;
  departureDays: FieldMetadata<string[] | undefined>;
};

/** « Restreindre les jours … » and its seven boxes: unticked, the level above's days apply (said in `above`). */
function RestrictedDays({
  restrict,
  days,
  which,
  mask,
  above,
}: {
  restrict: FieldMetadata<'on' | undefined>;
  days: FieldMetadata<string[] | undefined>;
  which: { label: string; legend: string };
  mask: number;
  above: string;
}) {
  return (
    <div className="space-y-1 sm:col-span-3">
      <CheckboxField label={which.label} hint={above} inputProps={getInputProps(restrict, { type: 'checkbox' })} errors={restrict.errors} />
      <WeekdayChecks name={days.name} legend={which.legend} mask={mask} errors={days.errors} errorId={days.errorId} />
    </div>
  );
}

/**
 * A season's or a room's own rules: each empty number and each unticked « Restreindre »
 * follows `above` (the rules that apply without them), whose figures the hints give.
 */
export function OverrideRulesFields({
  fields,
  current,
  above,
  aboveName,
}: {
  fields: OverrideFieldSet;
  /** The level's own weekdays (null: not restricted); the form's defaults tick « Restreindre » from them (overrideDefaults). */
  current: { arrivalDays: number | null; departureDays: number | null };
  above: { minNights: number; maxNights: number; minNoticeDays: number; arrivalDays: number; departureDays: number };
  /** Whose rules apply when a field is left empty: « la configuration », « la saison ». */
  aboveName: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        label="Nuits au minimum"
        hint={`Vide : comme ${aboveName} (${above.minNights}).`}
        inputProps={{ ...getInputProps(fields.minNights, { type: 'number' }), min: 1, max: 365 }}
        errors={fields.minNights.errors}
      />
      <Field
        label="Nuits au maximum"
        hint={`Vide : comme ${aboveName} (${above.maxNights}).`}
        inputProps={{ ...getInputProps(fields.maxNights, { type: 'number' }), min: 1, max: 365 }}
        errors={fields.maxNights.errors}
      />
      <Field
        label="Réserver au moins (jours avant l'arrivée)"
        hint={`Vide : comme ${aboveName} (${above.minNoticeDays}).`}
        inputProps={{ ...getInputProps(fields.minNoticeDays, { type: 'number' }), min: 0, max: 365 }}
        errors={fields.minNoticeDays.errors}
      />
      <RestrictedDays
        restrict={fields.restrictArrival}
        days={fields.arrivalDays}
        which={{ label: "Restreindre les jours d'arrivée", legend: "Jours d'arrivée" }}
        mask={current.arrivalDays ?? above.arrivalDays}
        above={`Non coché : comme ${aboveName} (${daysText(above.arrivalDays)}).`}
      />
      <RestrictedDays
        restrict={fields.restrictDeparture}
        days={fields.departureDays}
        which={{ label: 'Restreindre les jours de départ', legend: 'Jours de départ' }}
        mask={current.departureDays ?? above.departureDays}
        above={`Non coché : comme ${aboveName} (${daysText(above.departureDays)}).`}
      />
    </div>
  );
}

/** A level's own rules as its form's default values (empty where it follows the level above). */
export function overrideDefaults(rules: {
  minNights: number | null;
  maxNights: number | null;
  arrivalDays: number | null;
  departureDays: number | null;
  minNoticeDays: number | null;
}) {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    minNights: text(rules.minNights),
    maxNights: text(rules.maxNights),
    minNoticeDays: text(rules.minNoticeDays),
    restrictArrival: rules.arrivalDays !== null ? 'on' : undefined,
    restrictDeparture: rules.departureDays !== null ? 'on' : undefined,
  };
}
