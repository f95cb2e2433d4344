import type { GestaoService } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { formValues, readForm } from '../../lib/form.server.ts';
import { SESSION_EXPIRED, serviceUrl, staffAction } from './gestao.server.ts';
import { applyIntent, checkDraft, draftFromValues, type BuilderDraft, type BuilderError } from './request-form-builder.ts';

/** What the builder's post answers when it does not save: the form again, as typed, with what to say. */
export interface BuilderAnswer {
  draft: BuilderDraft;
  errors: BuilderError[];
  /** the API's refusal, or the session's end */
  message?: string;
  expired?: boolean;
  /** the field a button's effect leads to (the question added, the button of the question moved) */
  focus?: string;
  notice?: string;
}

/**
 * The builder's POST. Its buttons answer the form again with their change (it works without JavaScript);
 * 'Salvar rascunho' checks the form with the contract's schema, then saves it into the service's draft with the
 * rest of the content as the draft has it now (the edit form saves that part; the API keeps each apart).
 */
export async function saveRequestForm(context: AppLoadContext, request: Request, id: string): Promise<BuilderAnswer | { saved: true }> {
  const values = formValues(await readForm(request));
  const draft = draftFromValues(values);
  const intent = String(Array.isArray(values.intent) ? values.intent[0] : (values.intent ?? 'save'));
  // A session that ended mid-edit must not cost the editor what they typed: the form comes back, filled in.
  if (!(await context.citizen())) return { draft, errors: [], message: SESSION_EXPIRED, expired: true };
  if (intent !== 'save') return { errors: [], ...applyIntent(draft, intent) };
  const checked = checkDraft(draft);
  if (!checked.ok) return { draft, errors: checked.errors };
  const refused = (answer: { message: string; status: number }): BuilderAnswer => ({ draft, errors: [], message: answer.status === 401 ? SESSION_EXPIRED : answer.message, expired: answer.status === 401 });
  const service = await staffAction<GestaoService>(context, request, { url: serviceUrl(id) });
  if (!service.ok) return refused(service);
  const content = service.value.open?.content ?? service.value.live;
  const saved = await staffAction<GestaoService>(context, request, {
    method: 'PUT',
    url: `${serviceUrl(id)}/rascunho`,
    body: { ...content, requestForm: checked.requestForm, deadlineDays: checked.deadlineDays },
  });
  return saved.ok ? { saved: true } : refused(saved);
}
