import { pageError } from './page-error.ts';

/** A field's first error, by field name ('' for the form as a whole). */
export type FieldErrors = Record<string, string>;

/** The structural part of a contract's zod schema a form needs (the web app takes zod from the contracts). */
export interface FormSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export type FormValues = Record<string, string | string[]>;
/** The form's data, or each field's first error and the first message; `values` is what was sent, as sent. */
export type ParsedForm<T> = { ok: true; data: T; values: FormValues } | { ok: false; errors: FieldErrors; message: string; values: FormValues };

/**
 * The form a page's POST carries. Anything else (JSON, bytes, a broken multipart body, no body) is the
 * sender's mistake: 400 with a Portuguese message on the page, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => null);
  if (!form) throw pageError(400, 'Formulário inválido: envie os dados pelo formulário da página.');
  return form;
}

/** A form's text fields as an object: a name sent once is a string, sent again a list. Files are ignored. */
export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((v): v is string => typeof v === 'string');
    if (texts.length) values[name] = texts.length === 1 ? texts[0]! : texts;
  }
  return values;
}

/** A field that may be sent several times (checkboxes of one name), as a list: [] when none was sent. */
export function listOf(values: FormValues, name: string): string[] {
  const value = values[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The form checked with a contract's schema: its data, or each field's first error (the action then answers 400). */
export async function parseForm<T>(request: Request, schema: FormSchema<T>): Promise<ParsedForm<T>> {
  const values = formValues(await readForm(request));
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return { ok: false, errors, message: parsed.error.issues[0]?.message ?? 'Dados inválidos no formulário.', values };
}
