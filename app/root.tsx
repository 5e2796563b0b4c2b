import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { getViewer, isAdmin, publicAccess } from '~/.server/auth/permissions';
import { takeToast } from '~/.server/http/toast-response';
import { catalogHref } from '~/.server/languages/catalog-file';
import { I18nProvider } from '~/lib/i18n-react';
import { loadCatalog } from '~/lib/page-catalog';
import { ToastContext, type QueuedToast, type Toast } from '~/lib/toast';
import { DeliveryHead } from '~/page-delivery/delivery-head';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';
import type { Route } from './+types/root';

/** Every page reads `?lang=` (the root loader's language choice). */
export const handle = { delivery: { params: ['lang'] } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const [{ languages, language, defaultLanguage, setCookie }, viewer] = await Promise.all([getRequestLanguage(request), getViewer(request)]);
  const { toast, clear } = takeToast(request);
  const headers = new Headers();
  if (setCookie) headers.append('Set-Cookie', setCookie);
  if (clear) headers.append('Set-Cookie', clear);
  return data(
    {
      language,
      defaultLanguage,
      languages,
      /** The address of the page's built-in texts (app/lib/page-catalog.ts). */
      catalog: catalogHref(language, defaultLanguage),
      viewer: viewer ? { email: viewer.email, isAdmin: isAdmin(viewer) } : null,
      toast,
    },
    { headers },
  );
}

// Another language's texts are fetched before its pages are shown (the first page's
// are fetched by entry.client.tsx before React hydrates it).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalog(data.catalog);
  return data;
}

// Toasts queued by an action travel in a cookie that this loader reads, so it must
// run after every action, including those answering 4xx (React Router skips those).
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return true;
  return defaultShouldRevalidate;
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** The root loader's data, from any route. */
export function useRootData() {
  return useRouteLoaderData('root') as RootData;
}

// React Router's document, with what page delivery puts in its head (stylesheet, favicon,
// preloads, the site link follower: app/page-delivery/delivery-head.tsx). The response's
// CSP nonce reaches <Scripts> and <ScrollRestoration> through React Router's context.
export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData('root') as RootData | undefined;
  return (
    <html lang={rootData?.language ?? 'fr'} data-catalog={rootData?.catalog}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <DeliveryHead catalog={rootData?.catalog} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// sonner is loaded with the first toast, so pages that never show one stay lighter.
const Toasts = lazy(() => import('~/components/toasts'));

export default function App() {
  const { language, catalog, toast } = useLoaderData<typeof loader>();
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  useEffect(() => {
    if (toast) setToasts((queued) => (queued.some((t) => t.id === toast.id) ? queued : [...queued, toast]));
  }, [toast]);
  const raise = useCallback((next: Toast) => setToasts((queued) => [...queued, { ...next, id: crypto.randomUUID() }]), []);

  useEffect(() => {
    try {
      window.localStorage.setItem('selectedLanguage', language);
    } catch {
      /* storage may be unavailable (private mode) */
    }
  }, [language]);

  return (
    <I18nProvider language={language} catalog={catalog}>
      <ToastContext.Provider value={raise}>
        <Outlet />
      </ToastContext.Provider>
      {toasts.length ? (
        <Suspense fallback={null}>
          <Toasts toasts={toasts} />
        </Suspense>
      ) : null}
    </I18nProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">{notFound ? '404' : 'Erreur'}</h1>
      <p className="text-lg text-muted-foreground">{notFound ? 'Oops! Page introuvable' : 'Une erreur inattendue est survenue. Veuillez réessayer.'}</p>
      <a href="/" className="text-primary underline">
        Retour à l'accueil
      </a>
    </main>
  );
}
