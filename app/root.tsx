import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
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
import { toast as showToast, Toaster } from 'sonner';
import { listActiveLanguages, resolveRequestLanguage } from '~/.server/languages';
import { getViewer, isAdmin, publicAccess } from '~/.server/permissions';
import { takeToast } from '~/.server/toast';
import { createI18n, resolveCatalog } from '~/lib/i18n';
import { useNonce } from '~/lib/nonce';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const [languages, viewer] = await Promise.all([listActiveLanguages(), getViewer(request)]);
  const { language, defaultLanguage, setCookie } = resolveRequestLanguage(request, languages);
  const { toast, clear } = takeToast(request);
  const headers = new Headers();
  if (setCookie) headers.append('Set-Cookie', setCookie);
  if (clear) headers.append('Set-Cookie', clear);
  return data(
    {
      language,
      defaultLanguage,
      languages,
      catalog: resolveCatalog(language, defaultLanguage),
      viewer: viewer ? { email: viewer.email, isAdmin: isAdmin(viewer) } : null,
      toast,
    },
    { headers },
  );
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

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData('root') as RootData | undefined;
  const nonce = useNonce();
  return (
    <html lang={rootData?.language ?? 'fr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster position="bottom-right" richColors closeButton duration={4000} visibleToasts={3} gap={14} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { language, catalog, toast } = useLoaderData<typeof loader>();
  const i18n = useMemo(() => createI18n(language, catalog), [language, catalog]);

  useEffect(() => {
    if (!toast) return;
    const show = toast.type === 'error' ? showToast.error : showToast.success;
    show(toast.title, { id: toast.id, description: toast.description });
  }, [toast]);

  useEffect(() => {
    try {
      window.localStorage.setItem('selectedLanguage', language);
    } catch {
      /* storage may be unavailable (private mode) */
    }
  }, [language]);

  return (
    <I18nextProvider i18n={i18n}>
      <Outlet />
    </I18nextProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">{notFound ? '404' : 'Erreur'}</h1>
      <p className="text-lg text-muted-foreground">
        {notFound ? 'Oops! Page introuvable' : 'Une erreur inattendue est survenue. Veuillez réessayer.'}
      </p>
      <a href="/" className="text-primary underline">
        Retour à l'accueil
      </a>
    </main>
  );
}
