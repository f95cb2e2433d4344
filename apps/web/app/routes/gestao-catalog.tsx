import type { CatalogSettings, GestaoServiceList } from '@portal/contracts';
import { data, Form, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, useActionData, useLoaderData } from 'react-router';
import { ActionAnswer, ServicePicker } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { chosenService, staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm, type FormValues } from '../lib/form.server.ts';

const servicesOf = (context: LoaderFunctionArgs['context'], request: Request) => staffCall<GestaoServiceList>(context, request, { url: '/v1/gestao/servicos' }).then((list) => list.services);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, services] = await Promise.all([staffCall<CatalogSettings>(context, request, { url: '/v1/gestao/catalogo' }), servicesOf(context, request)]);
  return { ...settings, services: services.map(({ slug, title }) => ({ slug, title })) };
}

const text = (values: FormValues, name: string) => String(values[name] ?? '').trim();
/** A best bet from its form: the terms are one field, separated by commas or semicolons. */
const bestBet = (values: FormValues) => ({
  ...(/^\d+$/.test(text(values, 'id')) ? { id: Number(text(values, 'id')) } : {}),
  terms: text(values, 'terms')
    .split(/[,;\n]/)
    .map((term) => term.trim())
    .filter(Boolean),
  title: text(values, 'title'),
  provider: text(values, 'provider'),
  description: text(values, 'description'),
  url: text(values, 'url'),
});
const category = (values: FormValues) => ({
  name: text(values, 'name'),
  description: text(values, 'description'),
  hidden: values.hidden !== undefined,
  orderIndex: /^\d+$/.test(text(values, 'orderIndex')) ? Number(text(values, 'orderIndex')) : -1,
});

/** Each form of the page is one plain POST to the central team's API; its refusal is shown, in Portuguese. */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await readForm(request));
  // 'Pôr em destaque' names the service by its title
  let highlighted = text(values, 'slug');
  if (text(values, 'intent') === 'destaque' && values.highlighted === 'sim') {
    const chosen = chosenService(await servicesOf(context, request), text(values, 'servico'));
    if (typeof chosen === 'string') return data({ message: chosen }, { status: 400 });
    highlighted = chosen.slug;
  }
  const calls: Record<string, { url: string; method?: 'POST' | 'PUT'; body: object; done: string }> = {
    destaque: {
      url: '/v1/gestao/destaques',
      body: { slug: highlighted, highlighted: values.highlighted === 'sim' },
      done: values.highlighted === 'sim' ? 'Serviço posto em destaque na página inicial.' : 'Serviço tirado do destaque.',
    },
    sinonimo: { url: '/v1/gestao/sinonimos', body: { term: text(values, 'term'), expansion: text(values, 'expansion') }, done: 'Sinônimo salvo: a busca já o usa.' },
    'sinonimo-remover': { url: '/v1/gestao/sinonimos/remover', body: { term: text(values, 'term') }, done: 'Sinônimo retirado.' },
    'resposta-direta': {
      url: '/v1/gestao/respostas-diretas',
      body: bestBet(values),
      done: text(values, 'id') ? 'Resposta direta alterada: a busca já a usa.' : 'Resposta direta criada: a busca já a usa.',
    },
    'resposta-direta-remover': { url: '/v1/gestao/respostas-diretas/remover', body: { id: Number(text(values, 'id')) }, done: 'Resposta direta retirada.' },
    'categoria-criar': { url: '/v1/gestao/categorias', body: category(values), done: 'Categoria criada.' },
    categoria: { url: `/v1/gestao/categorias/${encodeURIComponent(text(values, 'slug'))}`, method: 'PUT', body: category(values), done: 'Categoria alterada.' },
  };
  const chosen = calls[String(values.intent ?? '')];
  if (!chosen) return data({ message: 'Ação desconhecida.', done: undefined }, { status: 400 });
  const result = await staffAction<CatalogSettings>(context, request, { method: chosen.method ?? 'POST', url: chosen.url, body: chosen.body });
  if (!result.ok) return data({ message: result.message, done: undefined }, { status: result.status });
  return { message: undefined, done: chosen.done };
}

export const meta: MetaFunction = () => personalMeta('Categorias, sinônimos, respostas diretas e destaques');

/** The central team's settings of the catalog: what the home page highlights, what search words mean, and the categories. */
export default function GestaoCatalog() {
  const { categories, synonyms, bestBets, highlighted, services } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <PageFrame title="Categorias, sinônimos, respostas diretas e destaques" homeHref="/app/gestao" intro={<p>O que só a equipe central altera. Cada alteração fica no registro de auditoria e chega aos cidadãos na hora.</p>}>
      <ActionAnswer answer={answer} />
      <PageSection id="destaques" title={`Serviços em destaque (${highlighted.length})`}>
        <ul>
          {highlighted.map((service) => (
            <li key={service.slug}>
              {service.title} ({service.department})
              <Form method="post" className={styles.inline}>
                <input type="hidden" name="slug" value={service.slug} />
                <input type="hidden" name="highlighted" value="nao" />
                <button type="submit" name="intent" value="destaque" className={styles.link}>
                  Tirar do destaque<span className="visually-hidden">: {service.title}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className={styles.form}>
          <ServicePicker id="destaque-servico" name="servico" label="Pôr em destaque" hint="O título do serviço: comece a digitar e escolha na lista." choices={services.filter((service) => !highlighted.some((h) => h.slug === service.slug))} />
          <input type="hidden" name="highlighted" value="sim" />
          <button type="submit" name="intent" value="destaque" className={styles.secondary}>
            Pôr em destaque
          </button>
        </Form>
      </PageSection>

      <PageSection id="sinonimos" title={`Sinônimos da busca (${synonyms.length})`}>
        <p className={styles.hint}>O que um termo que os cidadãos digitam significa no catálogo: a busca procura os dois.</p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Termo</th>
              <th scope="col">Significa</th>
              <th scope="col">Ação</th>
            </tr>
          </thead>
          <tbody>
            {synonyms.map((synonym) => (
              <tr key={synonym.term}>
                <td>{synonym.term}</td>
                <td>{synonym.expansion}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="term" value={synonym.term} />
                    <button type="submit" name="intent" value="sinonimo-remover" className={styles.link}>
                      Retirar<span className="visually-hidden"> o sinônimo “{synonym.term}”</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Form method="post" className={styles.form}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="term">
              Termo
            </label>
            <input id="term" name="term" className={styles.input} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="expansion">
              Significa
            </label>
            <input id="expansion" name="expansion" className={styles.input} />
          </div>
          <button type="submit" name="intent" value="sinonimo" className={styles.secondary}>
            Salvar sinônimo
          </button>
        </Form>
      </PageSection>

      <PageSection id="respostas-diretas" title={`Respostas diretas da busca (${bestBets.length})`}>
        <p className={styles.hint}>
          O que os cidadãos pedem ao Estado mas outro governo ou uma empresa oferece (passaporte, conta de luz, IPTU). Quando a busca tem um dos termos, a página de
          resultados mostra quem oferece e onde, e só mostra serviços do Estado que a busca nomeia.
        </p>
        {bestBets.map((bet) => (
          <div key={bet.id} className={styles.form}>
            <Form method="post">
              <fieldset className={styles.fieldset}>
                <legend>
                  {bet.title} ({bet.provider})
                </legend>
                <input type="hidden" name="id" value={bet.id} />
                <BestBetFields prefix={`resposta-${bet.id}`} values={bet} />
                <button type="submit" name="intent" value="resposta-direta" className={styles.secondary}>
                  Salvar<span className="visually-hidden"> a resposta direta “{bet.title}”</span>
                </button>
              </fieldset>
            </Form>
            <Form method="post" className={styles.inline}>
              <input type="hidden" name="id" value={bet.id} />
              <button type="submit" name="intent" value="resposta-direta-remover" className={styles.link}>
                Retirar<span className="visually-hidden"> a resposta direta “{bet.title}”</span>
              </button>
            </Form>
          </div>
        ))}
        <Form method="post" className={styles.form}>
          <fieldset className={styles.fieldset}>
            <legend>Nova resposta direta</legend>
            <BestBetFields prefix="resposta-nova" values={{ terms: [], title: '', provider: '', description: '', url: '' }} />
            <button type="submit" name="intent" value="resposta-direta" className={styles.button}>
              Criar resposta direta
            </button>
          </fieldset>
        </Form>
      </PageSection>

      <PageSection id="categorias" title={`Categorias (${categories.length})`}>
        {categories.map((c, i) => (
          <Form method="post" key={c.slug} className={styles.form}>
            <fieldset className={styles.fieldset}>
              <legend>
                {c.name} ({c.services} {c.services === 1 ? 'serviço' : 'serviços'}
                {c.audience ? ', página de público' : ''})
              </legend>
              <input type="hidden" name="slug" value={c.slug} />
              <CategoryFields prefix={`categoria-${i}`} values={c} />
              <button type="submit" name="intent" value="categoria" className={styles.secondary}>
                Salvar<span className="visually-hidden"> a categoria {c.name}</span>
              </button>
            </fieldset>
          </Form>
        ))}
        <Form method="post" className={styles.form}>
          <fieldset className={styles.fieldset}>
            <legend>Nova categoria</legend>
            <CategoryFields prefix="categoria-nova" values={{ name: '', description: '', hidden: false, orderIndex: categories.length + 1 }} />
            <button type="submit" name="intent" value="categoria-criar" className={styles.button}>
              Criar categoria
            </button>
          </fieldset>
        </Form>
      </PageSection>
    </PageFrame>
  );
}

function BestBetFields({ prefix, values }: { prefix: string; values: { terms: string[]; title: string; provider: string; description: string; url: string } }) {
  const field = (name: 'title' | 'provider' | 'description' | 'url', label: string, hint?: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`${prefix}-${name}`}>
        {label}
      </label>
      {hint ? (
        <p className={styles.hint} id={`${prefix}-${name}-dica`}>
          {hint}
        </p>
      ) : null}
      <input id={`${prefix}-${name}`} name={name} className={styles.input} defaultValue={values[name]} aria-describedby={hint ? `${prefix}-${name}-dica` : undefined} />
    </div>
  );
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${prefix}-terms`}>
          Palavras buscadas
        </label>
        <p className={styles.hint} id={`${prefix}-terms-dica`}>
          O que os cidadãos digitam, separado por vírgulas, por exemplo: passaporte, tirar passaporte.
        </p>
        <input id={`${prefix}-terms`} name="terms" className={styles.input} defaultValue={values.terms.join(', ')} aria-describedby={`${prefix}-terms-dica`} />
      </div>
      {field('title', 'Assunto')}
      {field('provider', 'Quem oferece')}
      {field('description', 'Orientação', 'Em uma frase, o que fazer e onde.')}
      {field('url', 'Endereço', 'Um endereço https:// completo (fora do portal) ou um caminho do portal que comece com /.')}
    </>
  );
}

function CategoryFields({ prefix, values }: { prefix: string; values: { name: string; description: string; hidden: boolean; orderIndex: number } }) {
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${prefix}-nome`}>
          Nome
        </label>
        <input id={`${prefix}-nome`} name="name" className={styles.input} defaultValue={values.name} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${prefix}-descricao`}>
          Descrição
        </label>
        <input id={`${prefix}-descricao`} name="description" className={styles.input} defaultValue={values.description} />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${prefix}-ordem`}>
          Ordem
        </label>
        <input id={`${prefix}-ordem`} name="orderIndex" inputMode="numeric" className={styles.input} defaultValue={values.orderIndex} />
      </div>
      <label className={styles.check}>
        <input type="checkbox" name="hidden" defaultChecked={values.hidden} />
        Oculta (não aparece na página inicial)
      </label>
    </>
  );
}
