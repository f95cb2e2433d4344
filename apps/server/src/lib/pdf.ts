import PDFDocument from 'pdfkit';

/**
 * A new A4 PDF of the portal (pay slips, request receipts, issued documents): Portuguese, the portal as its
 * creator, 56 pt margins; `done` resolves to its bytes once the caller has called `doc.end()`; `left` and `width`
 * are the text column.
 */
export function portalPdf(info: { Title: string; Author: string; Subject: string }) {
  const doc = new PDFDocument({ size: 'A4', margins: { top: 56, bottom: 56, left: 56, right: 56 }, info: { ...info, Creator: 'Portal de Serviços do Piauí' }, lang: 'pt-BR' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}
