import { data, type ActionFunctionArgs, type MetaFunction, useActionData } from 'react-router';
import { PageFrame, PageSection } from '../features/pages/page-frame.tsx';
import { SimplifiqueForm, SimplifiqueSent } from '../features/simplifique/simplifique-form.tsx';
import { sendSuggestion, type SimplifiqueResult } from '../features/simplifique/simplifique.server.ts';
import { catalogPath } from '../lib/paths.ts';

export const meta: MetaFunction = () => [
  { title: 'Governo do Piauí - Simplifique!' },
  { name: 'description', content: 'Simplifique!: sugira como tornar mais simples um serviço público do Governo do Piauí.' },
];

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await sendSuggestion(context, request);
  return data<SimplifiqueResult>(result, { status: result.ok ? 200 : 400 });
}

export default function Simplifique() {
  const result = useActionData<typeof action>() as SimplifiqueResult | undefined;
  return (
    <PageFrame
      title="Simplifique!"
      homeHref={catalogPath('/')}
      intro={
        <p>
          Algum serviço público do Estado está burocrático demais? Conte para nós como ele poderia ser mais simples. Cada sugestão é lida pela equipe de
          transformação digital e recebe um número de protocolo.
        </p>
      }
    >
      {result?.ok ? (
        <SimplifiqueSent protocolo={result.protocolo} />
      ) : (
        <SimplifiqueForm values={result && !result.ok ? result.values : {}} errors={result && !result.ok ? result.errors : {}} serverError={result && !result.ok ? result.serverError : undefined} />
      )}
      <PageSection id="privacidade-simplifique" title="Seus dados">
        <p>
          Nome e e-mail são opcionais e servem apenas para responder à sugestão. Se você estiver conectado, a sugestão fica ligada à sua conta e aparece em{' '}
          <a href="/app/acompanhar-minhas-solicitacoes">Acompanhar minhas solicitações</a>. Saiba mais na{' '}
          <a href="/app/politicas-de-privacidade-termo-de-uso">Política de Privacidade</a>.
        </p>
      </PageSection>
    </PageFrame>
  );
}
