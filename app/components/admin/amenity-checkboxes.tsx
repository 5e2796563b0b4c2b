// The 19 editable amenities of SPEC §3 as native checkboxes (they submit with a
// plain form, even before hydration) under the field name `amenities`.
import { EDITABLE_AMENITIES } from '~/lib/amenities';
import { cn } from '~/lib/utils';

export function AmenityCheckboxes({
  name = 'amenities',
  defaultValue,
  legend = 'Équipements',
  className,
}: {
  name?: string;
  defaultValue: readonly string[];
  legend?: string;
  className?: string;
}) {
  const selected = new Set(defaultValue);
  return (
    <fieldset className={cn('space-y-3', className)}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {EDITABLE_AMENITIES.map((amenity) => (
          <label key={amenity.id} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={amenity.id}
              defaultChecked={selected.has(amenity.id)}
              className="size-4 rounded border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
            />
            {amenity.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
