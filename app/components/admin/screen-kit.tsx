// Small building blocks shared by the back-office list screens (users, seasons,
// guest book, languages, configuration).
import { DownloadIcon, SearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useEffect, useRef } from 'react';
import { BACK_OFFICE_META } from '~/back-office-app/head';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { dateTimeFormat } from '~/lib/date-time-format';
import { useToast } from '~/lib/toast';
import { cn } from '~/lib/utils';

/** Every back-office page title has one pattern: '<screen> · Administration'; the head says the back office is an app (BACK_OFFICE_META). */
export const adminMeta = (title: string) => [{ title: `${title} · Administration` }, { name: 'robots', content: 'noindex' }, ...BACK_OFFICE_META];

export function ScreenHeader({ id, title, description, children }: { id: string; title: string; description?: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id={id} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} type="search" className="pl-8" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export function EmptyState({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn('py-8 text-center text-sm text-muted-foreground', className)}>{children}</p>;
}

/**
 * The page side of the failed-load policy (`loadList` in app/.server/http/admin-screen.ts):
 * the spec's message as a toast, once, and as an alert above the (empty) list.
 */
export function LoadError({ message }: { message: string | null | undefined }) {
  useLoadErrorToast(message);
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
      {message}
    </p>
  );
}

export function useLoadErrorToast(message: string | null | undefined) {
  const raise = useToast();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!message || shown.current === message) return;
    shown.current = message;
    raise({ type: 'error', title: 'Erreur', description: message });
  }, [message, raise]);
}

export const formatDate = (value: Date | string) => dateTimeFormat('fr-FR', { dateStyle: 'short' }).format(new Date(value));

/** « Exporter en CSV »: a file the browser downloads, so a document request, not a navigation of the app. */
export function CsvExportButton({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={href} reloadDocument>
        <DownloadIcon aria-hidden="true" />
        Exporter en CSV
      </Link>
    </Button>
  );
}
