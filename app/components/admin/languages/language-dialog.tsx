// 'Nouvelle langue' / 'Modifier la langue' (SPEC §2, §5): the code is fixed after creation.
import { getFormProps, getInputProps } from '@conform-to/react';
import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { DialogFormFooter } from '~/components/admin/dialog-form-footer';
import { CheckboxField, ErrorList, Field } from '~/components/forms';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { CreateLanguageSchema, UpdateLanguageSchema } from '~/lib/schemas/language';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export interface Language {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
}

export type LanguageDialogState = { mode: 'create' } | { mode: 'edit'; language: Language } | null;

export function LanguageDialog({
  state,
  percent,
  onClose,
}: {
  state: LanguageDialogState;
  /** The share of texts translated in this language (a new one: 0, or 100 when there is nothing to translate). */
  percent: number;
  onClose: () => void;
}) {
  const editing = state?.mode === 'edit' ? state.language : null;
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Modifier la langue' : 'Nouvelle langue'}</DialogTitle>
          <DialogDescription>{editing ? 'Le code ne peut pas être modifié.' : 'Code ISO 639-1 (2 ou 3 lettres) et nom de la langue.'}</DialogDescription>
        </DialogHeader>
        {state ? <LanguageForm key={editing?.id ?? 'new'} editing={editing} percent={percent} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LanguageForm({ editing, percent, onClose }: { editing: Language | null; percent: number; onClose: () => void }) {
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
  const formRef = useFetcherFormGuard(fetcher);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      {...formProps}
      onSubmit={(event) => {
        // Making a hidden language public while texts are missing asks first (issue 16).
        const values = new FormData(event.currentTarget);
        const activating = values.get('isActive') === 'on' && !editing?.isActive;
        if (activating && percent < 100 && values.get('confirmIncomplete') !== 'on') {
          event.preventDefault();
          setAsking(String(values.get('name') ?? '').trim() || (editing?.name ?? ''));
          return;
        }
        formProps.onSubmit(event);
      }}
      className="space-y-4"
    >
      <input ref={confirmRef} type="hidden" name="confirmIncomplete" defaultValue="" />
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
      <CheckboxField label="Langue par défaut" inputProps={getInputProps(fields.isDefault, { type: 'checkbox' })} errors={fields.isDefault.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <DialogFormFooter onCancel={onClose} busy={busy} submitLabel={editing ? 'Enregistrer' : 'Créer'} />
      <AlertDialog open={asking !== null} onOpenChange={(open) => (open ? undefined : setAsking(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Activer une langue incomplète ?</AlertDialogTitle>
            <AlertDialogDescription>
              Seulement {percent}&nbsp;% des textes sont traduits en {asking}. Une fois activée, la langue est proposée aux visiteurs, qui liront les textes
              manquants en français.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Annuler</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirmRef.current) confirmRef.current.value = 'on';
                formRef.current?.requestSubmit();
              }}
            >
              Activer quand même
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </fetcher.Form>
  );
}
