import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The value of a text field that React holds (a search box that suggests, a filter that filters as one types),
 * starting from what the person already put in it. Pages hydrate on the first interaction (decision 025), so
 * the first keys go to the field the server drew; when React takes the field over, it adopts that text (its
 * first commit, before anything renders the field again) instead of writing its own initial value over it
 * (issue 24: the home's box held 'novar cnh' for 'renovar cnh'). `adopted` runs when there was such text, to
 * take the effect typing would have had (open the suggestions, say).
 */
export function useFieldValue(initial: string, adopted?: (value: string, focused: boolean) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field || field.value === initial) return;
    setValue(field.value);
    adopted?.(field.value, document.activeElement === field);
    // Only what the server drew is adopted, once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue, ref] as const;
}
