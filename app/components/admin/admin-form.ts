// The one form hook of the back office: Conform's useForm set up the same way on
// every screen (the shared zod schema validates in the browser for comfort and in
// the action for real; the action's IntentReply brings the server's field errors).
import { useForm, type DefaultValue } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef } from 'react';
import type { useFetcher } from 'react-router';
import type { IntentReply } from '~/lib/intent-reply';
import type { z } from '~/lib/zod';

type AnyFetcher = ReturnType<typeof useFetcher>;

const replyOf = (value: unknown): IntentReply | undefined => (value && typeof value === 'object' && 'ok' in value ? (value as IntentReply) : undefined);

/**
 * `reply` is the action's answer for this form: `fetcher.data` for a fetcher form,
 * `useActionData()` for a page form.
 */
export function useAdminForm<S extends z.ZodObject>({
  id,
  schema,
  reply,
  defaultValue,
}: {
  id?: string;
  schema: S;
  reply: unknown;
  defaultValue?: DefaultValue<z.input<S>>;
}) {
  return useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult: replyOf(reply)?.result ?? undefined,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** Runs `onReply` once for each answer of the fetcher's action. */
export function useFetcherReply(fetcher: AnyFetcher, onReply: (reply: IntentReply) => void) {
  const callback = useRef(onReply);
  callback.current = onReply;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const reply = replyOf(fetcher.data);
    if (fetcher.state !== 'idle' || !reply || handled.current === reply) return;
    handled.current = reply;
    callback.current(reply);
  }, [fetcher.state, fetcher.data]);
}

/** Runs `onDone` once each time the fetcher's action answers with success. */
export function useFetcherSuccess(fetcher: AnyFetcher, onDone: () => void) {
  useFetcherReply(fetcher, (reply) => {
    if (reply.ok) onDone();
  });
}
