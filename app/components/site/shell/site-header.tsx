import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { useLocation } from 'react-router';
import { useRootData } from '~/root';
import { Icon } from '../icon';
import { languageHref } from '~/lib/booking-query';
import { siteLink } from '~/page-delivery/site-link';

const NAV = [
  { key: 'home', anchor: 'accueil' },
  { key: 'rooms', anchor: 'chambres' },
  { key: 'access', anchor: 'acces' },
  { key: 'guestBook', path: '/livre-dor' },
  { key: 'contact', anchor: 'contact' },
] as const;

function scrollToTop(event: React.MouseEvent) {
  event.preventDefault();
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

function LanguagePicker() {
  const { t } = useTranslation();
  const { languages, language } = useRootData();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  if (languages.length < 2) return null;
  const current = languages.find((l) => l.code === language);
  return (
    <details ref={details} className="relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm hover:bg-muted [&::-webkit-details-marker]:hidden"
        aria-label={`${t('nav.chooseLanguage')} (${current?.name ?? language})`}
      >
        <Icon name="globe" className="size-4" />
        <span className="uppercase">{language}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 min-w-40 rounded-md border bg-popover p-1 shadow-md" aria-label={t('nav.language')}>
        {languages.map((l) => (
          <li key={l.code}>
            <a
              {...siteLink(languageHref(location, l.code), { inPlace: true })}
              hrefLang={l.code}
              lang={l.code}
              aria-current={l.code === language ? 'true' : undefined}
              onClick={() => details.current?.removeAttribute('open')}
              className="menu-item"
            >
              {l.name}
              {l.code === language ? <Icon name="check" className="size-4 text-primary" /> : <span className="size-4" />}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function SiteHeader({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const onHome = pathname === '/';
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  // A tap before hydration opened the <details> unseen by React: hydration takes its state as it
  // is, and only a later navigation closes the menu (closing it on mount snapped a phone's menu shut).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (!menu.current) return;
    if (shownPath.current !== pathname) menu.current.open = false;
    shownPath.current = pathname;
    setOpen(menu.current.open);
  }, [pathname]);

  const links = NAV.map((item) => {
    const label = t(`nav.${item.key}`);
    const close = closeMenu;
    if ('path' in item) {
      return (
        <a {...siteLink(item.path)} key={item.key} className="nav-link" onClick={close}>
          {label}
        </a>
      );
    }
    return onHome ? (
      <a key={item.key} href={`#${item.anchor}`} className="nav-link" onClick={close}>
        {label}
      </a>
    ) : (
      <a {...siteLink(`/#${item.anchor}`)} key={item.key} className="nav-link" onClick={close}>
        {label}
      </a>
    );
  });

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 header-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t('nav.skip')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <a
          {...siteLink('/')}
          onClick={onHome ? scrollToTop : undefined}
          className="min-w-0 truncate whitespace-nowrap font-serif text-base font-semibold text-primary min-[380px]:text-lg sm:text-xl"
          aria-label={t('nav.backToTop', { name: siteName })}
        >
          {siteName}
        </a>
        {/* The full bar from 1024 px: below, the longest labels (es, de) would wrap it onto two lines. */}
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <div className="flex shrink-0 items-center gap-1">
          <LanguagePicker />
          {viewer?.isAdmin ? (
            <a {...siteLink('/admin')} className="rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-muted">
              {t('nav.admin')}
            </a>
          ) : null}
          {/* A <details>, so that the menu opens without the script too (like the language
              picker); with it, the state names the button "Fermer le menu" when open. The
              <summary> is already a button whose expanded state the browser tells: a role or
              aria-expanded on it is an HTML error. */}
          <details ref={menu} className="group lg:hidden" onToggle={(event) => setOpen(event.currentTarget.open)}>
            <summary
              className="flex cursor-pointer list-none rounded-md p-2 hover:bg-muted [&::-webkit-details-marker]:hidden"
              aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            >
              {/* The close icon is drawn once the menu opens (its symbol loads then); without the
                  script the menu still opens, under the menu icon. */}
              {open ? <Icon name="x" className="size-5" /> : <Icon name="menu" className="size-5" />}
            </summary>
            <nav
              id="mobile-menu"
              aria-label={t('nav.main')}
              className="absolute inset-x-0 top-full hidden flex-col border-t border-b bg-background px-4 py-2 group-open:flex"
            >
              {links}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
