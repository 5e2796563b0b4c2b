// Never lose the owner's work: leaving a form with unsaved changes — a sidebar link,
// the editing-language switch (a form post to another route), the back button or
// closing the tab — asks first. "Unsaved" means the form's current values differ
// from those it had when it was loaded or last saved; they are compared when the
// owner tries to leave, so every control counts, the rich-text editors included.
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
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

function snapshot(form: HTMLFormElement): string {
  const values: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') values.push([name, value]);
  }
  return JSON.stringify(values);
}

/**
 * Guards `formRef`. `reply` is the form's last answer (fetcher.data or
 * useActionData()) and `idle` whether it is at rest: after a successful save the
 * saved values become the new reference, so nothing asks any more.
 */
export function useUnsavedChangesGuard(formRef: React.RefObject<HTMLFormElement | null>, reply: unknown, idle: boolean) {
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    if (formRef.current && baseline.current === null) baseline.current = snapshot(formRef.current);
  });
  useEffect(() => {
    const ok = (reply as { ok?: boolean } | undefined)?.ok;
    if (idle && ok && formRef.current) baseline.current = snapshot(formRef.current);
  }, [reply, idle, formRef]);

  const isDirty = useCallback(() => {
    const form = formRef.current;
    return Boolean(form && baseline.current !== null && snapshot(form) !== baseline.current);
  }, [formRef]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      // A save posts to this same page: only leaving it is guarded.
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && isDirty(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return blocker;
}

export function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const open = blocker.state === 'blocked';
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && open ? blocker.reset?.() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Modifications non enregistrées</AlertDialogTitle>
          <AlertDialogDescription>
            Vous avez des modifications non enregistrées. Si vous quittez cette page, elles seront perdues.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel type="button">Rester sur la page</AlertDialogCancel>
          <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
            Quitter sans enregistrer
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
