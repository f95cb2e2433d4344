// Server-rendered pages of 'Acesso Cidadão': complete without JavaScript, no external assets, labels on
// every field, an error summary that takes focus and links to each field, a visible focus ring.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page, given the response's Content-Security-Policy nonce (plugins/security.ts) for its inline style and script. */
export type Page = (nonce: string) => string;

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:Montserrat,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1b1b1b;background:#f2f4f7}
.topo{background:#034ea2;color:#fff;padding:.75rem 1rem}
.topo a{color:#fff;font-weight:700;text-decoration:none}
.topo a:hover{text-decoration:underline}
main{max-width:28rem;margin:2rem auto;padding:2rem 1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.75rem;margin:0 0 .5rem;color:#034ea2}
.descricao{margin:0 0 1.5rem;color:#3d3d3d}
.campo{margin-bottom:1.25rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
.dica{display:block;color:#4a4a4a;font-size:.875rem;margin-bottom:.25rem}
input[type=text],input[type=password]{width:100%;padding:.625rem .75rem;font:inherit;border:2px solid #4a4a4a;border-radius:4px;background:#fff;color:#1b1b1b}
.campo-erro input{border-color:#b10e1e}
.mensagem-erro{display:block;color:#b10e1e;font-weight:700;margin-bottom:.25rem}
button,.botao{display:inline-block;width:100%;padding:.75rem 1rem;font:inherit;font-weight:700;color:#fff;background:#034ea2;border:2px solid #034ea2;border-radius:4px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.botao:hover{background:#023a79}
.secundario{color:#034ea2;background:#fff}
.secundario:hover{background:#e8f0fa}
a{color:#034ea2}
a:focus-visible,button:focus-visible,input:focus-visible,.resumo-erros:focus{outline:3px solid #ffbf47;outline-offset:2px;box-shadow:0 0 0 5px #1b1b1b}
.resumo-erros{border:4px solid #b10e1e;padding:1rem;margin-bottom:1.5rem;border-radius:4px}
.resumo-erros h2{font-size:1.125rem;margin:0 0 .5rem}
.resumo-erros ul{margin:0;padding-left:1.25rem}
.resumo-erros a{color:#b10e1e;font-weight:700}
.rodape{margin-top:1.5rem;font-size:.875rem}
.acoes{display:grid;gap:.75rem}
.visualmente-oculto{position:absolute!important;width:1px;height:1px;margin:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const layout = (title: string, body: string, options: { script?: string } = {}): Page => (nonce) => {
  const script = options.script ? `<script nonce="${nonce}">${options.script}</script>` : '';
  const html = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header class="topo"><a href="/">Governo do Piauí · Portal de Serviços</a></header>
<main id="conteudo">
${body}
</main>
${script}
</body>
</html>`;
  return html;
};

export interface LoginPageInput {
  action: string;
  username?: string;
  /** field → message, in the order the fields appear */
  errors?: { field: 'username' | 'password'; message: string }[];
  cancelUrl: string;
}

export function loginPage({ action, username = '', errors = [], cancelUrl }: LoginPageInput): Page {
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const summary = errors.length
    ? `<div class="resumo-erros" id="resumo-erros" role="alert" aria-labelledby="resumo-erros-titulo" tabindex="-1" autofocus>
  <h2 id="resumo-erros-titulo">Não foi possível entrar</h2>
  <ul>${errors.map((e) => `<li><a href="#${e.field}">${escapeHtml(e.message)}</a></li>`).join('')}</ul>
</div>`
    : '';
  const field = (name: 'username' | 'password', label: string, input: string, hint?: string) => {
    const error = errorOf(name);
    const described = [hint ? `${name}-dica` : '', error ? `${name}-erro` : ''].filter(Boolean).join(' ');
    return `<div class="campo${error ? ' campo-erro' : ''}">
  <label for="${name}">${label}</label>
  ${hint ? `<span class="dica" id="${name}-dica">${hint}</span>` : ''}
  ${error ? `<span class="mensagem-erro" id="${name}-erro"><span class="visualmente-oculto">Erro: </span>${escapeHtml(error)}</span>` : ''}
  ${input.replace('/>', `${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}/>`)}
</div>`;
  };
  const body = `${summary}
<h1>Acesso Cidadão</h1>
<p class="descricao">Entre com seu usuário e senha para acessar seus serviços, favoritos, notificações e documentos.</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
${field('username', 'Usuário', `<input type="text" id="username" name="username" value="${escapeHtml(username)}" autocomplete="username" autocapitalize="none" spellcheck="false"${errors.length ? '' : ' autofocus'}/>`, 'Seu nome de usuário do Acesso Cidadão, por exemplo maria.silva')}
${field('password', 'Senha', '<input type="password" id="password" name="password" autocomplete="current-password"/>')}
<div class="acoes">
  <button type="submit">Entrar</button>
  <a class="botao secundario" href="${escapeHtml(cancelUrl)}">Cancelar e voltar ao portal</a>
</div>
</form>
<p class="rodape">Ao entrar, você concorda com os <a href="/app/politicas-de-privacidade-termo-de-uso">termos de uso e a política de privacidade</a>.</p>`;
  const title = `${errors.length ? 'Erro: ' : ''}Acesso Cidadão - Governo do Piauí`;
  return layout(title, body, { script: errors.length ? "document.getElementById('resumo-erros').focus();" : undefined });
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): Page {
  return layout(`${title} - Governo do Piauí`, `<h1>${escapeHtml(title)}</h1>
<p class="descricao">${escapeHtml(message)}</p>
${link ? `<p><a class="botao" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}`);
}

/**
 * The provider's logout confirmation. When the portal sent the citizen here from 'Sair' (with a valid
 * id_token_hint) it submits itself; otherwise, or with scripts off, the citizen confirms.
 */
export function logoutPage(form: string, autoSubmit: boolean): Page {
  return layout(
    'Saindo - Acesso Cidadão - Governo do Piauí',
    `<h1>Sair do Acesso Cidadão</h1>
<p class="descricao">Deseja encerrar sua sessão no Acesso Cidadão?</p>
${form}
<div class="acoes">
  <button type="submit" form="op.logoutForm" name="logout" value="yes" id="confirmar-saida">Sair</button>
  <button type="submit" form="op.logoutForm" class="secundario">Continuar conectado</button>
</div>`,
    { script: autoSubmit ? "document.getElementById('confirmar-saida').click();" : undefined },
  );
}
