// The Codes promo screen's blocks (app/routes/admin/promo-codes.tsx): the form that adds
// or changes a code, and the list with each code's terms and uses.
import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react';
import { PencilIcon, PlusIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ConfirmDelete } from '~/components/admin/confirm-delete';
import { ListCell, ListRow, ListTable } from '~/components/admin/list-table';
import { EmptyState } from '~/components/admin/screen-kit';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { ErrorList, Field, SelectField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { decimalEuros, formatMoney } from '~/lib/money';
import { formatNightFr } from '~/lib/nights';
import { CreatePromoCodeSchema, PROMO_KIND_LABELS, UpdatePromoCodeSchema } from '~/lib/schemas/promo-code';
import { nightsFr } from '~/lib/stays';

type Room = { id: string; name: string };

export interface PromoCodeRow {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  validFrom: string;
  validUntil: string;
  minNights: number | null;
  maxUses: number | null;
  uses: number;
  roomIds: string[];
}

/** Adds a code, or (given `code`) changes it. */
export function PromoCodeForm({ rooms, today, code }: { rooms: Room[]; today: string; code?: PromoCodeRow }) {
  const fetcher = useFetcher();
  // One form for both: the update schema's fields are the create schema's and the code's id.
  const schema = (code ? UpdatePromoCodeSchema : CreatePromoCodeSchema) as typeof UpdatePromoCodeSchema;
  const [form, fields] = useAdminForm({
    id: code ? `promo-${code.id}` : 'add-promo-code',
    schema,
    reply: fetcher.data,
    defaultValue: code
      ? {
          id: code.id,
          code: code.code,
          kind: code.kind,
          percent: code.kind === 'percent' ? String(code.value) : '',
          amount: code.kind === 'amount' ? decimalEuros(code.value) : '',
          validFrom: code.validFrom,
          validUntil: code.validUntil,
          minNights: code.minNights === null ? '' : String(code.minNights),
          maxUses: code.maxUses === null ? '' : String(code.maxUses),
          roomIds: code.roomIds,
        }
      : { kind: 'percent', validFrom: today },
  });
  useFetcherSuccess(fetcher, () => {
    if (!code) form.reset();
  });
  const formRef = useFetcherFormGuard(fetcher);
  const chosen = new Set(code?.roomIds ?? []);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start">
      <input type="hidden" name="intent" value={code ? 'update' : 'create'} />
      {code ? <input type="hidden" name="id" value={code.id} /> : null}
      <Field label="Code" inputProps={{ ...getInputProps(fields.code, { type: 'text' }), maxLength: 40, autoComplete: 'off' }} errors={fields.code.errors} />
      <SelectField label="Réduction en" selectProps={getSelectProps(fields.kind)} errors={fields.kind.errors}>
        {Object.entries(PROMO_KIND_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Field label="Pourcentage (%)" inputProps={{ ...getInputProps(fields.percent, { type: 'number' }), min: 1, max: 100 }} errors={fields.percent.errors} />
      <Field label="Montant (€)" inputProps={{ ...getInputProps(fields.amount, { type: 'text' }), inputMode: 'decimal' }} errors={fields.amount.errors} />
      <Field label="Valable du" inputProps={getInputProps(fields.validFrom, { type: 'date' })} errors={fields.validFrom.errors} />
      <Field label="Valable jusqu'au" inputProps={getInputProps(fields.validUntil, { type: 'date' })} errors={fields.validUntil.errors} />
      <Field
        label="À partir de (nuits)"
        hint="Vide : dès 1 nuit."
        inputProps={{ ...getInputProps(fields.minNights, { type: 'number' }), min: 1, max: 365 }}
        errors={fields.minNights.errors}
      />
      <Field
        label="Utilisations au plus"
        hint="Vide : sans limite."
        inputProps={{ ...getInputProps(fields.maxUses, { type: 'number' }), min: 1 }}
        errors={fields.maxUses.errors}
      />
      <fieldset className="space-y-2 sm:col-span-2 lg:col-span-4">
        <legend className="text-sm font-medium">Chambres (aucune cochée : toutes)</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {rooms.map((room) => (
            <label key={room.id} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" name={fields.roomIds.name} value={room.id} defaultChecked={chosen.has(room.id)} className="size-5 accent-primary" />
              {room.name}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.roomIds.errors} />
      </fieldset>
      <ErrorList className="sm:col-span-2 lg:col-span-4" errors={form.errors} />
      <div className="sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {code ? <PencilIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
          {code ? `Enregistrer le code ${code.code}` : 'Ajouter le code'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

const reduction = (code: PromoCodeRow) => (code.kind === 'percent' ? `−${code.value} %` : `−${formatMoney(code.value)}`);

function state(code: PromoCodeRow, today: string) {
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'épuisé';
  if (today < code.validFrom) return 'à venir';
  if (today > code.validUntil) return 'expiré';
  return 'actif';
}

export function PromoCodeList({ codes, rooms, today }: { codes: PromoCodeRow[]; rooms: Room[]; today: string }) {
  const roomName = new Map(rooms.map((r) => [r.id, r.name]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Codes</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {codes.length === 0 ? (
          <EmptyState>Aucun code promo pour le moment</EmptyState>
        ) : (
          <ListTable
            label="Codes promo"
            columns={[
              { label: 'Code' },
              { label: 'Réduction' },
              { label: 'Validité' },
              { label: 'Conditions' },
              { label: 'Utilisations' },
              { label: 'Actions', className: 'text-right' },
            ]}
          >
            {codes.map((code) => (
              <ListRow key={code.id}>
                <ListCell className="font-medium">
                  <span>
                    {code.code} <span className="text-xs text-muted-foreground">({state(code, today)})</span>
                  </span>
                </ListCell>
                <ListCell label="Réduction">{reduction(code)}</ListCell>
                <ListCell label="Validité">
                  du {formatNightFr(code.validFrom)} au {formatNightFr(code.validUntil)}
                </ListCell>
                <ListCell label="Conditions">
                  {[
                    code.minNights ? `dès ${nightsFr(code.minNights)}` : null,
                    code.roomIds.length ? code.roomIds.map((id) => roomName.get(id) ?? 'chambre supprimée').join(', ') : 'toutes les chambres',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </ListCell>
                <ListCell label="Utilisations">
                  {code.uses}
                  {code.maxUses !== null ? ` / ${code.maxUses}` : ''}
                </ListCell>
                <ListCell actions>
                  <details className="w-full">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm font-medium">
                      <PencilIcon aria-hidden="true" className="size-4" />
                      Modifier<span className="sr-only"> le code {code.code}</span>
                    </summary>
                    <div className="mt-3 text-left">
                      <PromoCodeForm rooms={rooms} today={today} code={code} />
                    </div>
                  </details>
                  <ConfirmDelete
                    label={`Supprimer le code ${code.code}`}
                    title="Supprimer ce code ?"
                    description={`Les séjours déjà demandés avec ${code.code} gardent leur réduction. Le code ne sera plus accepté.`}
                    fields={{ id: code.id }}
                  />
                </ListCell>
              </ListRow>
            ))}
          </ListTable>
        )}
      </CardContent>
    </Card>
  );
}
