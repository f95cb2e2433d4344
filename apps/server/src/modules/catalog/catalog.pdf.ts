import PDFDocument from 'pdfkit';
import { feeText, formatLongDate, type CatalogItem } from '@portal/contracts';

const BLUE = '#034EA2';
const TEXT = '#1B1B1B';
const MUTED = '#4A4A4A';

/** Service HTML as printable paragraphs: list items become bullets, markup and entities go away. */
export function htmlToParagraphs(html: string): string[] {
  const text = html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|h3|h4|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
}


/** A printable service sheet: what a citizen takes to the counter. Returns the PDF bytes. */
export function renderServicePdf(item: CatalogItem, pageUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: {
      Title: item.title,
      Author: 'Governo do Estado do Piauí',
      Subject: `Carta de serviço: ${item.title}`,
      Keywords: [...item.tags, ...item.popularNames].join(', '),
      Creator: 'Portal de Serviços do Piauí',
    },
    lang: 'pt-BR',
    pdfVersion: '1.7',
  } as PDFKit.PDFDocumentOptions);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(BLUE).text(text, { width });
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor(TEXT);
  };
  const paragraphs = (html: string) => {
    for (const line of htmlToParagraphs(html)) doc.text(line, { width, paragraphGap: 3 });
  };

  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text('GOVERNO DO ESTADO DO PIAUÍ · PORTAL DE SERVIÇOS', { width });
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(20).fillColor(TEXT).text(item.title, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor(MUTED)
    .text(`${item.department.name} (${item.department.shortName}) · Categoria: ${item.category.name}`, { width });

  const facts = [
    item.isFree ? 'Gratuito' : `Custo: ${item.cost || 'consulte o órgão'}`,
    item.estimatedTime ? `Prazo: ${item.estimatedTime}` : null,
    item.isOnline ? 'Disponível online' : 'Atendimento presencial',
    `Perfil de acesso: ${item.accessProfile.name}`,
  ].filter(Boolean);
  doc.moveDown(0.3).text(facts.join(' · '), { width });
  if (item.popularNames.length) doc.moveDown(0.2).text(`Também conhecido como: ${item.popularNames.join(', ')}`, { width });

  heading('O que é esse serviço?');
  paragraphs(item.description);

  if (item.steps.length) {
    heading('Etapas para a realização deste serviço');
    item.steps.forEach((step, index) => {
      doc.font('Helvetica-Bold').text(`${index + 1}. ${step.name} (${step.channel === 'online' ? 'Online' : 'Presencial'})`, { width });
      doc.font('Helvetica');
      if (step.description) doc.text(step.description, { width, indent: 14 });
      if (step.htmlContent) for (const line of htmlToParagraphs(step.htmlContent)) doc.text(line, { width, indent: 14 });
      for (const fee of step.fees) doc.text(`Custo: ${feeText(fee)}`, { width, indent: 14 });
      doc.moveDown(0.3);
    });
  }

  const documents = [...new Set(item.steps.flatMap((s) => s.documents))];
  heading('Documentos necessários');
  if (documents.length) for (const d of documents) doc.text(`• ${d}`, { width });
  else doc.text('Nenhum documento é exigido.', { width });

  for (const info of item.info) {
    heading(info.title);
    paragraphs(info.text);
  }

  heading('Unidades de atendimento');
  if (!item.departmentSections.length) doc.text('Nenhuma unidade disponível para este serviço.', { width });
  for (const unit of item.departmentSections) {
    doc.font('Helvetica-Bold').text(unit.name, { width });
    doc.font('Helvetica');
    const address = [unit.address, unit.complement, unit.district, `${unit.city} - ${unit.state}`, unit.postalCode && `CEP ${unit.postalCode}`]
      .filter(Boolean)
      .join(', ');
    doc.text(address, { width });
    if (unit.openingTime) doc.text(`Horário: ${unit.openingTime}`, { width });
    if (unit.phone) doc.text(`Telefone: ${unit.phone}`, { width });
    doc.moveDown(0.3);
  }

  if (item.link) {
    heading('Acesse o serviço');
    doc.fillColor(BLUE).text(item.link.startsWith('/') ? new URL(item.link, pageUrl).toString() : item.link, { width, link: item.link.startsWith('/') ? undefined : item.link, underline: true });
    doc.fillColor(TEXT);
  }

  doc.moveDown(1.2).font('Helvetica').fontSize(8.5).fillColor(MUTED)
    .text(`Informações atualizadas em ${formatLongDate(item.updated_at)}. Versão online: ${pageUrl}`, { width });
  doc.end();
  return done;
}
