// The footer of every back-office form shown in a dialog: "Annuler" closes the dialog,
// the submit button says what it does and, while the answer is awaited, what is happening.
import { Button } from '~/components/ui/button';
import { DialogFooter } from '~/components/ui/dialog';

export function DialogFormFooter({
  onCancel,
  busy,
  submitLabel = 'Enregistrer',
  busyLabel = 'Enregistrement...',
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel?: string;
  busyLabel?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Annuler
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
