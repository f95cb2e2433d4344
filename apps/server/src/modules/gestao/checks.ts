import { isSafeLink, type CheckIssue, type CheckResult, type ServiceContent } from '@portal/contracts';
import { htmlToText } from '@portal/db';

/**
 * The checks of a service's content, in GOV.UK content publisher's tiers: on save only what could never be
 * stored (a link that is not http(s) or a portal path: `saveProblems`); before review and publication every
 * blocking check (`checkContent().blocking`); warnings never block, they show beside the form.
 */

const HREF = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** The addresses the links of a piece of rich text point to. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(HREF)].map((match) => match[2] ?? match[3] ?? match[4] ?? '');
}

/** Every link of a service's content; rich text may also link e-mail and phone (`contact`). */
function links(content: ServiceContent): { field: string; href: string; contact: boolean }[] {
  const found: { field: string; href: string; contact: boolean }[] = [];
  if (content.link) found.push({ field: 'link', href: content.link, contact: false });
  const inHtml = (field: string, html: string) => {
    for (const href of hrefs(html)) found.push({ field, href: href.replace(/&amp;/g, '&'), contact: true });
  };
  inHtml('description', content.description);
  content.steps.forEach((step, i) => inHtml(`steps.${i}.htmlContent`, step.htmlContent));
  content.info.forEach((block, i) => inHtml(`info.${i}.text`, block.text));
  return found;
}

/** What no save may store, whatever the draft's stage. */
export function saveProblems(content: ServiceContent): CheckIssue[] {
  return links(content)
    .filter(({ href, contact }) => !isSafeLink(href, { contact }))
    .map(({ field, href }) => ({ field, message: `O link "${href.slice(0, 80)}" não é um endereço http(s) (sem usuário nem senha) nem uma página do portal.` }));
}

/** Words that make citizens stop and reread, and what to write instead (plain language). */
const JARGON: [RegExp, string][] = [
  [/\brequerente\b/i, "escreva 'você'"],
  [/\bmediante\b/i, "escreva 'com' ou 'por meio de'"],
  [/\bsupracitad[oa]s?\b/i, "repita o nome ou escreva 'esse'"],
  [/\boutrossim\b/i, "escreva 'também'"],
  [/\bprotocolizar\b/i, "escreva 'entregar' ou 'registrar'"],
  [/\bconsoante\b/i, "escreva 'conforme' ou 'segundo'"],
  [/\bdoravante\b/i, 'apague a palavra'],
  [/\bno âmbito d[oa]s?\b/i, "escreva 'no' ou 'na'"],
  [/\bem conformidade com\b/i, "escreva 'conforme'"],
  [/\bfaz-se necessári[oa]\b/i, "escreva 'é preciso'"],
];
const LONG_SENTENCE_WORDS = 25;
export const TITLE_MIN = 20;
export const TITLE_MAX = 90;
/** Task words a title may start with besides a verb in the infinitive. */
const TASK_START = /^(\p{L}+(ar|er|ir|or)|2ª via|segunda via|consulta|emissão|renovação|solicitação|inscrição|matrícula|cadastro|agendamento|pagamento)\b/iu;

export function checkContent(content: ServiceContent, live?: ServiceContent): CheckResult {
  const blocking: CheckIssue[] = saveProblems(content);
  const warnings: CheckIssue[] = [];
  const description = htmlToText(content.description).trim();

  if (!content.title) blocking.push({ field: 'title', message: 'Informe o título do serviço.' });
  else if (content.title.length < TITLE_MIN || content.title.length > TITLE_MAX) {
    const issue = { field: 'title', message: `O título deve ter de ${TITLE_MIN} a ${TITLE_MAX} caracteres (tem ${content.title.length}).` };
    // A title the catalog already had does not hold back an urgent change of another field: it is a warning until someone edits it.
    (live && live.title === content.title ? warnings : blocking).push(issue);
  }
  if (!description) blocking.push({ field: 'description', message: 'Escreva a descrição do serviço: o que é e quem pode pedir.' });
  if (content.steps.length === 0) blocking.push({ field: 'steps', message: 'Inclua ao menos uma etapa: como o cidadão obtém o serviço.' });
  const fees = content.steps.some((step) => step.fees?.length);
  if (content.isFree && (content.cost || fees)) blocking.push({ field: 'cost', message: "O serviço está marcado como gratuito, mas tem um custo. Apague o custo (e os custos das etapas) ou desmarque 'gratuito'." });
  if (!content.isFree && !content.cost && !fees) blocking.push({ field: 'cost', message: 'Informe o custo (ou os custos de cada etapa), ou marque o serviço como gratuito.' });
  if (content.isOnline && !content.link) blocking.push({ field: 'link', message: 'Um serviço online precisa do link onde o cidadão o faz.' });
  if (content.isOnline && !content.accessLevel) blocking.push({ field: 'accessLevel', message: 'Um serviço online precisa do nível de acesso da conta gov.br exigido.' });
  if (content.steps.some((step) => step.channel === 'presencial') && content.units.length === 0) {
    blocking.push({ field: 'units', message: 'Há etapa presencial: indique ao menos uma unidade onde o serviço é prestado.' });
  }

  if (content.title && !TASK_START.test(content.title)) {
    warnings.push({ field: 'title', message: "Comece o título pela tarefa do cidadão, com um verbo (por exemplo: 'Renovar a CNH', 'Emitir a guia do IPVA')." });
  }
  const texts: [string, string][] = [
    ['description', description],
    ...content.steps.map((step, i): [string, string] => [`steps.${i}.description`, step.description]),
    ...content.info.map((block, i): [string, string] => [`info.${i}.text`, htmlToText(block.text)]),
  ];
  for (const [field, value] of texts) {
    const long = value.split(/(?<=[.!?;])\s+/).find((sentence) => sentence.split(/\s+/).filter(Boolean).length > LONG_SENTENCE_WORDS);
    if (long) warnings.push({ field, message: `Frase longa (mais de ${LONG_SENTENCE_WORDS} palavras): "${long.slice(0, 60)}…". Divida em frases curtas.` });
    for (const [word, instead] of JARGON) {
      const match = word.exec(value);
      if (match) warnings.push({ field, message: `"${match[0]}" é linguagem difícil: ${instead}.` });
    }
  }
  const required = content.info.find((block) => /documentos?\s+necess/i.test(block.title));
  if (required) {
    const listed = htmlToText(required.text).toLowerCase();
    for (const document of new Set(content.steps.flatMap((step) => step.documents))) {
      if (!listed.includes(document.toLowerCase())) warnings.push({ field: 'steps', message: `"${document}" é pedido numa etapa, mas não está em "${required.title}".` });
    }
  }
  // A warning is about this change: what the published content already had is not said again on every change
  // (a good, well-known title warned about at each edit teaches staff to skip every warning).
  if (!live) return { blocking, warnings };
  const published = checkContent(live);
  const known = new Set([...published.blocking, ...published.warnings].map((issue) => `${issue.field} ${issue.message}`));
  return { blocking, warnings: warnings.filter((issue) => !known.has(`${issue.field} ${issue.message}`)) };
}
