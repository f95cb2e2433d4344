import { answerText, formatDateTime, formatIsoDay, maskCpf, REQUEST_STATE_LABELS, visiblePages, visibleQuestions, type RequestDetail } from '@portal/contracts';
import { portalPdf } from '../../lib/pdf.ts';

const BLUE = '#034EA2';
const TEXT = '#1B1B1B';
const MUTED = '#4A4A4A';

/** solicitacao-2026-DETRAN-004211.pdf */
export const receiptFileName = (detail: Pick<RequestDetail, 'protocol' | 'id'>) => `solicitacao-${detail.protocol ?? detail.id}.pdf`;

/**
 * The receipt of a sent request (issue 27): the protocol, when it was sent, who sent it (CPF masked), the
 * service and its department, the deadline promised, and every answer as the citizen gave it, page by page.
 */
export function renderReceiptPdf(detail: RequestDetail): Promise<Buffer> {
  const { doc, done } = portalPdf({
    Title: `Comprovante da solicitação ${detail.protocol}`,
    Author: 'Governo do Estado do Piauí',
    Subject: `Solicitação de ${detail.service.title}`,
  });
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(16).text('GOVERNO DO ESTADO DO PIAUÍ');
  doc.fillColor(TEXT).font('Helvetica').fontSize(11).text('Portal de Serviços do Piauí');
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(14).text('Comprovante de solicitação');
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BLUE).text(detail.protocol ?? '');
  doc.fillColor(TEXT).moveDown(0.5);

  const field = (label: string, value: string) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor(TEXT).text(value);
  };
  field('Serviço', detail.service.title);
  field('Órgão', detail.service.department);
  field('Enviada em', detail.submittedAt ? formatDateTime(detail.submittedAt) : '');
  field('Situação', REQUEST_STATE_LABELS[detail.state]);
  field('Prazo de resposta', detail.deadline ? formatIsoDay(detail.deadline) : '');
  field('Solicitante', detail.known.name);
  field('CPF', maskCpf(detail.known.cpf));
  doc.moveDown();

  for (const page of visiblePages(detail.form, detail.answers)) {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BLUE).text(page.title);
    doc.moveDown(0.3);
    for (const question of visibleQuestions(page, detail.answers)) {
      doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(question.label);
      doc.font('Helvetica').fontSize(10).fillColor(TEXT).text(answerText(question, detail.answers[question.id], detail.files) || 'Não respondida');
      doc.moveDown(0.4);
    }
    doc.moveDown(0.4);
  }
  doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text('Declaração aceita');
  doc.font('Helvetica').fillColor(TEXT).text(detail.form.declaration);
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Acompanhe em Solicitações, no Portal de Serviços do Piauí, com o protocolo ${detail.protocol}. Documento gerado em ${formatDateTime(new Date())}.`);
  doc.end();
  return done;
}
