// The 'Rôle' picker of the users screen's dialogs (invitation, role change): each role
// with what it may do, so that nobody invites a co-owner as a plain user by mistake.
import type { FieldMetadata } from '@conform-to/react';
import { RadioGroupField } from '~/components/forms';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type UserRole } from '~/lib/schemas/user';

/** Administrator first: the role an owner means when inviting a co-owner. */
const ROLE_ORDER: UserRole[] = ['admin', 'user'];

export function RoleSelectField({ field, hint }: { field: FieldMetadata<UserRole>; hint?: string }) {
  return (
    <div className="space-y-2">
      <RadioGroupField
        label="Rôle"
        name={field.name}
        defaultValue={field.initialValue as string | undefined}
        errors={field.errors}
        options={ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role], description: ROLE_DESCRIPTIONS[role] }))}
      />
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
