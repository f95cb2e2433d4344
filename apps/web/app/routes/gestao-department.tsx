import { DepartmentPageContent, UnitContent, type GestaoDepartmentPage } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer, FieldChanges, when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { withWordMarks } from '../features/gestao/word-marks.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm, type FormValues } from '../lib/form.server.ts';

const url = (slug: string) => `/v1/gestao/orgaos/${encodeURIComponent(slug)}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const department = await staffCall<GestaoDepartmentPage>(context, request, { url: url(params.slug!) });
  return { ...department, proposals: department.proposals.map((proposal) => ({ ...proposal, changes: withWordMarks(proposal.changes) })) };
}

const one = (values: FormValues, name: string) => String(values[name] ?? '');
/** '' → null; a comma is a decimal point, as Brazilians type it. */
const coordinate = (value: string) => (value.trim() ? Number(value.trim().replace(',', '.')) : null);

/** The page's form, a unit's or a new unit's: each a plain POST, checked with the API's own schema. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  const intent = one(values, 'intent');
  if (intent === 'apply' || intent === 'refuse') {
    const id = one(values, 'proposal');
    if (!/^\d+$/.test(id)) return data({ message: 'Proposta inválida.' }, { status: 400 });
    const body = intent === 'refuse' ? { comment: one(values, 'comment') } : undefined;
    const done = await staffAction(context, request, { method: 'POST', url: `${url(params.slug!)}/propostas/${id}/${intent === 'apply' ? 'aplicar' : 'recusar'}`, body });
    return done.ok ? { done: intent === 'apply' ? 'Proposta aplicada: os cidadãos já veem a unidade assim.' : 'Proposta recusada.' } : data({ message: done.message }, { status: done.status });
  }
  if (intent === 'page') {
    const parsed = DepartmentPageContent.safeParse({ name: one(values, 'name'), description: one(values, 'description'), mission: one(values, 'mission'), vision: one(values, 'vision'), values: one(values, 'values'), link: one(values, 'link') });
    if (!parsed.success) return data({ message: parsed.error.issues[0]!.message }, { status: 400 });
    const saved = await staffAction(context, request, { method: 'PUT', url: url(params.slug!), body: parsed.data });
    return saved.ok ? { done: 'Página do órgão atualizada.' } : data({ message: saved.message }, { status: saved.status });
  }
  const unit = UnitContent.safeParse({
    name: one(values, 'name'),
    address: one(values, 'address'),
    district: one(values, 'district'),
    complement: one(values, 'complement'),
    postalCode: one(values, 'postalCode'),
    city: one(values, 'city'),
    openingTime: one(values, 'openingTime'),
    phone: one(values, 'phone'),
    latitude: coordinate(one(values, 'latitude')),
    longitude: coordinate(one(values, 'longitude')),
    active: values.active !== undefined,
  });
  if (!unit.success) return data({ message: unit.error.issues[0]!.message }, { status: 400 });
  const slug = one(values, 'unit');
  if (intent === 'propose') {
    const proposed = await staffAction(context, request, { method: 'POST', url: `${url(params.slug!)}/propostas`, body: { unit: slug, content: unit.data } });
    return proposed.ok ? { done: 'Proposta enviada: quem revisa os serviços do órgão vai aplicá-la ou recusá-la.' } : data({ message: proposed.message }, { status: proposed.status });
  }
  const saved =
    intent === 'new-unit'
      ? await staffAction(context, request, { method: 'POST', url: `${url(params.slug!)}/unidades`, body: unit.data })
      : await staffAction(context, request, { method: 'PUT', url: `${url(params.slug!)}/unidades/${encodeURIComponent(slug)}`, body: unit.data });
  return saved.ok ? { done: intent === 'new-unit' ? 'Unidade incluída.' : 'Unidade atualizada.' } : data({ message: saved.message }, { status: saved.status });
}

export const meta: MetaFunction = () => personalMeta('Página do órgão');

function Input({ id, name, label, value, hint, type = 'text', readOnly }: { id: string; name: string; label: string; value: string; hint?: string; type?: string; readOnly: boolean }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={styles.hint} id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} type={type} className={styles.input} defaultValue={value} readOnly={readOnly} aria-describedby={hint ? `${id}-dica` : undefined} />
    </div>
  );
}

/** A unit's form: saved at once by those who publish, proposed by editors, read by the rest. */
function UnitForm({ unit, mode }: { unit: GestaoDepartmentPage['units'][number] | null; mode: 'edit' | 'propose' | 'read' }) {
  const readOnly = mode === 'read';
  const key = unit?.slug ?? 'nova';
  const value = (field: keyof UnitContent) => (unit ? String(unit[field] ?? '') : '');
  return (
    <Form method="post" className={styles.form}>
      {unit ? <input type="hidden" name="unit" value={unit.slug} /> : null}
      <Input id={`${key}-name`} name="name" label="Nome da unidade" value={value('name')} readOnly={readOnly} />
      <Input id={`${key}-address`} name="address" label="Endereço" value={value('address')} readOnly={readOnly} />
      <Input id={`${key}-district`} name="district" label="Bairro" value={value('district')} readOnly={readOnly} />
      <Input id={`${key}-complement`} name="complement" label="Complemento" value={value('complement')} readOnly={readOnly} />
      <Input id={`${key}-postalCode`} name="postalCode" label="CEP" value={value('postalCode')} readOnly={readOnly} />
      <Input id={`${key}-city`} name="city" label="Cidade" value={value('city')} readOnly={readOnly} />
      <Input id={`${key}-openingTime`} name="openingTime" label="Horário de atendimento" value={value('openingTime')} readOnly={readOnly} />
      <Input id={`${key}-phone`} name="phone" label="Telefone" value={value('phone')} type="tel" readOnly={readOnly} />
      <Input id={`${key}-latitude`} name="latitude" label="Latitude" hint="No mapa: por exemplo, -5,0892." value={value('latitude')} readOnly={readOnly} />
      <Input id={`${key}-longitude`} name="longitude" label="Longitude" hint="No mapa: por exemplo, -42,8019." value={value('longitude')} readOnly={readOnly} />
      <label className={styles.check}>
        <input type="checkbox" name="active" defaultChecked={unit ? unit.active : true} disabled={readOnly} />
        Em funcionamento
      </label>
      {mode === 'edit' ? (
        <button type="submit" name="intent" value={unit ? 'unit' : 'new-unit'} className={styles.button}>
          {unit ? 'Salvar unidade' : 'Incluir unidade'}
        </button>
      ) : null}
      {mode === 'propose' ? (
        <button type="submit" name="intent" value="propose" className={styles.button}>
          {unit ? 'Propor alteração' : 'Propor unidade'}
        </button>
      ) : null}
    </Form>
  );
}

/** The department's page (mission, vision, values, site) and its units (address, hours, map). */
export default function GestaoDepartment() {
  const department = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { message?: string; done?: string } | undefined;
  const readOnly = !department.can.edit;
  const unitMode = department.can.edit ? 'edit' : department.can.propose ? 'propose' : 'read';
  const page = department.page;
  return (
    <PageFrame
      title={`Página do órgão: ${department.shortName}`}
      homeHref="/app/gestao"
      intro={
        <p>
          {!readOnly
            ? 'As alterações aparecem para os cidadãos assim que salvas, e ficam no registro de auditoria.'
            : department.can.propose
              ? 'Quem revisa os serviços deste órgão altera a página e as unidades; você pode propor alterações nas unidades, que essa pessoa aplica.'
              : 'Quem revisa os serviços deste órgão altera a página e as unidades; você pode consultá-las.'}
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      <PageSection id="pagina" title="Página">
        <Form method="post" className={styles.form}>
          <Input id="name" name="name" label="Nome do órgão" value={page.name} readOnly={readOnly} />
          {(['description', 'mission', 'vision', 'values'] as const).map((field) => (
            <div key={field} className={styles.field}>
              <label className={styles.label} htmlFor={field}>
                {{ description: 'Descrição', mission: 'Missão', vision: 'Visão', values: 'Valores' }[field]}
              </label>
              <textarea id={field} name={field} className={styles.input} rows={3} defaultValue={page[field]} readOnly={readOnly} />
            </div>
          ))}
          <Input id="link" name="link" label="Site" value={page.link} type="url" readOnly={readOnly} />
          {readOnly ? null : (
            <button type="submit" name="intent" value="page" className={styles.button}>
              Salvar página
            </button>
          )}
        </Form>
      </PageSection>
      <PageSection id="unidades" title={`Unidades (${department.units.length})`}>
        {department.units.map((unit) => (
          <details key={unit.slug} className={styles.panel}>
            <summary>
              {unit.name}
              {unit.active ? '' : ' (fora de funcionamento)'}
            </summary>
            <UnitForm unit={unit} mode={unitMode} />
          </details>
        ))}
        {unitMode === 'read' ? null : (
          <details className={styles.panel}>
            <summary>{unitMode === 'edit' ? 'Incluir uma unidade' : 'Propor uma unidade nova'}</summary>
            <UnitForm unit={null} mode={unitMode} />
          </details>
        )}
      </PageSection>
      <Proposals department={department} />
    </PageFrame>
  );
}

const PROPOSAL_STATE = { pendente: 'Aguardando revisão', aplicada: 'Aplicada', recusada: 'Recusada' } as const;

/** Unit changes editors proposed: what each changes, and for reviewers the way to apply or refuse it. */
function Proposals({ department }: { department: ReturnType<typeof useLoaderData<typeof loader>> }) {
  if (!department.proposals.length) return null;
  return (
    <PageSection id="propostas" title={`Propostas de alteração de unidades (${department.proposals.length})`}>
      {department.proposals.map((proposal) => (
        <article key={proposal.id} className={styles.panel} aria-labelledby={`proposta-${proposal.id}`}>
          <h3 id={`proposta-${proposal.id}`}>
            {proposal.unit ? proposal.unitName : `Unidade nova: ${proposal.unitName}`}
          </h3>
          <p>
            Proposta por {proposal.proposedByName} em {when(proposal.createdAt)}. Situação: <strong>{PROPOSAL_STATE[proposal.state]}</strong>
            {proposal.comment ? `. Motivo: ${proposal.comment}` : ''}
          </p>
          <FieldChanges changes={proposal.changes} />
          {department.can.edit && proposal.state === 'pendente' && !proposal.own ? (
            <div className={styles.actions}>
              <Form method="post">
                <input type="hidden" name="proposal" value={proposal.id} />
                <button type="submit" name="intent" value="apply" className={styles.button}>
                  Aplicar<span className="visually-hidden"> a proposta para {proposal.unitName}</span>
                </button>
              </Form>
              <Form method="post" className={styles.form}>
                <input type="hidden" name="proposal" value={proposal.id} />
                <div className={styles.field}>
                  <label className={styles.label} htmlFor={`motivo-${proposal.id}`}>
                    Motivo da recusa
                  </label>
                  <input id={`motivo-${proposal.id}`} name="comment" className={styles.input} />
                </div>
                <button type="submit" name="intent" value="refuse" className={styles.secondary}>
                  Recusar<span className="visually-hidden"> a proposta para {proposal.unitName}</span>
                </button>
              </Form>
            </div>
          ) : null}
        </article>
      ))}
    </PageSection>
  );
}
