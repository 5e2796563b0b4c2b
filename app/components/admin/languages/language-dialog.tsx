// 'Nouvelle langue' / 'Modifier la langue' (SPEC §2, §5): the code is fixed after creation.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { CheckboxField, ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { CreateLanguageSchema, UpdateLanguageSchema } from '~/lib/schemas/language';

export interface Language {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
}

export type LanguageDialogState = { mode: 'create' } | { mode: 'edit'; language: Language } | null;

export function LanguageDialog({ state, onClose }: { state: LanguageDialogState; onClose: () => void }) {
  const editing = state?.mode === 'edit' ? state.language : null;
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier la langue' : 'Nouvelle langue'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Le code ne peut pas être modifié.' : 'Code ISO 639-1 (2 ou 3 lettres) et nom de la langue.'}
          </DialogDescription>
        </DialogHeader>
        {state ? <LanguageForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LanguageForm({ editing, onClose }: { editing: Language | null; onClose: () => void }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `language-${editing?.id ?? 'new'}`,
    // Both schemas share name and the two flags; the code is only sent on creation.
    schema: editing ? UpdateLanguageSchema : CreateLanguageSchema,
    reply: fetcher.data,
    defaultValue: {
      name: editing?.name ?? '',
      // A new language starts hidden: translate it first, then activate it.
      isActive: editing?.isActive ? 'on' : undefined,
      isDefault: editing?.isDefault ? 'on' : undefined,
    },
  });
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const codeFields = fields as unknown as typeof fields & { code: typeof fields.name };
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={editing.id} />
          <div className="space-y-2">
            <Label htmlFor="language-code">Code ISO</Label>
            <Input id="language-code" value={editing.code} disabled readOnly />
          </div>
        </>
      ) : (
        <Field
          label="Code ISO"
          inputProps={{ ...getInputProps(codeFields.code, { type: 'text' }), placeholder: 'ex : it', maxLength: 3, autoComplete: 'off' }}
          errors={codeFields.code.errors}
        />
      )}
      <Field
        label="Nom"
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), placeholder: 'ex : Italiano', maxLength: 50 }}
        errors={fields.name.errors}
      />
      <CheckboxField label="Active" inputProps={getInputProps(fields.isActive, { type: 'checkbox' })} errors={fields.isActive.errors} />
      <CheckboxField
        label="Langue par défaut"
        inputProps={getInputProps(fields.isDefault, { type: 'checkbox' })}
        errors={fields.isDefault.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Enregistrement...' : editing ? 'Enregistrer' : 'Créer'}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
