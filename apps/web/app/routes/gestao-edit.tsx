import { SERVICE_ACCESS_LEVELS, SERVICE_AUDIENCES, type GestaoService } from '@portal/contracts';
import type { ReactNode } from 'react';
import { data, Form, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ErrorSummary } from '../components/error-summary/error-summary.tsx';
import styles from '../features/gestao/gestao.module.css';
import { editForm, saveDraft, serviceUrl, staffAction, staffCall, type EditForm, type EditResult } from '../features/gestao/gestao.server.ts';
import { MARKDOWN_HINT, MarkdownField } from '../features/gestao/markdown-field.tsx';
import { formValues, readForm } from '../lib/form.server.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import { SaveRefusal, when } from '../features/gestao/gestao-ui.tsx';
import { pageError } from '../lib/page-error.ts';
import { WAITS_FOR_A_PAGE } from '../lib/deferred-hydration.ts';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const service = await staffCall<GestaoService>(context, request, { url: serviceUrl(params.id!) });
  if (!service.can.edit) throw pageError(403, 'Você pode revisar, mas não editar, os serviços deste órgão.');
  // the form's texts in Markdown (made on this server: the browser gets no HTML-to-Markdown code)
  const editable = !service.open || service.open.actions.includes('salvar');
  return { ...service, form: editable ? editForm(service.open?.content ?? service.live) : null };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // 'Retirar da revisão e editar', from the notice a change in review shows instead of the form
  if (formValues(await readForm(request.clone())).intent === 'retirar-da-revisao') {
    const withdrawn = await staffAction<GestaoService>(context, request, { method: 'POST', url: `${serviceUrl(params.id!)}/retirar-da-revisao` });
    if (!withdrawn.ok) return data({ form: null, errors: [], message: withdrawn.message } satisfies EditResult, { status: withdrawn.status });
    throw redirect(`/app/gestao/servicos/${params.id}/editar`, 303);
  }
  const result = await saveDraft(context, request, params.id!);
  if ('saved' in result) throw redirect(`/app/gestao/servicos/${params.id}`, 303);
  return data(result, { status: result.expired ? 401 : result.errors.length || result.message ? 400 : 200 });
}

export const meta: MetaFunction = () => personalMeta('Editar serviço');

const id = (path: string) => `campo-${path.replace(/\./g, '-')}`;

function Field({ path, label, hint, errors, children }: { path: string; label: string; hint?: string; errors: Map<string, string>; children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode }) {
  const fieldId = id(path);
  const error = errors.get(fieldId);
  const describedBy = [hint ? `${fieldId}-dica` : '', error ? `${fieldId}-erro` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId}>
        {label}
      </label>
      {hint ? (
        <p className={styles.hint} id={`${fieldId}-dica`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.alert} id={`${fieldId}-erro`}>
          <span className="visually-hidden">Erro: </span>
          {error}
        </p>
      ) : null}
      {children({ id: fieldId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </div>
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" name={name} defaultChecked={checked} id={id(name)} />
      {label}
    </label>
  );
}

const AUDIENCE_LABEL: Record<(typeof SERVICE_AUDIENCES)[number], string> = { cidadao: 'Cidadão', servidor: 'Servidor público', empresa: 'Empresa' };

/** The form's groups, in its order: the contents at its top link to each (the form is long). */
const GROUPS = [
  { id: 'grupo-texto', title: 'Título e descrição' },
  { id: 'grupo-custo', title: 'Custo e prazo' },
  { id: 'grupo-acesso', title: 'Acesso' },
  { id: 'grupo-categoria', title: 'Categoria e público' },
  { id: 'grupo-canal', title: 'Campos enviados ao canal digital' },
  { id: 'grupo-etapas', title: 'Etapas' },
  { id: 'grupo-informacoes', title: 'Blocos de informação' },
  { id: 'grupo-unidades', title: 'Unidades' },
  { id: 'grupo-bases', title: 'Bases legais do custo e do prazo' },
  { id: 'grupo-busca', title: 'Nomes populares e palavras-chave' },
] as const;
const group = (id: (typeof GROUPS)[number]['id']) => GROUPS.find((g) => g.id === id)!;

function GroupHeading({ id }: { id: (typeof GROUPS)[number]['id'] }) {
  return (
    <h2 id={id} className={styles.groupTitle}>
      {group(id).title}
    </h2>
  );
}

/** Every field a citizen reads on the service's page, as a plain form: it works without JavaScript. */
export default function GestaoEdit() {
  const loaded = useLoaderData<typeof loader>() as GestaoService & { form: EditForm | null };
  const service: GestaoService = loaded;
  const units = service.units;
  const result = useActionData<typeof action>() as EditResult | undefined;
  if (!loaded.form) return <InReview service={service} refusal={result} />;
  const content: EditForm = result?.form ?? loaded.form;
  const errors = new Map((result?.errors ?? []).map((e) => [e.field, e.message]));
  return (
    <PageFrame title={`Editar: ${service.live.title}`} homeHref="/app/gestao" intro={<p>{service.department.shortName}. Salvar guarda um rascunho; nada muda para os cidadãos até a revisão aprovar.</p>}>
      {/* Saved before the scripts have come, it waits for them: the app keeps the form in place when the session has
          ended (the browser's post would find the login instead). */}
      <Form method="post" className={styles.form} noValidate {...WAITS_FOR_A_PAGE}>
        <ErrorSummary errors={result?.errors ?? []} />
        <SaveRefusal answer={result} />
        <nav aria-labelledby="nesta-pagina" className={styles.contents}>
          <h2 id="nesta-pagina">Nesta página</h2>
          <ol>
            {GROUPS.map((g) => (
              <li key={g.id}>
                <a href={`#${g.id}`}>{g.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <GroupHeading id="grupo-texto" />
        <Field path="title" label="Título" hint="De 20 a 90 caracteres, começando pela tarefa do cidadão (por exemplo: 'Renovar a CNH')." errors={errors}>
          {(props) => <input {...props} name="title" className={styles.input} defaultValue={content.title} />}
        </Field>
        <MarkdownField
          name="description"
          id={id('description')}
          label="Descrição"
          value={content.description}
          original={content.originals.description}
          rows={8}
          field={(textarea) => (
            <Field path="description" label="Descrição" hint={MARKDOWN_HINT} errors={errors}>
              {textarea}
            </Field>
          )}
        />
        <GroupHeading id="grupo-custo" />
        <fieldset className={styles.fieldset}>
          <legend>Custo e prazo</legend>
          <Check name="isFree" label="Gratuito" checked={content.isFree} />
          <Field path="cost" label="Custo" hint="O resumo que o cidadão lê primeiro. Pode ficar em branco quando cada etapa diz o seu custo, ou se o serviço for gratuito." errors={errors}>
            {(props) => <input {...props} name="cost" className={styles.input} defaultValue={content.cost} />}
          </Field>
          <Field path="estimatedTime" label="Prazo" errors={errors}>
            {(props) => <input {...props} name="estimatedTime" className={styles.input} defaultValue={content.estimatedTime} />}
          </Field>
        </fieldset>
        <GroupHeading id="grupo-acesso" />
        <fieldset className={styles.fieldset}>
          <legend>Acesso</legend>
          <Check name="isOnline" label="Online" checked={content.isOnline} />
          <Check name="isSelfService" label="Autosserviço (o cidadão faz sozinho)" checked={content.isSelfService} />
          <Field path="link" label="Link do serviço" hint="Endereço http(s), ou uma página do portal começando com /." errors={errors}>
            {(props) => <input {...props} name="link" type="url" className={styles.input} defaultValue={content.link} />}
          </Field>
          <Field path="accessLevel" label="Nível de acesso exigido" errors={errors}>
            {(props) => (
              <select {...props} name="accessLevel" className={styles.input} defaultValue={content.accessLevel ?? ''}>
                <option value="">Nenhum</option>
                {SERVICE_ACCESS_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {level.charAt(0) + level.slice(1).toLowerCase()}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <GroupHeading id="grupo-categoria" />
        <fieldset className={styles.fieldset}>
          <legend>Categoria e público</legend>
          <Field path="category" label="Categoria" errors={errors}>
            {(props) => (
              <select {...props} name="category" className={styles.input} defaultValue={content.category}>
                {service.categories.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <p className={styles.label}>Para quem é o serviço</p>
          {SERVICE_AUDIENCES.map((audience, i) => (
            <label key={audience} className={styles.check}>
              <input type="checkbox" name="audiences" value={audience} id={id(`audiences.${i}`)} defaultChecked={content.audiences.includes(audience)} />
              {AUDIENCE_LABEL[audience]}
            </label>
          ))}
        </fieldset>
        <GroupHeading id="grupo-canal" />
        <fieldset className={styles.fieldset}>
          <legend>Campos enviados ao canal digital</legend>
          <p className={styles.hint}>Quando o link do serviço recebe um formulário: cada campo e o valor que o portal envia ao abrir o link.</p>
          {content.dataRows.map((row, i) => (
            <div key={`data-${i}`} className={styles.field}>
              <Field path={`dataRows.${i}.name`} label={`Campo ${i + 1}: nome`} errors={errors}>
                {(props) => <input {...props} name={`dataRows.${i}.name`} className={styles.input} defaultValue={row.name} />}
              </Field>
              <Field path={`dataRows.${i}.value`} label={`Campo ${i + 1}: valor`} errors={errors}>
                {(props) => <input {...props} name={`dataRows.${i}.value`} className={styles.input} defaultValue={row.value} />}
              </Field>
              <Check name={`dataRows.${i}.remove`} label={`Remover o campo ${i + 1}`} checked={false} />
            </div>
          ))}
          <button type="submit" name="intent" value="add-data-row" className={styles.secondary}>
            Adicionar campo
          </button>
        </fieldset>
        <GroupHeading id="grupo-etapas" />
        {content.steps.map((step, i) => (
          <fieldset key={`step-${i}`} className={styles.fieldset}>
            <legend>Etapa {i + 1}</legend>
            <Field path={`steps.${i}.name`} label="Nome da etapa" errors={errors}>
              {(props) => <input {...props} name={`steps.${i}.name`} className={styles.input} defaultValue={step.name} />}
            </Field>
            <Field path={`steps.${i}.description`} label="Descrição da etapa" errors={errors}>
              {(props) => <textarea {...props} name={`steps.${i}.description`} className={styles.input} rows={2} defaultValue={step.description} />}
            </Field>
            <Field path={`steps.${i}.channel`} label="Canal" errors={errors}>
              {(props) => (
                <select {...props} name={`steps.${i}.channel`} className={styles.input} defaultValue={step.channel}>
                  <option value="online">Online</option>
                  <option value="presencial">Presencial</option>
                </select>
              )}
            </Field>
            <MarkdownField
              name={`steps.${i}.htmlContent`}
              id={id(`steps.${i}.htmlContent`)}
              label={`Detalhes da etapa ${i + 1}`}
              value={step.htmlContent}
              original={content.originals.steps[i] ?? ''}
              rows={4}
              field={(textarea) => (
                <Field path={`steps.${i}.htmlContent`} label="Detalhes" hint={MARKDOWN_HINT} errors={errors}>
                  {textarea}
                </Field>
              )}
            />
            <StepDocuments step={i} documents={step.documents} sources={content.sources ?? []} errors={errors} />
            <StepFees step={i} fees={step.fees ?? []} errors={errors} />
            <Check name={`steps.${i}.remove`} label={`Remover a etapa ${i + 1}`} checked={false} />
          </fieldset>
        ))}
        <p>
          <button type="submit" name="intent" value="add-step" className={styles.secondary}>
            Adicionar etapa
          </button>
        </p>
        <GroupHeading id="grupo-informacoes" />
        {content.info.map((block, i) => (
          <fieldset key={`info-${i}`} className={styles.fieldset}>
            <legend>Bloco de informação {i + 1}</legend>
            <Field path={`info.${i}.title`} label="Título do bloco" errors={errors}>
              {(props) => <input {...props} name={`info.${i}.title`} className={styles.input} defaultValue={block.title} />}
            </Field>
            <MarkdownField
              name={`info.${i}.text`}
              id={id(`info.${i}.text`)}
              label={`Texto do bloco ${i + 1}`}
              value={block.text}
              original={content.originals.info[i] ?? ''}
              rows={5}
              field={(textarea) => (
                <Field path={`info.${i}.text`} label="Texto do bloco" hint={MARKDOWN_HINT} errors={errors}>
                  {textarea}
                </Field>
              )}
            />
            {/* the block's icon, which the form does not change, goes back with it */}
            <input type="hidden" name={`info.${i}.icon`} value={block.icon ?? ''} />
            <Check name={`info.${i}.remove`} label={`Remover o bloco ${i + 1}`} checked={false} />
          </fieldset>
        ))}
        <p>
          <button type="submit" name="intent" value="add-info" className={styles.secondary}>
            Adicionar bloco de informação
          </button>
        </p>
        <GroupHeading id="grupo-unidades" />
        <fieldset className={styles.fieldset}>
          <legend>Unidades onde é prestado presencialmente</legend>
          {units.length ? (
            units.map((unit) => (
              <label key={unit.slug} className={styles.check}>
                <input type="checkbox" name="units" value={unit.slug} defaultChecked={content.units.includes(unit.slug)} />
                {unit.name}
              </label>
            ))
          ) : (
            <p>Este órgão não tem unidades cadastradas.</p>
          )}
        </fieldset>
        <GroupHeading id="grupo-bases" />
        <FactSources content={content} errors={errors} />
        <GroupHeading id="grupo-busca" />
        <Field path="popularNames" label="Nomes populares" hint="Como os cidadãos chamam o serviço, um por linha." errors={errors}>
          {(props) => <textarea {...props} name="popularNames" className={styles.input} rows={3} defaultValue={content.popularNames.join('\n')} />}
        </Field>
        <Field path="tags" label="Palavras-chave" hint="Uma por linha." errors={errors}>
          {(props) => <textarea {...props} name="tags" className={styles.input} rows={3} defaultValue={content.tags.join('\n')} />}
        </Field>
        <div className={styles.actions}>
          <button type="submit" name="intent" value="save" className={styles.button}>
            Salvar rascunho
          </button>
          <button type="submit" name="intent" value="preview" className={styles.secondary}>
            Ver a prévia dos textos
          </button>
          <a href={`/app/gestao/servicos/${service.id}`}>Voltar sem salvar</a>
        </div>
      </Form>
    </PageFrame>
  );
}

/**
 * A change that is with the review (or approved, waiting for its time) is not edited behind the reviewer's back: a
 * calm notice says where it is, and its author may take it back from review to go on writing.
 */
function InReview({ service, refusal }: { service: GestaoService; refusal: EditResult | undefined }) {
  const open = service.open!;
  const page = `/app/gestao/servicos/${service.id}`;
  return (
    <PageFrame title={`Editar: ${service.live.title}`} homeHref="/app/gestao" intro={<p>{service.department.shortName}.</p>}>
      <SaveRefusal answer={refusal} />
      <div className={styles.panel}>
        {open.state === 'em_revisao' ? (
          <p>
            Esta alteração foi enviada para revisão{open.submittedAt ? ` em ${when(open.submittedAt)}` : ''} e está aguardando quem revisa. Enquanto isso ela não pode ser
            editada, para que a revisão leia o que foi enviado.
          </p>
        ) : (
          <p>
            Esta alteração já foi aprovada{open.publishAt ? ` e será publicada em ${when(open.publishAt)}` : ''}. Para mudar algo antes disso, peça a quem revisa que cancele a
            publicação agendada.
          </p>
        )}
        {open.actions.includes('retirar_da_revisao') ? (
          <Form method="post" className={styles.actions}>
            <p className={styles.hint} id="retirar-dica">
              Retirada da revisão, ela volta a ser um rascunho seu; depois de editar, envie de novo.
            </p>
            <button type="submit" name="intent" value="retirar-da-revisao" className={styles.button} aria-describedby="retirar-dica">
              Retirar da revisão e editar
            </button>
          </Form>
        ) : null}
        <p>
          <a href={page}>Voltar para o serviço</a>
        </p>
      </div>
    </PageFrame>
  );
}

/**
 * The documents a step asks for, each in its own row with the act that requires it and until when that act holds
 * (issue 26: documents were lines of a textarea, and their legal basis a repeated pair of fields far below).
 */
function StepDocuments({ step, documents, sources, errors }: { step: number; documents: string[]; sources: NonNullable<EditForm['sources']>; errors: Map<string, string> }) {
  const known = new Map(sources.map((s) => [s.fact, s]));
  return (
    <fieldset className={styles.fieldset}>
      <legend>Documentos da etapa {step + 1}</legend>
      <p className={styles.hint}>Um documento por linha de campos. A base legal é o ato que o exige; quem edita é avisado antes de ela vencer.</p>
      {documents.map((document, j) => (
        <div key={j} className={styles.field}>
          <Field path={`steps.${step}.documents.${j}.name`} label={`Documento ${j + 1}: nome`} errors={errors}>
            {(props) => <input {...props} name={`steps.${step}.documents.${j}.name`} className={styles.input} defaultValue={document} />}
          </Field>
          <Field path={`steps.${step}.documents.${j}.source`} label={`Documento ${j + 1}: base legal`} hint="Opcional. Por exemplo: Resolução CONTRAN nº 809/2020, art. 3º." errors={errors}>
            {(props) => <input {...props} name={`steps.${step}.documents.${j}.source`} className={styles.input} defaultValue={known.get(`document:${document}`)?.source ?? ''} />}
          </Field>
          <Field path={`steps.${step}.documents.${j}.validUntil`} label={`Documento ${j + 1}: base legal válida até`} errors={errors}>
            {(props) => <input {...props} type="date" name={`steps.${step}.documents.${j}.validUntil`} className={styles.input} defaultValue={known.get(`document:${document}`)?.validUntil ?? ''} />}
          </Field>
          <Check name={`steps.${step}.documents.${j}.remove`} label={`Remover o documento ${j + 1} da etapa ${step + 1}`} checked={false} />
        </div>
      ))}
      <button type="submit" name="intent" value={`add-document-${step}`} className={styles.secondary}>
        Adicionar documento à etapa {step + 1}
      </button>
    </fieldset>
  );
}

/**
 * What a step costs, each fee in its own fields (issue 26: cost was one free text): how much, what it pays and how
 * to pay. 'Adicionar custo' adds a row (no script needed); a row left blank is none.
 */
function StepFees({ step, fees, errors }: { step: number; fees: NonNullable<EditForm['steps'][number]['fees']>; errors: Map<string, string> }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>Custos da etapa {step + 1}</legend>
      <p className={styles.hint}>Cada valor que o cidadão paga nesta etapa. Se nada se paga nela, não acrescente nenhum.</p>
      {fees.map((fee, j) => (
        <div key={j} className={styles.field}>
          <Field path={`steps.${step}.fees.${j}.amount`} label={`Custo ${j + 1}: valor (R$)`} hint="Com os centavos, por exemplo 84,68." errors={errors}>
            {(props) => <input {...props} name={`steps.${step}.fees.${j}.amount`} inputMode="decimal" autoComplete="off" className={styles.input} defaultValue={fee.amount} />}
          </Field>
          <Field path={`steps.${step}.fees.${j}.pays`} label={`Custo ${j + 1}: o que paga`} hint="Por exemplo: taxa de renovação da CNH." errors={errors}>
            {(props) => <input {...props} name={`steps.${step}.fees.${j}.pays`} className={styles.input} defaultValue={fee.pays} />}
          </Field>
          <Field path={`steps.${step}.fees.${j}.howToPay`} label={`Custo ${j + 1}: como pagar`} hint="Por exemplo: DAR emitido no site do DETRAN-PI, pago no banco ou por Pix." errors={errors}>
            {(props) => <input {...props} name={`steps.${step}.fees.${j}.howToPay`} className={styles.input} defaultValue={fee.howToPay} />}
          </Field>
          <Check name={`steps.${step}.fees.${j}.remove`} label={`Remover o custo ${j + 1} da etapa ${step + 1}`} checked={false} />
        </div>
      ))}
      <button type="submit" name="intent" value={`add-fee-${step}`} className={styles.secondary}>
        Adicionar custo à etapa {step + 1}
      </button>
    </fieldset>
  );
}

/** The legal basis of cost and deadline (each document's is in its own row, in its step). */
function FactSources({ content, errors }: { content: EditForm; errors: Map<string, string> }) {
  const facts = [
    { fact: 'cost', label: 'Custo' },
    { fact: 'estimatedTime', label: 'Prazo' },
  ];
  const known = new Map((content.sources ?? []).map((s) => [s.fact, s]));
  return (
    <fieldset className={styles.fieldset}>
      <legend>Bases legais do custo e do prazo</legend>
      <p className={styles.hint}>O ato que define cada informação e até quando ele vale. Quem edita o serviço é avisado antes de vencer.</p>
      {facts.map(({ fact, label }, i) => (
        <div key={fact} className={styles.field}>
          <input type="hidden" name={`sources.${i}.fact`} value={fact} />
          <Field path={`sources.${i}.source`} label={`${label}: base legal`} errors={errors}>
            {(props) => <input {...props} name={`sources.${i}.source`} className={styles.input} defaultValue={known.get(fact)?.source ?? ''} />}
          </Field>
          <Field path={`sources.${i}.validUntil`} label={`${label}: válida até`} errors={errors}>
            {(props) => <input {...props} type="date" name={`sources.${i}.validUntil`} className={styles.input} defaultValue={known.get(fact)?.validUntil ?? ''} />}
          </Field>
        </div>
      ))}
    </fieldset>
  );
}
