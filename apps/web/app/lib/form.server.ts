import { data } from 'react-router';

/**
 * The form a page's POST carries. Anything else (JSON, bytes, a broken multipart body, no body) is the
 * sender's mistake: 400 with a Portuguese message on the page, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ message: 'Formulário inválido: envie os dados pelo formulário da página.' }, { status: 400 });
  return form;
}
