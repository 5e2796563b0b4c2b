import { SiteFooter, type FooterShell } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer shared by every public page. */
export function SiteLayout({ shell, children }: { shell: FooterShell; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader siteName={shell.name} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter shell={shell} />
    </div>
  );
}
