import { useTranslation } from '~/lib/i18n-react';
import type { Segment } from '~/lib/autolink';
import { AutoLink } from '../auto-link';
import { Icon } from '../icon';
import { siteLink } from '~/page-delivery/site-link';

export interface FooterShell {
  name: string;
  tagline: string;
  address: string;
  phones: string[];
  email: string;
  links: { address: Segment[]; phones: Segment[][]; email: Segment[] };
  instagram: string;
}

export function SiteFooter({ shell }: { shell: FooterShell }) {
  const { t } = useTranslation();
  const quick = [
    { to: '/#accueil', label: t('nav.home') },
    { to: '/#chambres', label: t('nav.rooms') },
    { to: '/#acces', label: t('nav.access') },
    { to: '/#temoignages', label: t('nav.guestBook') },
    { to: '/#contact', label: t('nav.contact') },
  ];
  return (
    <footer className="border-t bg-secondary text-secondary-foreground">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="font-serif text-xl font-semibold">{shell.name}</p>
          <p className="mt-2 text-sm text-muted-foreground">{shell.tagline}</p>
        </div>
        <nav aria-label={t('footer.quickLinks')}>
          <h2 className="mb-3 font-semibold">{t('footer.quickLinks')}</h2>
          <ul className="space-y-2 text-sm">
            {quick.map((link) => (
              <li key={link.to}>
                <a {...siteLink(link.to)} className="hover:text-primary hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-semibold">{t('footer.contact')}</h2>
          <ul className="space-y-2 text-sm">
            <li className="flex gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
              <AutoLink segments={shell.links.address} className="whitespace-pre-line" />
            </li>
            {shell.links.phones.map((phone, i) => (
              <li key={i} className="flex gap-2">
                <Icon name="phone" className="mt-0.5 size-4 shrink-0" />
                <AutoLink segments={phone} />
              </li>
            ))}
            {shell.email ? (
              <li className="flex gap-2">
                <Icon name="mail" className="mt-0.5 size-4 shrink-0" />
                <AutoLink segments={shell.links.email} />
              </li>
            ) : null}
          </ul>
          {shell.instagram ? (
            <div className="mt-4">
              <h2 className="mb-2 font-semibold">{t('footer.follow')}</h2>
              <a
                href={shell.instagram}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 text-sm hover:text-primary hover:underline"
              >
                <Icon name="instagram" className="size-4" />
                {t('footer.instagram')}
              </a>
            </div>
          ) : null}
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-muted-foreground md:flex-row">
          <p>
            © {new Date().getFullYear()} {shell.name}. {t('footer.rights')}
          </p>
          <a {...siteLink('/mentions-legales')} className="hover:text-primary hover:underline">
            {t('footer.legal')}
          </a>
        </div>
      </div>
    </footer>
  );
}
