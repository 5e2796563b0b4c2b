// The back-office shell (SPEC §2): sidebar, header, sign-out, loading state.
// This loader guards the page, but every child loader and action guards itself too.
import { ExternalLinkIcon, LogOutIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Form, isRouteErrorResponse, Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import { config } from '~/.server/environment';
import { readCookie } from '~/.server/http/cookies';
import { getEditingLanguage, linkedEditingLanguageSwitch, rememberLinkedEditingLanguage } from '~/.server/languages/editing-language-choice';
import { countPendingBookings } from '~/.server/booking/stays/requests';
import { countUnreadContactMessages } from '~/.server/content/contact-messages';
import { listEditingLanguages } from '~/.server/languages/site-languages';
import { requireAdmin, type NoAccess as NoAccessReply } from '~/.server/auth/permissions';
import { vapidKeys } from '~/.server/notifications/vapid';
import { BACK_OFFICE_META, backOfficeLinks } from '~/back-office-app/head';
import { useBackOfficeApp } from '~/back-office-app/use-back-office-app';
import { AdminSidebar } from '~/components/admin/admin-sidebar';
import { NoAccess } from '~/components/admin/no-access';
import { ErrorBoundary as SiteErrorBoundary } from '~/root';
import { UnsavedChangesProvider } from '~/components/admin/unsaved-changes';
import { EditingLanguageNotice, type EditingLanguageSwitch } from '~/components/admin/editing-language-notice';
import { Button } from '~/components/ui/button';
import { Separator } from '~/components/ui/separator';
import { SIDEBAR_COOKIE_NAME, SidebarInset, SidebarProvider, SidebarTrigger } from '~/components/ui/sidebar';
import { Spinner } from '~/components/ui/spinner';
import type { Route } from './+types/layout';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

/** Every screen of the back office is one signed-in owner's. */
export const handle = { delivery: { kind: 'personal', page: 'back-office' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const [languages, editingLanguage, unreadMessages, pendingBookings, push] = await Promise.all([
    listEditingLanguages(),
    getEditingLanguage(request),
    countUnreadContactMessages(),
    countPendingBookings(),
    vapidKeys(),
  ]);
  const replaced = await linkedEditingLanguageSwitch(request, editingLanguage);
  const nameOf = (code: string) => ({ code, name: languages.find((l) => l.code === code)?.name ?? code });
  const languageSwitch = replaced ? { pathname: new URL(request.url).pathname, from: nameOf(replaced), to: nameOf(editingLanguage) } : null;
  // A link that chose the editing language (?editing=xx) keeps it chosen.
  const remember = rememberLinkedEditingLanguage(request, editingLanguage);
  return data(
    {
      email: viewer.email,
      languages: languages.map(({ code, name, isActive }) => ({ code, name, isActive })),
      editingLanguage,
      // Instants are written in the guesthouse's time zone, in the browser too (components/admin/owner-time.ts).
      timeZone: config().GUESTHOUSE_TIME_ZONE,
      unreadMessages,
      pendingBookings,
      languageSwitch,
      // The site's push key: a device subscribed with an older one subscribes again (app/back-office-app).
      pushKey: push.publicKey,
      // The state the user left the sidebar in (open unless they closed it).
      sidebarOpen: readCookie(request, SIDEBAR_COOKIE_NAME) !== 'false',
    },
    remember ? { headers: { 'Set-Cookie': remember } } : undefined,
  );
}

export function meta() {
  return [{ title: 'Administration' }, { name: 'robots', content: 'noindex' }, ...BACK_OFFICE_META];
}

/** The back office installs as an app on a phone (manifest, home-screen icon); public pages link none of it. */
export const links: Route.LinksFunction = () => backOfficeLinks();

/** The public page that shows what the screen edits ("Voir le site"). */
function publicPageOf(pathname: string): string {
  const room = /^\/admin\/room\/([0-9a-f-]{36})$/.exec(pathname);
  if (room) return `/room/${room[1]}`;
  if (pathname.startsWith('/admin/testimonials')) return '/livre-dor';
  return '/';
}

export default function AdminLayout() {
  const { email, languages, editingLanguage, unreadMessages, pendingBookings, sidebarOpen, languageSwitch, pushKey } = useLoaderData<typeof loader>();
  useBackOfficeApp(pushKey);
  const { pathname } = useLocation();
  // Kept while the owner stays on the page the link opened (a save reloads without the switch).
  const [notice, setNotice] = useState<EditingLanguageSwitch | null>(languageSwitch);
  useEffect(() => {
    if (languageSwitch) setNotice(languageSwitch);
  }, [languageSwitch]);
  const shownNotice = notice && notice.pathname === pathname && notice.to.code === editingLanguage ? notice : null;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';

  return (
    <UnsavedChangesProvider>
      <SidebarProvider defaultOpen={sidebarOpen}>
        <AdminSidebar languages={languages} editingLanguage={editingLanguage} unreadMessages={unreadMessages} pendingBookings={pendingBookings} />
        {/* data-admin-shell: on a phone every control of the back office is a 44 px touch target (app.css). */}
        <SidebarInset data-admin-shell="">
          <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-3 sm:px-4">
            <SidebarTrigger />
            <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-5" />
            <h1 className="min-w-0 flex-1 text-lg font-semibold">Administration</h1>
            <span className="hidden truncate text-sm text-muted-foreground lg:inline">{email}</span>
            <Button asChild variant="ghost" size="sm">
              <a href={publicPageOf(pathname)} target="_blank" rel="noopener">
                <ExternalLinkIcon aria-hidden="true" />
                {/* Icons only on a phone, so that the title keeps its whole word. */}
                <span className="sr-only sm:not-sr-only">Voir le site</span>
              </a>
            </Button>
            <Form method="post" action="/sign-out">
              <Button type="submit" variant="outline" size="sm">
                <LogOutIcon aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Déconnexion</span>
              </Button>
            </Form>
          </header>
          <div className="relative flex-1 p-3 sm:p-6" aria-busy={loading || undefined}>
            {loading && (
              <div
                role="status"
                className="absolute inset-0 z-20 flex items-start justify-center bg-background/60 pt-24 animate-in fade-in fill-mode-both delay-150 duration-200"
              >
                <span className="flex items-center gap-2 rounded-md border bg-background px-4 py-2 text-sm shadow-sm">
                  <Spinner />
                  Chargement...
                </span>
              </div>
            )}
            {shownNotice ? <EditingLanguageNotice change={shownNotice} /> : null}
            <Outlet />
          </div>
        </SidebarInset>
      </SidebarProvider>
    </UnsavedChangesProvider>
  );
}

/**
 * A signed-in person without the role reaches /admin and is told so here (requireAdmin
 * answers the page 403 with who they are); any other error is the site's.
 */
export function ErrorBoundary(props: Route.ErrorBoundaryProps) {
  const { error } = props;
  const noAccess = isRouteErrorResponse(error) && error.status === 403 ? (error.data as Partial<NoAccessReply> | null)?.noAccess : undefined;
  if (noAccess) return <NoAccess email={noAccess.email} />;
  return <SiteErrorBoundary {...(props as unknown as Parameters<typeof SiteErrorBoundary>[0])} />;
}
