// The back office's sidebar (SPEC §2): entries and the paths that highlight them,
// the unread messages badge, and the editing-language picker when expanded.
import {
  BellIcon,
  BedDoubleIcon,
  CalculatorIcon,
  CalendarCheckIcon,
  CalendarRangeIcon,
  InboxIcon,
  LandmarkIcon,
  LanguagesIcon,
  LayoutListIcon,
  MessageSquareQuoteIcon,
  SettingsIcon,
  SpellCheckIcon,
  ReceiptTextIcon,
  SunIcon,
  TicketPercentIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef } from 'react';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '~/components/ui/sidebar';

export interface AdminNavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  isActive: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const ADMIN_NAV: AdminNavEntry[] = [
  // The owner's home and the landing after sign-in (decision 0018); /admin stays Chambres as the spec says.
  { label: "Aujourd'hui", to: '/admin/today', icon: SunIcon, isActive: under('/admin/today') },
  {
    label: 'Chambres',
    to: '/admin',
    icon: BedDoubleIcon,
    // /admin, /admin/rooms and anything under /admin/room.
    isActive: (p) => p === '/admin' || p === '/admin/' || p.startsWith('/admin/room'),
  },
  { label: 'Utilisateurs', to: '/admin/users', icon: UsersIcon, isActive: under('/admin/users') },
  { label: 'Saisons', to: '/admin/seasons', icon: CalendarRangeIcon, isActive: under('/admin/seasons') },
  { label: 'Codes promo', to: '/admin/promo-codes', icon: TicketPercentIcon, isActive: under('/admin/promo-codes') },
  { label: 'Simuler un séjour', to: '/admin/simulation', icon: CalculatorIcon, isActive: under('/admin/simulation') },
  { label: "Livre d'Or", to: '/admin/testimonials', icon: MessageSquareQuoteIcon, isActive: under('/admin/testimonials') },
  { label: 'Messages', to: '/admin/messages', icon: InboxIcon, isActive: under('/admin/messages') },
  {
    label: 'Réservations',
    to: '/admin/reservations',
    icon: CalendarCheckIcon,
    // A booking's record and the arrivals list belong to Réservations.
    isActive: (p) => under('/admin/reservations')(p) || under('/admin/booking')(p) || under('/admin/arrivals')(p),
  },
  // The register the town asks for (issue 44): declared per period, after the stays it is made of.
  { label: 'Taxe de séjour', to: '/admin/tourist-tax', icon: LandmarkIcon, isActive: under('/admin/tourist-tax') },
  { label: 'Factures', to: '/admin/notes', icon: ReceiptTextIcon, isActive: under('/admin/notes') },
  { label: 'Sections', to: '/admin/sections', icon: LayoutListIcon, isActive: (p) => p.startsWith('/admin/section') },
  { label: 'Langues', to: '/admin/languages', icon: LanguagesIcon, isActive: under('/admin/languages') },
  { label: 'Traductions', to: '/admin/translations', icon: SpellCheckIcon, isActive: under('/admin/translations') },
  { label: 'Configuration', to: '/admin/config', icon: SettingsIcon, isActive: under('/admin/config') },
  { label: 'Notifications', to: '/admin/notifications', icon: BellIcon, isActive: under('/admin/notifications') },
];

export function AdminSidebar({
  languages,
  editingLanguage,
  unreadMessages,
  pendingBookings = 0,
}: {
  languages: EditingLanguageOption[];
  editingLanguage: string;
  unreadMessages: number;
  /** Booking requests awaiting an answer, counted like unread messages. */
  pendingBookings?: number;
}) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();

  return (
    <Sidebar collapsible="icon" mobileTitle="Administration">
      <SidebarHeader>
        <p className="truncate px-2 py-1.5 font-serif text-lg font-semibold group-data-[collapsible=icon]:hidden">Administration</p>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <nav aria-label="Administration">
              <SidebarMenu>
                {ADMIN_NAV.map((entry) => {
                  const active = entry.isActive(pathname);
                  const count = entry.to === '/admin/messages' ? unreadMessages : entry.to === '/admin/reservations' ? pendingBookings : 0;
                  const badge = count > 0 ? count : null;
                  const badgeText = entry.to === '/admin/reservations' ? 'en attente' : 'non lus';
                  return (
                    <SidebarMenuItem key={entry.to}>
                      <SidebarMenuButton asChild isActive={active} tooltip={entry.label}>
                        <Link to={entry.to} prefetch="intent" aria-current={active ? 'page' : undefined} onClick={() => isMobile && setOpenMobile(false)}>
                          <entry.icon aria-hidden="true" />
                          <span>
                            {entry.label}
                            {badge !== null && (
                              <span className="sr-only">
                                {' '}
                                ({badge} {badgeText})
                              </span>
                            )}
                          </span>
                        </Link>
                      </SidebarMenuButton>
                      {badge !== null && (
                        <SidebarMenuBadge aria-hidden="true" className="bg-primary text-primary-foreground">
                          {badge}
                        </SidebarMenuBadge>
                      )}
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter className="group-data-[collapsible=icon]:hidden">
        <EditingLanguagePicker languages={languages} value={editingLanguage} />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}

/** A language of the picker; hidden ones (not on the public site yet) are marked. */
export interface EditingLanguageOption {
  code: string;
  name: string;
  isActive: boolean;
}

const EDITING_LANGUAGE_ACTION = '/api/editing-language';

function EditingLanguagePicker({ languages, value }: { languages: EditingLanguageOption[]; value: string }) {
  const id = useId();
  const hintId = useId();
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // The picker shows the language the editor holds: the one being switched to only
  // while the switch is under way. If the unsaved-changes guard holds the switch back
  // and the owner stays, nothing navigates and the picker is back on `value`.
  const switching = navigation.formAction === EDITING_LANGUAGE_ACTION ? navigation.formData?.get('language') : null;
  const shown = typeof switching === 'string' ? switching : value;
  return (
    <Form ref={formRef} method="post" action={EDITING_LANGUAGE_ACTION} className="space-y-1.5 rounded-md border border-sidebar-border bg-background p-2">
      <label htmlFor={id} className="block text-xs font-medium">
        Langue d'édition
      </label>
      <select
        id={id}
        name="language"
        value={shown}
        aria-describedby={hintId}
        onChange={() => formRef.current && submit(formRef.current)}
        className="h-8 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.isActive ? l.name : `${l.name} (masquée)`}
          </option>
        ))}
      </select>
      <input type="hidden" name="redirectTo" value={withoutLinkedLanguage(location.pathname, location.search)} />
      <p id={hintId} className="text-xs text-muted-foreground">
        Langue pour la saisie de contenu
      </p>
      <noscript>
        <button type="submit" className="text-xs underline">
          Appliquer
        </button>
      </noscript>
    </Form>
  );
}

/** Back to the same page in the chosen language: a language a link chose (?editing=xx) must not win over it. */
function withoutLinkedLanguage(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('editing');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
