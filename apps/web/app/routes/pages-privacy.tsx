import { RETENTION } from '@portal/contracts';
import type { MetaFunction } from 'react-router';
import { PageFrame, PageSection } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { PRIVACY } from '../features/pages/privacy-content.ts';
import { catalogPath } from '../lib/paths.ts';
import { SITE } from '../lib/site.ts';

export const meta: MetaFunction = () => [
  { title: 'Governo do Piauí - Política de Privacidade e Termos de Uso' },
  {
    name: 'description',
    content: 'Como o Portal de Serviços do Governo do Piauí trata os seus dados pessoais (LGPD) e as regras de uso do portal.',
  },
];

export function headers() {
  return { 'cache-control': 'public, max-age=3600' };
}

const SECTIONS = [
  ['controlador', 'Quem trata os seus dados'],
  ['dados', 'Quais dados tratamos'],
  ['finalidades', 'Para que usamos os dados e com qual base legal'],
  ['retencao', 'Por quanto tempo guardamos os dados'],
  ['compartilhamento', 'Com quem compartilhamos'],
  ['cookies', 'Cookies'],
  ['seguranca', 'Segurança'],
  ['direitos', 'Seus direitos (art. 18 da LGPD)'],
  ['como-exercer', 'Como exercer os seus direitos'],
  ['encarregado', 'Encarregado pelo tratamento de dados'],
  ['termos', 'Termos de uso'],
  ['alteracoes', 'Alterações desta política'],
] as const;

const lastUpdate = PRIVACY.lastUpdate.split('-').reverse().join('/');

/** The privacy policy and terms of use under the LGPD (Lei nº 13.709/2018). */
export default function Privacy() {
  return (
    <PageFrame
      title="Política de Privacidade e Termos de Uso"
      homeHref={catalogPath('/')}
      intro={
        <p>
          Esta política explica como o Portal de Serviços do Governo do Piauí trata os seus dados pessoais, conforme a Lei Geral de Proteção de Dados Pessoais
          (LGPD, Lei nº 13.709/2018), e as regras de uso do portal. Última atualização: {lastUpdate}.
        </p>
      }
    >
      <nav aria-labelledby="sumario" className={styles.toc}>
        <h2 id="sumario">Nesta página</h2>
        <ol>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <PageSection id="controlador" title="Quem trata os seus dados">
        <p>
          O controlador dos dados pessoais tratados neste portal é o <strong>{PRIVACY.controller}</strong>, {PRIVACY.controllerAddress}. O tratamento é feito pela{' '}
          {PRIVACY.operator}, e, para cada serviço, pelo órgão estadual responsável por ele.
        </p>
      </PageSection>

      <PageSection id="dados" title="Quais dados tratamos">
        <ul>
          <li>
            <strong>Sem login:</strong> as buscas e páginas visitadas (sem identificar você), as avaliações de serviços (guardamos apenas um código irreversível
            derivado do endereço de rede, para limitar votos repetidos), métricas de desempenho das páginas (somente o endereço da página, sem dados pessoais) e os
            registros técnicos do servidor: data e hora, o endereço da página pedida sem o que vem depois do &quot;?&quot; e sem trechos que identifiquem
            você (e-mail, CPF, códigos de acesso), o resultado e só a rede de origem (os três primeiros números do endereço IP, nunca o endereço completo).
          </li>
          <li>
            <strong>Com login no Acesso Cidadão:</strong> nome, nome de usuário, e-mail, CPF, nome da mãe, data de nascimento e nível de acesso (bronze, prata, ouro
            ou opala), recebidos do Acesso Cidadão; os serviços que você favorita e acessa; as suas notificações; os dados da sua CNH e dos veículos em seu nome
            (DETRAN-PI); o saldo e as notas da Nota Piauiense (SEFAZ-PI); e, se você for servidor público, os seus contracheques (SEAD-PI).
          </li>
          <li>
            <strong>Simplifique:</strong> o texto da sugestão e, se você quiser informar, nome e e-mail para resposta.
          </li>
        </ul>
        <p>Não tratamos dados pessoais sensíveis neste portal, nem dados de crianças e adolescentes de forma intencional.</p>
      </PageSection>

      <PageSection id="finalidades" title="Para que usamos os dados e com qual base legal">
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Finalidades e bases legais">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Finalidade</th>
                <th scope="col">Base legal (LGPD)</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Identificar você e manter a sua sessão (login pelo Acesso Cidadão)</td>
                <td>Execução de políticas públicas pela administração pública (art. 7º, III, e art. 23)</td>
              </tr>
              <tr>
                <td>Mostrar CNH, veículos, Nota Piauiense, contracheques e notificações na sua área</td>
                <td>Execução de políticas públicas (art. 7º, III, e art. 23); para os contracheques, também o cumprimento de obrigação legal (art. 7º, II)</td>
              </tr>
              <tr>
                <td>Favoritos e recomendações de serviços a partir do que você e cidadãos parecidos usam</td>
                <td>Execução de políticas públicas (art. 7º, III): facilitar o acesso aos serviços do Estado</td>
              </tr>
              <tr>
                <td>Registros de acesso ao servidor</td>
                <td>Cumprimento de obrigação legal (art. 7º, II; Lei nº 12.965/2014, art. 15)</td>
              </tr>
              <tr>
                <td>Avaliações de serviços, métricas de desempenho e estatísticas agregadas</td>
                <td>Execução de políticas públicas (art. 7º, III): melhorar os serviços</td>
              </tr>
              <tr>
                <td>Responder às sugestões do Simplifique pelo e-mail informado</td>
                <td>Consentimento (art. 7º, I): o e-mail é opcional</td>
              </tr>
            </tbody>
          </table>
        </div>
      </PageSection>

      <PageSection id="retencao" title="Por quanto tempo guardamos os dados">
        <ul>
          <li>Sessão de login: até você sair (botão Sair) ou, no máximo, 8 horas.</li>
          <li>Favoritos: enquanto você os mantiver; remover a estrela apaga o favorito.</li>
          <li>Histórico de serviços acessados (usado nas recomendações): {RETENTION.accessHistoryMonths} meses.</li>
          <li>Notificações: até você arquivá-las, e no máximo {RETENTION.notificationMonths} meses.</li>
          <li>
            Solicitações enviadas, com respostas, arquivos e o registro de quem as abriu: {RETENTION.requestYears} anos depois de encerradas, por obrigação legal;
            rascunhos não enviados: até vencerem (o aviso chega antes).
          </li>
          <li>Celulares com notificações do aplicativo: até você desligá-las, ou {RETENTION.pushDeviceMonths} meses sem o aplicativo abrir.</li>
          <li>
            Registros técnicos do servidor (data e hora, página pedida sem parâmetros nem trechos que identifiquem você, resultado e só a rede de origem), usados para
            segurança e para corrigir falhas: 90 dias. Eles nunca guardam senhas, códigos de acesso, links assinados, nomes de usuário, CPF ou o endereço IP completo.
          </li>
          <li>
            Tentativas de login sem sucesso (guardadas só como código irreversível, sem o usuário nem o endereço de rede), usadas para conter quem tenta adivinhar
            senhas: 24 horas.
          </li>
          <li>
            Textos digitados na busca de serviços, só os que não encontraram nada ou que levaram a um serviço, contados por dia, sem quem buscou nem o endereço de
            rede (textos com números longos, como CPF ou telefone, ou com e-mail não são guardados), para os órgãos melhorarem os nomes dos serviços: 12 meses.
          </li>
          <li>Sugestões do Simplifique: {RETENTION.simplifiqueYears} anos, para acompanhamento e prestação de contas; nome e e-mail podem ser apagados antes, a seu pedido.</li>
          <li>Dados da CNH, da Nota Piauiense e dos contracheques não são copiados pelo portal: são consultados nos sistemas de origem quando você os abre.</li>
        </ul>
        <p>Terminados esses prazos, os dados são eliminados ou anonimizados, salvo quando a lei exigir guardá-los por mais tempo (art. 16 da LGPD).</p>
      </PageSection>

      <PageSection id="compartilhamento" title="Com quem compartilhamos">
        <p>
          Os dados circulam apenas entre os órgãos do Governo do Estado do Piauí responsáveis por cada serviço (DETRAN-PI, SEFAZ-PI, SEAD-PI e o órgão de cada
          serviço que você acessa), para as finalidades acima. Não vendemos dados e não os compartilhamos com empresas para publicidade. Podemos fornecê-los a
          autoridades públicas quando houver obrigação legal ou ordem judicial.
        </p>
      </PageSection>

      <PageSection id="cookies" title="Cookies">
        <p>
          O portal usa cookies estritamente necessários, que não guardam dados pessoais (apenas identificadores aleatórios): <code>__Host-portal_sessao</code> mantém
          o seu login e deixa de valer quando você sai ou fecha o navegador; <code>__Host-portal_dispositivo</code>, criado quando você entra pelo Acesso Cidadão,
          lembra por um ano que este navegador já entrou na sua conta, para que tentativas de adivinhar a sua senha feitas por outras pessoas nunca bloqueiem o
          seu acesso por ele. Não usamos cookies de publicidade nem de rastreamento de terceiros.
        </p>
      </PageSection>

      <PageSection id="seguranca" title="Segurança">
        <p>
          As conexões são cifradas (HTTPS). As credenciais de acesso ficam no servidor e nunca no seu navegador; as senhas do Acesso Cidadão são guardadas apenas em
          forma irreversível. O acesso aos dados é restrito a quem precisa deles para prestar o serviço. Incidentes de segurança que possam causar risco a você são
          comunicados à Autoridade Nacional de Proteção de Dados (ANPD) e a você (art. 48).
        </p>
      </PageSection>

      <PageSection id="direitos" title="Seus direitos (art. 18 da LGPD)">
        <p>Você pode pedir, a qualquer momento e de graça:</p>
        <ol type="I">
          <li>a confirmação de que tratamos dados seus;</li>
          <li>o acesso aos seus dados;</li>
          <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
          <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD;</li>
          <li>a portabilidade dos dados a outro fornecedor de serviço, observados os segredos comercial e industrial;</li>
          <li>a eliminação dos dados tratados com o seu consentimento (por exemplo, o e-mail de uma sugestão);</li>
          <li>a informação sobre as entidades públicas e privadas com as quais compartilhamos os seus dados;</li>
          <li>a informação sobre a possibilidade de não dar consentimento e as consequências da negativa;</li>
          <li>a revogação do consentimento.</li>
        </ol>
        <p>Você também pode se opor a um tratamento feito em desacordo com a lei e pedir a revisão de decisões tomadas apenas de forma automatizada (art. 20).</p>
      </PageSection>

      <PageSection id="como-exercer" title="Como exercer os seus direitos">
        <p>
          Com login, em <a href="/app/minha-area/meus-dados">Meus dados</a> você vê tudo o que o portal guarda sobre você, com a finalidade, a base legal e o prazo de
          cada tipo; baixa tudo num arquivo; apaga o que a lei permite (favoritos, histórico, rascunhos, mensagens, celulares); sai de todos os dispositivos; e vê quem
          dos órgãos acessou os seus dados. Para o resto:
        </p>
        <ol>
          <li>
            Escreva ao encarregado pelo e-mail <a href={`mailto:${PRIVACY.dpoEmail}`}>{PRIVACY.dpoEmail}</a>, ou registre uma solicitação na{' '}
            <a href={SITE.ombudsmanUrl(5)} target="_blank" rel="noopener noreferrer">
              Ouvidoria do Estado
            </a>
            , indicando o que deseja.
          </li>
          <li>Para confirmar que o pedido é seu, poderemos pedir que você esteja conectado ao Acesso Cidadão ou que confirme a sua identidade.</li>
          <li>
            A confirmação de existência e o acesso aos dados são respondidos em até 15 dias (art. 19, II); os demais pedidos, no menor prazo possível, com a
            justificativa quando não puderem ser atendidos.
          </li>
          <li>
            Se não ficar satisfeito, você pode peticionar à Autoridade Nacional de Proteção de Dados (ANPD), em{' '}
            <a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer">
              gov.br/anpd
            </a>
            .
          </li>
        </ol>
        <p>
          Alguns dados você mesmo controla: remova favoritos tocando na estrela, arquive notificações no sino e encerre a sessão pelo botão Sair.
        </p>
      </PageSection>

      <PageSection id="encarregado" title="Encarregado pelo tratamento de dados">
        <p>
          {PRIVACY.dpoTitle}
          <br />
          E-mail: <a href={`mailto:${PRIVACY.dpoEmail}`}>{PRIVACY.dpoEmail}</a>
          <br />
          Endereço: {PRIVACY.controllerAddress}
        </p>
      </PageSection>

      <PageSection id="termos" title="Termos de uso">
        <ol>
          <li>O portal reúne informações e atalhos para os serviços públicos do Governo do Piauí. O uso é gratuito e não exige cadastro, exceto na área do cidadão.</li>
          <li>
            As informações de cada serviço são de responsabilidade do órgão que o presta. Em caso de divergência, vale a norma que rege o serviço; avise-nos pelo{' '}
            <a href="/app/app-simplifique">Simplifique</a> ou pela Ouvidoria.
          </li>
          <li>Você se compromete a usar o portal de boa-fé: não tentar acessar dados de outras pessoas, não sobrecarregar o sistema nem enviar conteúdo ilícito.</li>
          <li>A sua conta do Acesso Cidadão é pessoal; não compartilhe a senha. Ao usar um computador público, saia da conta ao terminar.</li>
          <li>O portal pode ficar indisponível para manutenção; sempre que possível, avisaremos com antecedência nas notificações.</li>
          <li>Os textos do portal podem ser reproduzidos citando a fonte; marcas e brasões do Estado seguem as normas próprias.</li>
          <li>Estes termos seguem as leis brasileiras; fica eleito o foro da Comarca de Teresina - PI.</li>
        </ol>
      </PageSection>

      <PageSection id="alteracoes" title="Alterações desta política">
        <p>
          Esta política pode ser atualizada. Mudanças relevantes são avisadas no portal, e a data da última atualização aparece no início da página.
        </p>
      </PageSection>
    </PageFrame>
  );
}
