// The 'Modifier le rôle' dialog of the users screen.
import { getFormProps, getSelectProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { ErrorList, SelectField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { ROLE_LABELS, ROLES, UpdateRoleSchema, type UserRole } from '~/lib/schemas/user';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export interface UserRow {
  id: string;
  email: string;
  role: UserRole;
  createdAt: Date | string;
}

export function RoleDialog({ user, isSelf, onClose }: { user: UserRow | null; isSelf: boolean; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le rôle</DialogTitle>
          <DialogDescription>Choisissez le rôle de {user?.email}.</DialogDescription>
        </DialogHeader>
        {user ? <RoleForm key={user.id} user={user} isSelf={isSelf} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RoleForm({ user, isSelf, onClose }: { user: UserRow; isSelf: boolean; onClose: () => void }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `role-${user.id}`,
    schema: UpdateRoleSchema,
    reply: fetcher.data,
    defaultValue: { userId: user.id, role: user.role },
  });
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update-role" />
      <input type="hidden" name="userId" value={user.id} />
      <SelectField
        label="Rôle"
        selectProps={getSelectProps(fields.role)}
        errors={fields.role.errors}
        hint={isSelf ? "Vous ne pouvez pas retirer votre propre rôle d'administrateur." : undefined}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </SelectField>
      <ErrorList id={form.errorId} errors={form.errors} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
