// Never lose the owner's work: leaving a form with unsaved changes — a sidebar link,
// the editing-language switch (a form post to another route), the back button or
// closing the tab — asks first. "Unsaved" means the form's current values differ
// from those it had when it was loaded or last saved; they are compared when the
// owner tries to leave, so every control counts, the rich-text editors included.
//
// A router honours one blocker only (the last one registered), and a screen such as
// Configuration holds several forms: so the back-office shell owns the one blocker and
// the one dialog (`UnsavedChangesProvider`), and each form registers its own check
// with `useUnsavedChangesGuard`.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
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

type DirtyCheck = () => boolean;

interface GuardRegistry {
  register: (check: DirtyCheck) => () => void;
}

const GuardContext = createContext<GuardRegistry | null>(null);

/** The back office's one blocker and its dialog; forms below register with `useUnsavedChangesGuard`. */
export function UnsavedChangesProvider({ children }: { children: React.ReactNode }) {
  const checks = useRef(new Set<DirtyCheck>());
  const registry = useMemo<GuardRegistry>(
    () => ({
      register: (check) => {
        checks.current.add(check);
        return () => void checks.current.delete(check);
      },
    }),
    [],
  );
  const anyDirty = useCallback(() => [...checks.current].some((check) => check()), []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      // A save posts to this same page: only leaving it is guarded.
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) && anyDirty(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  return (
    <GuardContext.Provider value={registry}>
      {children}
      <UnsavedChangesDialog blocker={blocker} />
    </GuardContext.Provider>
  );
}

/**
 * Guards `formRef`. `reply` is the form's last answer (fetcher.data or
 * useActionData()) and `idle` whether it is at rest: after a successful save the
 * saved values become the new reference, so nothing asks any more.
 */
export function useUnsavedChangesGuard(formRef: React.RefObject<HTMLFormElement | null>, reply: unknown, idle: boolean) {
  const registry = useContext(GuardContext);
  if (!registry) throw new Error('useUnsavedChangesGuard must be used inside UnsavedChangesProvider (the admin layout)');
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    // A form drawn later (a dialog opened, a card shown) takes its reference when it appears.
    if (!formRef.current) baseline.current = null;
    else if (baseline.current === null) baseline.current = snapshot(formRef.current);
  });
  useEffect(() => {
    const ok = (reply as { ok?: boolean } | undefined)?.ok;
    if (!(idle && ok)) return;
    // After every effect of this answer (an add form resets itself on success) has run.
    const timer = setTimeout(() => {
      if (formRef.current) baseline.current = snapshot(formRef.current);
    }, 0);
    return () => clearTimeout(timer);
  }, [reply, idle, formRef]);

  useEffect(
    () =>
      registry.register(() => {
        const current = formRef.current;
        return Boolean(current && current.isConnected && baseline.current !== null && snapshot(current) !== baseline.current);
      }),
    [registry, formRef],
  );
}

function UnsavedChangesDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const open = blocker.state === 'blocked';
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && open ? blocker.reset?.() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Modifications non enregistrées</AlertDialogTitle>
          <AlertDialogDescription>Vous avez des modifications non enregistrées. Si vous quittez cette page, elles seront perdues.</AlertDialogDescription>
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

/** The guard of a fetcher form: `<fetcher.Form ref={useFetcherFormGuard(fetcher)} …>`. */
export function useFetcherFormGuard(fetcher: { data: unknown; state: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(formRef, fetcher.data, fetcher.state === 'idle');
  return formRef;
}
