import { useEffect, useEffectEvent, useLayoutEffect, type RefObject } from 'react';

/** Repeated in client/site/hold-early-submits.ts; keep them in step. */
const FORM_READY = 'trellis:form-ready';

/**
 * /login and /signup arrive with their form in the HTML (scripts/build-client.mjs), so a person can
 * type, and even submit, before the app has loaded. Taking such a form over keeps that work:
 * - the values already typed become the form's state before anything re-renders (which would
 *   otherwise reset the inputs to the empty state);
 * - a submit that client/site/hold-early-submits.ts held is sent again, now through the app.
 * On a form the app rendered itself there is nothing typed and nothing held: it costs nothing.
 */
export function useTakeOverPrerenderedForm(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Map<string, string>) => void,
) {
  const adoptTyped = useEffectEvent(adopt);
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed = new Map<string, string>();
    for (const [name, value] of new FormData(element)) {
      if (typeof value === 'string' && value !== '') typed.set(name, value);
    }
    if (typed.size > 0) adoptTyped(typed);
  }, [form]);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    window.trellisFormsTakenOver = true;
    element.dispatchEvent(new Event(FORM_READY));
  }, [form]);
}

/** A text field's value from a submitted form's data ('' when absent). */
export function formText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}
