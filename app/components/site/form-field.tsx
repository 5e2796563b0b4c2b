import type { SubmissionResult } from '@conform-to/react';
import { useEffect, type RefObject } from 'react';
import { useTranslation } from '~/lib/i18n-react';

/** A public form's labelled control with its error message (an i18n key from the zod schema); the back office's is `Field` (app/components/forms.tsx). */
export function SiteField(props: {
  id: string;
  label: string;
  errorId: string;
  errors?: string[];
  required?: boolean;
  hint?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="text-sm font-medium">
        {props.label}
        {props.required ? (
          <span aria-hidden className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {props.children}
      {props.hint ? <p className="text-xs text-muted-foreground">{props.hint}</p> : null}
      {props.errors?.length ? (
        <p id={props.errorId} className="text-sm text-destructive">
          {t(props.errors[0]!)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form's own errors, not a field's (a refusal and its reasons, the limit, a failure):
 * announced, and focused when the answer is a new page (autoFocus acts on mount).
 */
export function FormErrors({ errors }: { errors: string[] }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <div role="alert" tabIndex={-1} autoFocus className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}

/** Invisible to people and assistive technology; bots that fill every field reveal themselves. */
export function Honeypot({ formId }: { formId: string }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={`${formId}-website`}>{t('contact.honeypot')}</label>
      <input id={`${formId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The server's answer to a public form: Conform's reply shape (field errors by name, form errors under ''). */
export type FormReply = SubmissionResult<string[]>;

/**
 * The public forms read the server's reply directly rather than through Conform, which
 * stays out of the public JavaScript: the server validates with the shared zod schema,
 * this gives each control its id, what the visitor typed (a page answered without
 * JavaScript is rendered anew) and its error, linked for assistive technology.
 */
export function readReply(formId: string, reply?: FormReply) {
  const errors = reply?.error ?? {};
  return {
    formErrors: errors[''] ?? [],
    /** The first of these fields (in page order) that carries an error, for autoFocus after a full-page answer. */
    firstInvalid<Name extends string>(order: Name[]): Name | undefined {
      return order.find((name) => errors[name]?.length);
    },
    field(name: string) {
      const id = `${formId}-${name}`;
      const errorId = `${id}-error`;
      const fieldErrors = errors[name]?.length ? errors[name] : undefined;
      const typed = reply?.initialValue?.[name];
      return {
        id,
        errorId,
        errors: fieldErrors,
        control: {
          id,
          name,
          defaultValue: typeof typed === 'string' ? typed : undefined,
          'aria-invalid': fieldErrors ? true : undefined,
          'aria-describedby': fieldErrors ? errorId : undefined,
        },
      };
    },
  };
}

/** After an answer fetched in place, moves the focus to the first invalid control (autoFocus only acts on a new page). */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, reply?: FormReply) {
  useEffect(() => {
    if (reply?.error && Object.values(reply.error).some((e) => e?.length)) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, reply]);
}
