import { type FormEvent, useState } from 'react';
import type { FieldError } from '../utils/validation';
import { useInvalidSubmit } from './use-invalid-submit';

/**
 * Form values checked on every change. A field's error shows once the user has changed that
 * field (or tried to submit); `hasVisibleErrors` is what marks the submit button disabled
 * (aria-disabled: a disabled attribute would drop the focus of the user who just pressed it).
 */
export function useValidatedFields<Name extends string>(
  initial: Record<Name, string>,
  validate: (values: Record<Name, string>) => Record<Name, FieldError | null>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<Name>>(new Set());
  const errors = validate(values);
  const names = Object.keys(initial) as Name[];
  const invalidSubmit = useInvalidSubmit();

  const setValue = (name: Name, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
  };

  return {
    values,
    setValue,
    errorOf: (name: Name): FieldError | null => (touched.has(name) ? errors[name] : null),
    /**
     * A submit attempt: shows every field's error and, when there are any, focuses the first
     * invalid field (found by its `name`) and announces them. True when the values are valid.
     */
    submit: (event: FormEvent<HTMLFormElement>): boolean => {
      setTouched(new Set(names));
      return invalidSubmit.check(
        event,
        names.filter((name) => errors[name] !== null),
      );
    },
    failedSubmit: invalidSubmit.failed,
    hasVisibleErrors: names.some((name) => touched.has(name) && errors[name] !== null),
  };
}
