// The one toast surface (sonner, with the spec's constants: 4000 ms, 3 visible, gap 14,
// width 356 px by default). Shows every queued toast once, whether it came from the
// toast cookie (server actions) or from useToast() in the browser.
// Not `richColors`: its greens fail WCAG contrast; errors get our destructive red.
import { useEffect, useRef } from 'react';
import { toast as show, Toaster } from 'sonner';
import { useTranslation } from '~/lib/i18n-react';
import type { QueuedToast } from '~/lib/toast';

export default function Toasts({ toasts }: { toasts: QueuedToast[] }) {
  const { t } = useTranslation();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const toast of toasts) {
      if (shown.current.has(toast.id)) continue;
      shown.current.add(toast.id);
      (toast.type === 'error' ? show.error : show.success)(toast.title, { id: toast.id, description: toast.description });
    }
  }, [toasts]);
  return (
    <Toaster
      position="bottom-right"
      closeButton
      duration={4000}
      visibleToasts={3}
      gap={14}
      toastOptions={{
        closeButtonAriaLabel: t('common.closeNotification'),
        classNames: { error: 'border-destructive! text-destructive!' },
      }}
    />
  );
}
