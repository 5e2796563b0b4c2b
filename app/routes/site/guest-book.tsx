import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n-react';
import { data, useActionData, useFetcher, useLoaderData } from 'react-router';
import { getRequestLanguage } from '~/.server/languages/request-language';
import { publicAccess } from '~/.server/auth/permissions';
import { runPublicForm, takeSentFlag } from '~/.server/site/public-form';
import { buildSeo } from '~/.server/site/seo-links';
import { loadSiteShell } from '~/.server/site/shell';
import { listPublishedTestimonials, submitTestimonial } from '~/.server/content/testimonials';
import { FormErrors, Honeypot, readReply, SiteField, useFocusFirstInvalid, type FormReply } from '~/components/site/form-field';
import { TestimonialCard } from '~/components/site/home-blocks';
import { SiteLayout } from '~/components/site/shell/site-layout';
import { COUNTRIES } from '~/lib/countries';
import { DEFAULT_RATING, RATINGS, type PublicFormReply } from '~/lib/public-forms';
import { TestimonialSchema } from '~/lib/schemas/testimonial';
import { seoMeta } from '~/components/site/shell/seo';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/guest-book';
import { Icon } from '~/components/site/icon';
import type { DeliveryHandle } from '~/page-delivery/route-delivery';

export const handle = { delivery: { kind: 'document', page: 'public' } } satisfies DeliveryHandle;

export async function loader({ request }: Route.LoaderArgs) {
  publicAccess(request);
  const { chain, language, languages, t } = await getRequestLanguage(request);
  const [{ shell }, testimonials] = await Promise.all([
    loadSiteShell(chain),
    // SPEC §8: a failed read is only logged; the list stays empty.
    listPublishedTestimonials().catch((error) => {
      console.error('[guest-book] could not load testimonials:', error);
      return [];
    }),
  ]);
  const seo = buildSeo({
    request,
    path: '/livre-dor',
    title: `${t('meta.guestBookTitle')} – ${shell.name}`,
    description: t('meta.guestBookDescription'),
    language,
    languages,
  });
  const sent = takeSentFlag(request, 'testimonial');
  return data({ shell, testimonials, seo, sentBeforeLoad: sent.sent }, { headers: sent.headers });
}

/** The form's anchor: a visitor without JavaScript comes back here with the answer in view. */
const FORM_ANCHOR = 'temoigner';

export async function action({ request, context }: Route.ActionArgs) {
  publicAccess(request);
  return runPublicForm({ request, context }, TestimonialSchema, ({ t }) => ({
    form: 'testimonial',
    intent: 'testimonial',
    anchor: () => `/livre-dor#${FORM_ANCHOR}`,
    success: { type: 'success', title: t('guestBook.successTitle'), description: t('guestBook.successDescription') },
    failure: { type: 'error', title: t('common.error'), description: t('guestBook.error') },
    perform: submitTestimonial,
  }));
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

// Native <select> (works before hydration); where the browser supports customisable
// selects, its open list is capped at 200 px as the spec asks.
const COUNTRY_SELECT_CSS = `
@supports (appearance: base-select) {
  .country-select, .country-select::picker(select) { appearance: base-select; }
  .country-select::picker(select) { max-height: 200px; overflow-y: auto; border: 1px solid var(--border); border-radius: 0.375rem; }
}`;

function RatingInput({ name, defaultValue }: { name: string; defaultValue: number }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(defaultValue);
  return (
    <fieldset>
      <legend className="text-sm font-medium">{t('guestBook.rating')}</legend>
      <div className="mt-1 flex gap-1">
        {RATINGS.map((n) => (
          <label key={n} className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
            <input type="radio" name={name} value={n} defaultChecked={n === defaultValue} onChange={() => setRating(n)} className="sr-only" />
            <Icon name="star" className={`size-7 ${n <= rating ? 'star-on' : 'text-muted-foreground'}`} />
            <span className="sr-only">{t('guestBook.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TestimonialForm({ lastResult }: { lastResult?: FormReply }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<PublicFormReply>({ key: 'testimonial' });
  const sending = fetcher.state !== 'idle';
  const formId = 'testimonial';
  const formRef = useRef<HTMLFormElement>(null);
  // The server validates with TestimonialSchema and answers with the messages shown here.
  const answer = fetcher.data?.result ?? lastResult;
  const reply = readReply(formId, answer);
  useFocusFirstInvalid(formRef, answer);
  const name = reply.field('name');
  const email = reply.field('email');
  const countryField = reply.field('country');
  const rating = reply.field('rating');
  const message = reply.field('message');
  const hydrated = useHydrated();
  const countryHintId = `${countryField.id}-send-hint`;
  // Keeps the choice of an answered (invalid) submission, also in the page rendered without JavaScript.
  const [country, setCountry] = useState(countryField.control.defaultValue ?? '');
  // Without JavaScript the page comes back with the server's messages: focus the first invalid field.
  const firstInvalid = reply.firstInvalid(['name', 'email', 'country', 'rating', 'message']);
  const resetKey = fetcher.data?.sentId ?? 'initial';
  const countryShownFor = useRef<string | null>(null);
  useEffect(() => {
    if (countryShownFor.current === null) {
      // Hydrated: the country is the one the select shows, which a visitor may have chosen
      // before the page hydrated (the form works as plain HTML meanwhile: decision 0013).
      const shown = formRef.current?.querySelector<HTMLSelectElement>('select[name="country"]')?.value;
      if (shown) setCountry(shown);
    } else if (countryShownFor.current !== resetKey) {
      // A successful submission empties the form: forget the country too.
      setCountry('');
    }
    countryShownFor.current = resetKey;
  }, [resetKey]);
  return (
    <fetcher.Form
      // A new form after a success: every field empty again.
      key={resetKey}
      ref={formRef}
      method="post"
      // No fragment: it would stop the browser from focusing (autofocus) the first invalid field.
      action="/livre-dor"
      id={formId}
      noValidate
      onReset={() => setCountry('')}
      className="card space-y-4 p-6"
    >
      {/* href + precedence: React hoists it into <head>, the only place HTML allows a <style>. */}
      <style href="country-select" precedence="default">
        {COUNTRY_SELECT_CSS}
      </style>
      <input type="hidden" name="intent" value="testimonial" />
      <Honeypot formId={formId} />
      <FormErrors errors={reply.formErrors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SiteField id={name.id} label={t('guestBook.name')} errorId={name.errorId} errors={name.errors} required>
          <input {...name.control} type="text" autoFocus={firstInvalid === 'name'} required maxLength={100} autoComplete="name" className="field-control" />
        </SiteField>
        <SiteField id={email.id} label={t('guestBook.email')} errorId={email.errorId} errors={email.errors} hint={t('guestBook.emailHint')} required>
          <input {...email.control} type="email" autoFocus={firstInvalid === 'email'} required maxLength={254} autoComplete="email" className="field-control" />
        </SiteField>
      </div>
      <SiteField id={countryField.id} label={t('guestBook.country')} errorId={countryField.errorId} errors={countryField.errors} required>
        <select
          {...countryField.control}
          defaultValue={undefined}
          required
          autoFocus={firstInvalid === 'country'}
          // Controlled: the form's reset after a success unselects every option (a blank list);
          // setting the value back to '' shows the placeholder again.
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          className="country-select field-control"
        >
          <option value="" disabled>
            {t('guestBook.chooseCountry')}
          </option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {t(`countries.${c.code}`, { defaultValue: c.name })}
            </option>
          ))}
        </select>
      </SiteField>
      <RatingInput name={rating.control.name} defaultValue={DEFAULT_RATING} />
      <SiteField id={message.id} label={t('guestBook.message')} errorId={message.errorId} errors={message.errors} required>
        <textarea {...message.control} autoFocus={firstInvalid === 'message'} required maxLength={3000} rows={5} className="field-control" />
      </SiteField>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <button
          type="submit"
          // Before hydration the select's own "required" stops an empty choice (no script to enable the button).
          disabled={sending || (hydrated && !country)}
          aria-describedby={hydrated && !country ? countryHintId : undefined}
          className="btn-primary w-full py-2.5 sm:w-auto"
        >
          {sending ? t('guestBook.sending') : t('guestBook.submit')}
        </button>
        {/* SPEC §5 keeps the button disabled until a country is chosen: say why. */}
        {hydrated && !country ? (
          <p id={countryHintId} className="text-sm text-muted-foreground">
            {t('guestBook.countryFirst')}
          </p>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

export default function GuestBook() {
  const { t } = useTranslation();
  const { shell, testimonials, sentBeforeLoad } = useLoaderData<typeof loader>();
  const actionData = useActionData<PublicFormReply>();
  return (
    <SiteLayout shell={shell}>
      <div className="mx-auto max-w-5xl space-y-12 px-4 py-12">
        <header className="text-center">
          <h1 className="font-serif text-4xl font-semibold">{t('guestBook.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('guestBook.intro')}</p>
        </header>
        <section id={FORM_ANCHOR} aria-labelledby="form-title" className="mx-auto max-w-2xl scroll-mt-20">
          <h2 id="form-title" className="mb-4 font-serif text-2xl font-semibold">
            {t('guestBook.formTitle')}
          </h2>
          {sentBeforeLoad ? (
            // After a no-JavaScript submission (the toast needs JavaScript): the confirmation, in view.
            <div role="status" className="mb-4 rounded-md border border-green-700/30 bg-green-50 p-4 text-green-900" data-testid="testimonial-sent">
              <p className="font-semibold">{t('guestBook.successTitle')}</p>
              <p>{t('guestBook.successDescription')}</p>
            </div>
          ) : null}
          <TestimonialForm lastResult={actionData?.result} />
        </section>
        <section aria-labelledby="list-title">
          <h2 id="list-title" className="mb-6 font-serif text-2xl font-semibold">
            {t('guestBook.listTitle')}
          </h2>
          {testimonials.length === 0 ? (
            <p className="text-center text-muted-foreground">{t('guestBook.empty')}</p>
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              {testimonials.map((item) => (
                <TestimonialCard key={item.id} testimonial={item} />
              ))}
            </div>
          )}
        </section>
      </div>
    </SiteLayout>
  );
}
