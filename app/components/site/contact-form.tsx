import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { useActionData, useFetcher } from 'react-router';
import { CONTACT_GUEST_OPTIONS, DEFAULT_CONTACT_GUESTS, type PublicFormReply } from '~/lib/public-forms';
import { FormErrors, Honeypot, readReply, SiteField, useFocusFirstInvalid, type FormReply } from './form-field';
import { SectionHeading } from './home-blocks';
import { Icon } from './icon';

export const CONTACT_SUCCESS_MS = 3000;

export interface BookingLinks {
  booking: string;
  airbnb: string;
  tripadvisor: string;
}

type ContactFetcher = ReturnType<typeof useFetcher<PublicFormReply>>;

function ContactForm({ fetcher, lastResult, sending }: { fetcher: ContactFetcher; lastResult?: FormReply; sending: boolean }) {
  const { t } = useTranslation();
  const formId = 'contact-form';
  const formRef = useRef<HTMLFormElement>(null);
  // The server validates with ContactSchema and answers with the messages shown here.
  const reply = readReply(formId, lastResult);
  useFocusFirstInvalid(formRef, lastResult);
  // Without JavaScript the page comes back with the server's messages: focus the first invalid field.
  const firstInvalid = reply.firstInvalid(['name', 'email', 'phone', 'dates', 'guests', 'message']);
  const name = reply.field('name');
  const email = reply.field('email');
  const phone = reply.field('phone');
  const dates = reply.field('dates');
  const guests = reply.field('guests');
  const message = reply.field('message');
  return (
    // No fragment here: it would stop the browser from focusing (autofocus) the first invalid
    // field of the answer page, which is what scrolls a visitor without JavaScript to it.
    <fetcher.Form ref={formRef} method="post" action="/?index" id={formId} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="contact" />
      <Honeypot formId={formId} />
      <FormErrors errors={reply.formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SiteField id={name.id} label={t('contact.name')} errorId={name.errorId} errors={name.errors} required>
          <input {...name.control} type="text" autoFocus={firstInvalid === 'name'} required maxLength={200} autoComplete="name" className="field-control" />
        </SiteField>
        <SiteField id={email.id} label={t('contact.email')} errorId={email.errorId} errors={email.errors} required>
          <input {...email.control} type="email" autoFocus={firstInvalid === 'email'} required maxLength={254} autoComplete="email" className="field-control" />
        </SiteField>
        <SiteField id={phone.id} label={t('contact.phone')} errorId={phone.errorId} errors={phone.errors}>
          <input {...phone.control} type="tel" autoFocus={firstInvalid === 'phone'} maxLength={40} autoComplete="tel" className="field-control" />
        </SiteField>
        <SiteField id={dates.id} label={t('contact.dates')} errorId={dates.errorId} errors={dates.errors}>
          <input
            {...dates.control}
            type="text"
            autoFocus={firstInvalid === 'dates'}
            maxLength={200}
            placeholder={t('contact.datesPlaceholder')}
            className="field-control"
          />
        </SiteField>
        <SiteField id={guests.id} label={t('contact.guests')} errorId={guests.errorId} errors={guests.errors}>
          <select
            {...guests.control}
            defaultValue={guests.control.defaultValue ?? String(DEFAULT_CONTACT_GUESTS)}
            autoFocus={firstInvalid === 'guests'}
            className="field-control"
          >
            {CONTACT_GUEST_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {t('contact.guestOption', { count: n })}
              </option>
            ))}
          </select>
        </SiteField>
      </div>
      <SiteField id={message.id} label={t('contact.message')} errorId={message.errorId} errors={message.errors} required>
        <textarea {...message.control} autoFocus={firstInvalid === 'message'} required maxLength={5000} rows={5} className="field-control" />
      </SiteField>
      <button type="submit" disabled={sending} className="btn-primary w-full py-2.5 sm:w-auto">
        {sending ? t('contact.sending') : t('contact.submit')}
      </button>
    </fetcher.Form>
  );
}

/** The contact section; `sentBeforeLoad`: this page follows a no-JavaScript submission that was stored. */
export function ContactSection({ links, sentBeforeLoad = false }: { links: BookingLinks; sentBeforeLoad?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PublicFormReply>({ key: 'contact' });
  const actionData = useActionData<PublicFormReply>();
  const data = fetcher.data ?? actionData;
  const sentId = data?.sentId ?? (sentBeforeLoad ? 'sent-before-load' : undefined);
  const sending = fetcher.state !== 'idle';
  const [dismissed, setDismissed] = useState<string | null>(null);
  const showSuccess = Boolean(sentId && sentId !== dismissed);
  const successPanel = useRef<HTMLDivElement>(null);

  // The success panel is much shorter than the form it replaces: on a phone the page
  // would end up on the footer. Bring the panel into view (and to screen readers).
  useEffect(() => {
    if (!showSuccess || !successPanel.current) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    successPanel.current.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    successPanel.current.focus({ preventScroll: true });
  }, [showSuccess]);

  useEffect(() => {
    if (!sentId || sentId === dismissed) return;
    const id = sentId;
    const timer = window.setTimeout(() => setDismissed(id), CONTACT_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [sentId, dismissed]);

  const platforms = [
    { href: links.booking, label: 'Booking.com' },
    { href: links.airbnb, label: 'Airbnb' },
    { href: links.tripadvisor, label: 'TripAdvisor' },
  ].filter((p) => p.href);

  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-muted/40 px-4 py-16">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="contact-title" title={t('contact.title')} subtitle={t('contact.subtitle')} />
        <div className="grid gap-8 md:grid-cols-3">
          <div className="card relative p-6 md:col-span-2">
            {showSuccess ? (
              <div
                ref={successPanel}
                tabIndex={-1}
                role="status"
                className="flex min-h-64 flex-col items-center justify-center gap-3 text-center outline-none"
                data-testid="contact-success"
              >
                <Icon name="circle-check" className="size-12 text-green-700" />
                <p className="text-xl font-semibold">{t('contact.successTitle')}</p>
                <p className="text-muted-foreground">{t('contact.successDescription')}</p>
              </div>
            ) : (
              <ContactForm key={dismissed ?? 'initial'} fetcher={fetcher} lastResult={data?.sentId ? undefined : data?.result} sending={sending} />
            )}
          </div>
          <div className="space-y-6">
            <p className="flex items-center gap-2 rounded-xl border bg-card p-4 font-medium">
              <Icon name="clock" className="size-5 text-primary" />
              {t('contact.responseTime')}
            </p>
            {platforms.length ? (
              <div className="rounded-xl border bg-card p-4">
                <h3 className="mb-3 font-semibold">{t('contact.bookOn')}</h3>
                <ul className="space-y-2">
                  {platforms.map((p) => (
                    <li key={p.label}>
                      <a href={p.href} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-2">
                        {p.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
