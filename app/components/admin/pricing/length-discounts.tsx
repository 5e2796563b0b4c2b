// Length-of-stay reductions (issue 45) of a season (Saisons) or a room (room editor): the
// list, each deletable, and the form that adds one (so many percent from so many nights).
import { getFormProps, getInputProps } from '@conform-to/react';
import { PlusIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { EmptyState } from '~/components/admin/screen-kit';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { AddRoomLengthDiscountSchema, LENGTH_DISCOUNT_MAX_PERCENT } from '~/lib/schemas/stay-rules';
import { nightsFr } from '~/lib/stays';

export function LengthDiscountsEditor({
  id,
  owner,
  discounts,
  hidden = {},
  addIntent,
  deleteIntent,
}: {
  /** Distinguishes the forms of several editors on one screen. */
  id: string;
  /** Whose reductions, for the labels: « Haute saison », « cette chambre ». */
  owner: string;
  discounts: Array<{ id: string; minNights: number; percent: number }>;
  /** Fields posted with both intents (a season's id). */
  hidden?: Record<string, string>;
  addIntent: string;
  deleteIntent: string;
}) {
  const fetcher = useFetcher();
  // The season's schema adds its id (a hidden field): the fields the owner types are these.
  const [form, fields] = useAdminForm({ id: `length-discount-${id}`, schema: AddRoomLengthDiscountSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <div className="space-y-3">
      <h4 className="font-medium">Réductions séjour long</h4>
      {discounts.length === 0 ? (
        <EmptyState>Aucune réduction séjour long</EmptyState>
      ) : (
        <ul className="divide-y rounded-md border" aria-label={`Réductions séjour long de ${owner}`}>
          {discounts.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 p-3 text-sm">
              <span>
                −{d.percent} % dès {nightsFr(d.minNights)}
              </span>
              <ConfirmDelete
                label={`Supprimer la réduction de ${d.percent} % dès ${nightsFr(d.minNights)}`}
                title="Supprimer cette réduction ?"
                description={`Les séjours de ${nightsFr(d.minNights)} ou plus ne recevront plus −${d.percent} %.`}
                intent={deleteIntent}
                fields={{ ...hidden, discountId: d.id }}
              />
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value={addIntent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Field
          label="À partir de (nuits)"
          inputProps={{ ...getInputProps(fields.minNights, { type: 'number' }), min: 2, max: 365 }}
          errors={fields.minNights.errors}
        />
        <Field
          label="Réduction (%)"
          inputProps={{ ...getInputProps(fields.percent, { type: 'number' }), min: 1, max: LENGTH_DISCOUNT_MAX_PERCENT }}
          errors={fields.percent.errors}
        />
        <Button type="submit" variant="outline" className="sm:mt-6" disabled={fetcher.state !== 'idle'}>
          <PlusIcon aria-hidden="true" />
          Créer la réduction
        </Button>
        <ErrorList className="sm:col-span-3" errors={form.errors} />
      </fetcher.Form>
    </div>
  );
}
