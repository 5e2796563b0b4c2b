// 'Inviter un utilisateur' (Users): an address and a role; the person receives a
// single-use link by mail and chooses a password (app/.server/auth/invitations.ts).
import { getFormProps, getInputProps } from '@conform-to/react';
import { MailPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';
import { DialogFormFooter } from '~/components/admin/dialog-form-footer';
import { ErrorList, Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog';
import { InviteUserSchema } from '~/lib/schemas/user';
import { RoleSelectField } from './role-select-field';

export function InviteDialog({ validDays }: { validDays: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button">
          <MailPlusIcon aria-hidden="true" />
          Inviter un utilisateur
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Inviter un utilisateur</DialogTitle>
          <DialogDescription>
            La personne reçoit par email un lien qui ne sert qu&apos;une fois et expire au bout de {validDays} jours ; elle y choisit son mot de passe.
          </DialogDescription>
        </DialogHeader>
        {open ? <InviteForm onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: 'invite-user',
    schema: InviteUserSchema,
    reply: fetcher.data,
    defaultValue: { role: 'admin' },
  });
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="invite" />
      <Field
        label="Email"
        inputProps={{
          ...getInputProps(fields.email, { type: 'email' }),
          maxLength: 254,
          autoComplete: 'off',
        }}
        errors={fields.email.errors}
      />
      <RoleSelectField field={fields.role} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <DialogFormFooter onCancel={onClose} busy={busy} submitLabel="Envoyer l'invitation" busyLabel="Envoi..." />
    </fetcher.Form>
  );
}
