// The one toast surface (sonner, with the spec's constants: 4000 ms, 3 visible, gap 14,
// width 356 px by default). Shows the toast the root loader read from the cookie.
// Not `richColors`: its greens fail WCAG contrast; errors get our destructive red.
import { useEffect } from 'react';
import { toast as show, Toaster } from 'sonner';
import type { Toast } from '~/lib/toast';

export default function Toasts({ toast }: { toast: (Toast & { id: string }) | null }) {
  useEffect(() => {
    if (!toast) return;
    (toast.type === 'error' ? show.error : show.success)(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);
  return <Toaster
      position="bottom-right"
      closeButton
      duration={4000}
      visibleToasts={3}
      gap={14}
      toastOptions={{ classNames: { error: 'border-destructive! text-destructive!' } }}
    />;
}
