import { encode } from 'uqr';
import { formatDateTime, formatLongDate, formatVerificationCode, verificationPath } from '@portal/contracts';
import type { DocumentRow } from './documents.repository.ts';
import { portalPdf } from '../../lib/pdf.ts';

const BLUE = '#034EA2';
const TEXT = '#1B1B1B';
const MUTED = '#4A4A4A';

/** documento-ABCD-EFGH-JKMN.pdf: named by its code, which is what anyone asks about it. */
export const documentFileName = (row: Pick<DocumentRow, 'code'>) => `documento-${formatVerificationCode(row.code)}.pdf`;

/** A QR code drawn as vector squares (sharp at any zoom or print size), `size` points wide, quiet zone included. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const cell = size / data.length;
  doc.save().rect(x, y, size, size).fill('#FFFFFF');
  data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }),
  );
  doc.fill('#000000').restore();
}

/**
 * A document a department issued (issue 28): the state's heading, the title, whose it is and of which request, when
 * and by whom, its text, and at the foot the verification code and a QR code of the page where anyone checks it.
 */
export function renderDocumentPdf(row: DocumentRow, origin: string): Promise<Buffer> {
  const code = formatVerificationCode(row.code);
  const link = `${origin}${verificationPath(row.code)}`;
  const { doc, done, left, width } = portalPdf({
    Title: `${row.title} - ${code}`,
    Author: `Governo do Estado do Piauí - ${row.departmentName}`,
    Subject: `${row.serviceTitle}: documento verificável pelo código ${code}`,
  });

  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(16).text('GOVERNO DO ESTADO DO PIAUÍ', { align: 'center' });
  doc.fillColor(TEXT).font('Helvetica').fontSize(11).text(row.departmentName, { align: 'center' });
  doc.moveDown(0.3);
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(1).strokeColor(BLUE).stroke();
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(TEXT).text(row.title, { align: 'center' });
  doc.moveDown(1);

  const field = (label: string, value: string | null) => {
    if (!value) return;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor(TEXT).text(value);
  };
  field('Interessado(a)', row.citizenName);
  field('Serviço', row.serviceTitle);
  field('Protocolo da solicitação', row.protocol);
  field('Emitido em', formatDateTime(row.issuedAt));
  field('Emitido por', `${row.issuedByName} (${row.issuedByUsername}), ${row.departmentShortName}`);
  doc.moveDown(1);

  doc.font('Helvetica').fontSize(11).fillColor(TEXT);
  for (const paragraph of row.text.split(/\n\s*\n/)) {
    doc.text(paragraph.trim(), { align: 'justify' });
    doc.moveDown(0.7);
  }
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Teresina (PI), ${formatLongDate(row.issuedAt)}.`, { align: 'right' });

  // The verification block at the foot of the page (or of the next, when the text is long).
  const qr = 96;
  const block = qr + 16;
  if (doc.y + block > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.page.height - doc.page.margins.bottom - block;
  doc.moveTo(left, top).lineTo(left + width, top).lineWidth(0.5).strokeColor(MUTED).stroke();
  drawQr(doc, link, left, top + 12, qr);
  const textLeft = left + qr + 16;
  const textWidth = width - qr - 16;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text('Código de verificação', textLeft, top + 16, { width: textWidth });
  doc.font('Courier-Bold').fontSize(18).fillColor(BLUE).text(code, textLeft, doc.y + 2, { width: textWidth });
  doc.font('Helvetica').fontSize(9).fillColor(TEXT).text('Confira se é autêntico, e se foi revogado, digitando o código em', textLeft, doc.y + 4, { width: textWidth });
  doc.font('Helvetica-Bold').text(`${origin}/app/verificar`, { width: textWidth });
  doc.font('Helvetica').text('ou aponte a câmera do celular para o código QR ao lado.', { width: textWidth });
  doc.end();
  return done;
}
