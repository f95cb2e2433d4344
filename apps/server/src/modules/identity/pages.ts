// Server-rendered pages of 'Acesso Cidadão': complete without JavaScript, no external assets, labels on
// every field, an error summary that takes focus and links to each field, a visible focus ring. They look like the
// portal (its typeface, its header's colours, its brand: issue 24), from the portal's own files only.

import type { PortalLook } from './portal-look.ts';

/** The state's sites in the strip atop the portal's pages, as its header links them (apps/web/app/lib/site.ts). */
const GOVERNMENT_SITES = { transparencyPortal: 'https://transparencia.pi.gov.br', governmentSite: 'https://www.pi.gov.br' };

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A page, given the response's Content-Security-Policy nonce (plugins/security.ts) for its inline style and script,
 * and what it borrows from the portal to look like it.
 */
export type Page = (nonce: string, look: PortalLook) => string;

/**
 * The portal's typeface: Montserrat from the web build (font-src 'self'), and until it is there the fallback sized
 * like it, as the portal's pages have it (apps/web/app/styles/tokens.css), so that the lines keep their place.
 */
const typeface = (font: string | null) => `${
  font ? `@font-face{font-family:"Montserrat Variable";src:url(${JSON.stringify(font)}) format("woff2");font-weight:100 900;font-style:normal;font-display:swap}` : ''
}@font-face{font-family:"Montserrat Fallback";font-weight:100 500;src:local("Arial"),local("ArialMT"),local("Liberation Sans"),local("LiberationSans"),local("Helvetica"),local("Roboto");size-adjust:111%;ascent-override:87.2%;descent-override:22.6%;line-gap-override:0%}
@font-face{font-family:"Montserrat Fallback";font-weight:600 900;src:local("Arial Bold"),local("Arial-BoldMT"),local("Liberation Sans Bold"),local("LiberationSans-Bold"),local("Helvetica Bold"),local("Roboto Bold");size-adjust:108%;ascent-override:89.6%;descent-override:23.2%;line-gap-override:0%}`;

// The portal's colours (apps/web/app/styles/tokens.css): primary #034ea2, primary-dark #023670, text #1b1f24, muted
// #4a5360, background #f4f6f9, border #c9d1dc, danger #b3261e, focus #ffbf47.
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:"Montserrat Variable","Montserrat","Montserrat Fallback",system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1b1f24;background:#f4f6f9}
.faixa{width:100%;max-width:1200px;margin:0 auto;padding:0 1rem}
.sites{background:#023670;font-size:.875rem}
.sites ul{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:0 1.5rem;list-style:none;margin:0 auto}
.sites a{display:inline-block;min-height:28px;padding:.25rem 0;color:#fff;text-decoration:underline;text-underline-offset:2px}
.topo{background:#fff;border-bottom:1px solid #c9d1dc}
.topo .faixa{display:flex;align-items:center;min-height:72px;padding-top:.5rem;padding-bottom:.5rem}
.marca{display:flex;align-items:center;gap:.5rem;color:#1b1f24;text-decoration:none}
.marca svg{flex-shrink:0}
.marca-texto{display:flex;flex-direction:column;line-height:1.2}
.marca-texto strong{color:#034ea2;font-size:1rem}
.marca-texto span{color:#4a5360;font-size:.875rem}
main{max-width:28rem;margin:2rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #c9d1dc;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12),0 1px 2px rgba(0,0,0,.08)}
@media (max-width:479px){main{margin:1rem;padding:1.5rem 1rem}.marca-texto span:not(.visualmente-oculto){display:none}}
h1{font-size:1.75rem;margin:0 0 .5rem;color:#023670}
.descricao{margin:0 0 1.5rem;color:#4a5360}
.campo{margin-bottom:1.25rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
.dica{display:block;color:#4a5360;font-size:.875rem;margin-bottom:.25rem}
input[type=text],input[type=password]{width:100%;min-height:44px;padding:.625rem .75rem;font:inherit;border:2px solid #4a5360;border-radius:8px;background:#fff;color:#1b1f24}
.campo-erro input{border-color:#b3261e}
.mensagem-erro{display:block;color:#b3261e;font-weight:700;margin-bottom:.25rem}
button,.botao{display:inline-block;width:100%;min-height:44px;padding:.75rem 1rem;font:inherit;font-weight:700;color:#fff;background:#034ea2;border:2px solid #034ea2;border-radius:8px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.botao:hover{background:#023670;border-color:#023670}
.secundario{color:#034ea2;background:#fff}
.secundario:hover{color:#fff}
a{color:#034ea2}
a:focus-visible,button:focus-visible,input:focus-visible,.resumo-erros:focus{outline:3px solid #ffbf47;outline-offset:2px;box-shadow:0 0 0 5px #1b1f24}
.resumo-erros{border:4px solid #b3261e;padding:1rem;margin-bottom:1.5rem;border-radius:8px}
.resumo-erros h2{font-size:1.125rem;margin:0 0 .5rem}
.resumo-erros ul{margin:0;padding-left:1.25rem}
.resumo-erros a{color:#b3261e;font-weight:700}
.rodape{margin-top:1.5rem;font-size:.875rem}
.acoes{display:grid;gap:.75rem}
.visualmente-oculto{position:absolute!important;width:1px;height:1px;margin:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const layout = (title: string, body: string, options: { script?: string } = {}): Page => (nonce, look) => {
  const script = options.script ? `<script nonce="${nonce}">${options.script}</script>` : '';
  // The portal's header, as its pages draw it: the strip of the state's sites, then the brand, which leads home.
  const html = `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${typeface(look.font)}${STYLE}</style>
</head>
<body>
<nav class="sites" aria-label="Sites do governo"><ul class="faixa"><li><a href="${GOVERNMENT_SITES.transparencyPortal}">Portal da Transparência</a></li><li><a href="${GOVERNMENT_SITES.governmentSite}">Governo do Piauí</a></li></ul></nav>
<header class="topo"><div class="faixa"><a class="marca" href="${escapeHtml(look.home)}">${look.mark}<span class="marca-texto"><strong>Portal de Serviços</strong><span>Governo do Piauí</span><span class="visualmente-oculto"> (página inicial)</span></span></a></div></header>
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
