// The one way to draw a form field in the back office (modelled on Epic Stack's
// app/components/forms.tsx): a visible label, the control, an optional hint and the
// field's errors. The wiring screen readers need — `aria-invalid` when there are
// errors, `aria-describedby` naming the hint and the errors — is done here, once,
// so no screen hand-wires it. Pair with `useAdminForm` (Conform) for the errors.
import { useId } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/lib/utils';

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/** A field's messages; `id` is what the control's aria-describedby points at. */
export function ErrorList({ id, errors, className }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const messages = errors?.filter((e): e is string => Boolean(e));
  if (!messages?.length) return null;
  return (
    <ul id={id} className={cn('space-y-1 text-sm text-destructive', className)}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A form's own errors (a refusal of the whole form, not of one field), announced as they come. */
export function FormAlert({ errors, className }: { errors?: ListOfErrors; className?: string }) {
  const messages = errors?.filter((e): e is string => Boolean(e));
  if (!messages?.length) return null;
  return (
    <p role="alert" className={cn('text-sm text-destructive', className)}>
      {messages.join(' ')}
    </p>
  );
}

/** Ids and aria attributes shared by every field kind. */
function useFieldWiring(controlId: string | undefined, errors: ListOfErrors, hint: React.ReactNode) {
  const fallbackId = useId();
  const id = controlId ?? fallbackId;
  const hasErrors = Boolean(errors?.some(Boolean));
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined;
  return {
    id,
    errorId,
    hintId,
    aria: { 'aria-invalid': hasErrors ? true : undefined, 'aria-describedby': describedBy } as const,
  };
}

interface FieldFrame {
  label: React.ReactNode;
  /** Hide the label visually (it stays the control's accessible name). */
  labelHidden?: boolean;
  hint?: React.ReactNode;
  errors?: ListOfErrors;
  className?: string;
}

// Conform's get*Props return `key`; React refuses a key spread through props.
type WithKey<T> = T & { key?: string | null };
function withoutKey<T extends object>(props: WithKey<T>): [string | undefined, T] {
  const { key, ...rest } = props as WithKey<T>;
  return [key ?? undefined, rest as T];
}

function Frame({
  id,
  hintId,
  errorId,
  label,
  labelHidden,
  hint,
  errors,
  className,
  children,
}: FieldFrame & { id: string; hintId: string; errorId: string; children: React.ReactNode }) {
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      {children}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function Field({ inputProps, ...frame }: FieldFrame & { inputProps: WithKey<React.ComponentProps<'input'>> }) {
  const [key, props] = withoutKey(inputProps);
  const wiring = useFieldWiring(props.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...wiring}>
      <Input key={key} {...props} id={wiring.id} {...wiring.aria} />
    </Frame>
  );
}

export function TextareaField({ textareaProps, ...frame }: FieldFrame & { textareaProps: WithKey<React.ComponentProps<'textarea'>> }) {
  const [key, props] = withoutKey(textareaProps);
  const wiring = useFieldWiring(props.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...wiring}>
      <Textarea key={key} {...props} id={wiring.id} {...wiring.aria} />
    </Frame>
  );
}

export function SelectField({
  selectProps,
  children,
  ...frame
}: FieldFrame & { selectProps: WithKey<React.ComponentProps<'select'>>; children: React.ReactNode }) {
  const [key, props] = withoutKey(selectProps);
  const wiring = useFieldWiring(props.id, frame.errors, frame.hint);
  return (
    <Frame {...frame} {...wiring}>
      <NativeSelect key={key} {...props} id={wiring.id} {...wiring.aria}>
        {children}
      </NativeSelect>
    </Frame>
  );
}

/**
 * A native checkbox with its label beside it: posts `on` like any HTML form,
 * works before hydration, and the label makes a 44 px touch target.
 */
export function CheckboxField({
  inputProps,
  label,
  hint,
  errors,
  className,
}: Omit<FieldFrame, 'labelHidden'> & { inputProps: WithKey<Omit<React.ComponentProps<'input'>, 'type'>> }) {
  const [key, props] = withoutKey(inputProps);
  const wiring = useFieldWiring(props.id, errors, hint);
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={wiring.id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input key={key} {...props} type="checkbox" id={wiring.id} {...wiring.aria} className="size-5 shrink-0 rounded border-input accent-primary" />
        {label}
      </label>
      {hint ? (
        <p id={wiring.hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={wiring.errorId} errors={errors} />
    </div>
  );
}

/**
 * Native radio buttons in a fieldset whose legend is the label, each choice with a
 * one-line description under it (what a role or a status means): posts like any HTML
 * form, and each label is a 44 px touch target. `name` and `defaultValue` come from
 * Conform's field; `onChange` lets a form show what the choice brings.
 */
export function RadioGroupField<V extends string>({
  label,
  name,
  defaultValue,
  options,
  errors,
  onChange,
  className,
}: Omit<FieldFrame, 'labelHidden' | 'hint'> & {
  name: string;
  defaultValue?: string;
  options: ReadonlyArray<{ value: V; label: string; description?: string }>;
  onChange?: (value: V) => void;
}) {
  const id = useId();
  const hasErrors = Boolean(errors?.some(Boolean));
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-invalid={hasErrors || undefined}
      aria-describedby={hasErrors ? `${id}-error` : undefined}
      className={cn('space-y-2', className)}
    >
      <legend id={`${id}-legend`} className="mb-2 text-sm leading-none font-medium">
        {label}
      </legend>
      {options.map((option) => (
        <label key={option.value} htmlFor={`${id}-${option.value}`} className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
          <input
            type="radio"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            defaultChecked={defaultValue === option.value}
            // Named by its label alone; the description is said after it.
            aria-labelledby={`${id}-${option.value}-label`}
            aria-describedby={option.description ? `${id}-${option.value}-description` : undefined}
            onChange={onChange ? () => onChange(option.value) : undefined}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <span>
            <span id={`${id}-${option.value}-label`} className="font-medium">
              {option.label}
            </span>
            {option.description ? (
              <span id={`${id}-${option.value}-description`} className="block text-muted-foreground">
                {option.description}
              </span>
            ) : null}
          </span>
        </label>
      ))}
      <ErrorList id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}
