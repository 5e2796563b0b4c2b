// The Livre d'Or dialogs: details, edit, and the soft limit on favourites (SPEC §5).
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { useAdminForm, useFetcherSuccess } from '~/components/admin/admin-form';
import { DialogFormFooter } from '~/components/admin/dialog-form-footer';
import { formatDate } from '~/components/admin/screen-kit';
import { Field, SelectField, TextareaField } from '~/components/forms';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { COUNTRIES, countryName } from '~/lib/countries';
import { EditTestimonialSchema, FEATURED_CONFIRMATION } from '~/lib/schemas/testimonial-admin';
import { StatusBadges, type Testimonial } from './testimonial-row';
import { useFetcherFormGuard } from '~/components/admin/unsaved-changes';

export function ViewDialog({ testimonial: t, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  return (
    <Dialog open={t !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Détails du témoignage</DialogTitle>
          <DialogDescription>{t ? `Reçu le ${formatDate(t.createdAt)}` : null}</DialogDescription>
        </DialogHeader>
        {t ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium">Nom</dt>
            <dd>{t.name}</dd>
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{t.email}</dd>
            <dt className="font-medium">Pays</dt>
            <dd>{countryName(t.country) || '—'}</dd>
            <dt className="font-medium">Note</dt>
            <dd>{t.rating} / 5</dd>
            <dt className="font-medium">Statut</dt>
            <dd>
              <StatusBadges testimonial={t} />
            </dd>
            <dt className="font-medium">Message</dt>
            <dd className="whitespace-pre-wrap">{t.message}</dd>
          </dl>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Fermer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function EditDialog({ testimonial: t, onClose }: { testimonial: Testimonial | null; onClose: () => void }) {
  return (
    <Dialog open={t !== null} onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Modifier le témoignage</DialogTitle>
          <DialogDescription>Corrigez le nom, l&apos;email, le pays ou le message.</DialogDescription>
        </DialogHeader>
        {t ? <EditForm key={t.id} testimonial={t} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ testimonial: t, onClose }: { testimonial: Testimonial; onClose: () => void }) {
  const fetcher = useFetcher();
  const [form, fields] = useAdminForm({
    id: `testimonial-${t.id}`,
    schema: EditTestimonialSchema,
    reply: fetcher.data,
    defaultValue: { id: t.id, name: t.name, email: t.email, country: t.country ?? '', message: t.message },
  });
  useFetcherSuccess(fetcher, onClose);
  const busy = fetcher.state !== 'idle';
  const formRef = useFetcherFormGuard(fetcher);
  return (
    <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={t.id} />
      <Field label="Nom" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), maxLength: 100 }} errors={fields.name.errors} />
      <Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), maxLength: 254 }} errors={fields.email.errors} />
      <SelectField label="Pays" selectProps={getSelectProps(fields.country)} errors={fields.country.errors}>
        <option value="">Aucun</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Message" textareaProps={{ ...getTextareaProps(fields.message), rows: 6, maxLength: 5000 }} errors={fields.message.errors} />
      <DialogFormFooter onCancel={onClose} busy={busy} />
    </fetcher.Form>
  );
}

/** SPEC §5: past the recommended 3 favourites, ask; the owner may proceed. */
export function ConfirmFeatureDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next ? onCancel() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Ajouter aux favoris ?</AlertDialogTitle>
          <AlertDialogDescription>{FEATURED_CONFIRMATION}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel type="button">Annuler</AlertDialogCancel>
          <Button type="button" onClick={onConfirm}>
            Ajouter quand même
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
