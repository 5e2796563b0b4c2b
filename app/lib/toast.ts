import { createContext, useContext } from 'react';

export interface Toast {
  type: 'success' | 'error';
  title: string;
  description?: string;
}

export type QueuedToast = Toast & { id: string };

/**
 * Raises a toast from the browser (e.g. a loader's inline error). Server actions
 * queue theirs through the toast cookie instead; both end on the same surface.
 */
export const ToastContext = createContext<(toast: Toast) => void>(() => {
  throw new Error('useToast must be used inside the app root');
});

export const useToast = () => useContext(ToastContext);
