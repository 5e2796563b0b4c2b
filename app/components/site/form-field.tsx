import { useTranslation } from '~/lib/i18n-react';

export const inputClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive';

/** A labelled control with its error message (an i18n key from the zod schema). */
export function Field(props: {
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

/** The first of these fields (in page order) that carries an error, for autoFocus after a full-page answer. */
export function firstInvalidField<Name extends string>(fields: Record<Name, { errors?: string[] }>, order: Name[]): Name | undefined {
  return order.find((name) => fields[name].errors?.length);
}
