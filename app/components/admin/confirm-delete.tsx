// Every delete of the back office asks first with this dialog, then posts
// `intent=delete` (or the given intent) with the hidden fields through a fetcher, so
// the list stays where it is. It brings its own trigger (a labelled bin button),
// or, given `open`/`onOpenChange`, is opened by the screen (e.g. from a row menu).
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useFetcherReply } from '~/components/admin/admin-form';
import type { IntentReply } from '~/lib/intent-reply';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog';
import { Button } from '~/components/ui/button';

export function ConfirmDelete({
  label,
  title,
  description,
  fields,
  intent = 'delete',
  action,
  open: controlledOpen,
  onOpenChange,
  disabled,
  triggerText,
  icon = <Trash2Icon aria-hidden="true" />,
  confirmText = 'Supprimer',
  busyText = 'Suppression...',
  onReply,
}: {
  /** Accessible name of the trigger, e.g. 'Supprimer Lavande'. */
  label: string;
  title: string;
  description: React.ReactNode;
  /** Hidden fields posted with the intent, e.g. `{ id }`. */
  fields: Record<string, string>;
  intent?: string;
  /** The route to post to (default: the current route's action). */
  action?: string;
  /** Controlled mode: the screen opens the dialog and no trigger is drawn. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
  /** A visible word beside the bin icon (lists on a phone). */
  triggerText?: string;
  /** Another destructive action asked the same way (e.g. breaking a shared link): its icon and words. */
  icon?: React.ReactNode;
  confirmText?: string;
  busyText?: string;
  /** Told of the action's answer (e.g. to look again at what was erased). */
  onReply?: (reply: IntentReply) => void;
}) {
  const fetcher = useFetcher();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const controlled = controlledOpen !== undefined;
  const open = controlled ? controlledOpen : uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (!controlled) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  // The dialog stays open (busy) until the answer, then closes; the toast tells the outcome.
  useFetcherReply(fetcher, (reply) => {
    setOpen(false);
    onReply?.(reply);
  });
  const busy = fetcher.state !== 'idle';
  return (
    <AlertDialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      {controlled ? null : (
        <AlertDialogTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size={triggerText ? 'default' : 'icon'}
            aria-label={label}
            title={label}
            disabled={disabled || busy}
            onClick={(event) => event.stopPropagation()}
            className="text-destructive hover:text-destructive"
          >
            {icon}
            {triggerText ? <span aria-hidden="true">{triggerText}</span> : null}
          </Button>
        </AlertDialogTrigger>
      )}
      <AlertDialogContent onClick={(event) => event.stopPropagation()}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Annuler
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? busyText : confirmText}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
