// 'Emails de contact': the addresses that receive the contact form's messages.
import { getFormProps, getInputProps } from '@conform-to/react';
import { PlusIcon } from 'lucide-react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { EmptyState } from '~/components/admin/screen-kit';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { AddContactEmailSchema } from '~/lib/schemas/contact-email';
import { DeleteRowButton } from './delete-row-button';
import type { ContactEmail } from './types';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export function ContactEmailsCard({ emails }: { emails: ContactEmail[] }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({ id: 'add-contact-email', schema: AddContactEmailSchema, reply: fetcher.data });
  useFetcherSuccess(fetcher, () => form.reset());
  const formRef = useFetcherFormGuard(fetcher);
  const formProps = getFormProps(form);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Emails de contact</h3>
        </CardTitle>
        <CardDescription>Adresses qui reçoivent les messages du formulaire de contact</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form
          ref={formRef}
          method="post"
          {...formProps}
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            // SPEC §5: an empty address is silently ignored.
            const email = String(new FormData(event.currentTarget).get('email') ?? '');
            if (email.trim() === '') event.preventDefault();
            else formProps.onSubmit(event);
          }}
        >
          <input type="hidden" name="intent" value="add-email" />
          <Field
            className="flex-1"
            label="Nouvel email de contact"
            labelHidden
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), placeholder: 'contact@exemple.fr', maxLength: 254 }}
            errors={fields.email.errors}
          />
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            <PlusIcon aria-hidden="true" />
            Ajouter
          </Button>
        </fetcher.Form>
        {emails.length === 0 ? (
          <EmptyState className="py-2 text-left">Aucun email de contact pour le moment</EmptyState>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Emails de contact">
            {emails.map((email) => (
              <li key={email.id} className="flex items-center justify-between gap-2 px-3 py-2">
                <span className="break-all">{email.email}</span>
                <DeleteRowButton intent="delete-email" id={email.id} label={`Supprimer ${email.email}`} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
