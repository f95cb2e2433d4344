import { formatDate, formatNumber, maskCpf } from '@portal/contracts';
import type { PaySlipRow } from './payslips.repository.ts';
import { portalPdf } from '../../lib/pdf.ts';

const BLUE = '#034EA2';
const TEXT = '#1B1B1B';
const MUTED = '#4A4A4A';
const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
/** 4812.37 → '4.812,37': the amounts of the pay slip's columns. */
const money = { format: (value: number) => formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) };

export const periodLabel = (row: Pick<PaySlipRow, 'month' | 'year'>) => `${String(row.month).padStart(2, '0')}/${row.year}`;

/** contracheque-MM-YYYY-BOND.pdf: month, year and bond, as the widget names the download. */
export function paySlipFileName(row: Pick<PaySlipRow, 'month' | 'year' | 'bond'>): string {
  const bond = row.bond.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `contracheque-${String(row.month).padStart(2, '0')}-${row.year}-${bond}.pdf`;
}

/** A servant's pay slip (contracheque) as a PDF: header, identification, earnings, deductions, totals. */
export function renderPaySlipPdf(row: PaySlipRow): Promise<Buffer> {
  const { doc, done, left, width } = portalPdf({
    Title: `Contracheque ${periodLabel(row)} - ${row.bond}`,
    Author: 'Governo do Estado do Piauí - Secretaria de Estado da Administração',
    Subject: `Contracheque de ${MONTHS[row.month - 1]} de ${row.year}`,
  });
  doc.fillColor(BLUE).font('Helvetica-Bold').fontSize(16).text('GOVERNO DO ESTADO DO PIAUÍ');
  doc.fillColor(TEXT).font('Helvetica').fontSize(11).text('Secretaria de Estado da Administração - SEAD');
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(14).text(`Contracheque - ${MONTHS[row.month - 1]} de ${row.year}`);
  doc.moveDown();

  const field = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor(TEXT).text(value);
  };
  field('Servidor(a)', row.name ?? '');
  field('CPF', maskCpf(row.cpf ?? ''));
  field('Matrícula', row.registration);
  field('Vínculo', row.bond);
  field('Cargo', row.position);
  field('Órgão', row.department);
  field('Competência', periodLabel(row));
  doc.moveDown();

  const columns = [left, left + 50, left + width - 180, left + width - 90];
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor(BLUE);
    doc.text('Cód.', columns[0], y);
    doc.text('Descrição', columns[1], y);
    doc.text('Proventos', columns[2], y, { width: 85, align: 'right' });
    doc.text('Descontos', columns[3], y, { width: 90, align: 'right' });
    doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor(BLUE).stroke();
    doc.moveDown(0.5);
  };
  header();
  let earnings = 0;
  let deductions = 0;
  doc.font('Helvetica').fillColor(TEXT);
  for (const line of row.lines) {
    const y = doc.y;
    doc.text(line.codigo, columns[0], y);
    doc.text(line.descricao, columns[1], y, { width: columns[2]! - columns[1]! - 10 });
    const after = doc.y;
    if (line.tipo === 'provento') {
      earnings += line.valor;
      doc.text(money.format(line.valor), columns[2], y, { width: 85, align: 'right' });
    } else {
      deductions += line.valor;
      doc.text(money.format(line.valor), columns[3], y, { width: 90, align: 'right' });
    }
    doc.y = Math.max(after, doc.y);
  }
  doc.moveTo(left, doc.y + 4).lineTo(left + width, doc.y + 4).strokeColor(MUTED).stroke();
  doc.moveDown();
  const total = (label: string, value: number) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, columns[1], y);
    doc.text(`R$ ${money.format(value)}`, columns[3]! - 60, y, { width: 150, align: 'right' });
  };
  total('Total de proventos', earnings);
  total('Total de descontos', deductions);
  total('Valor líquido', Math.round((earnings - deductions) * 100) / 100);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(
    `Documento gerado pelo Portal de Serviços do Piauí em ${formatDate(row.generatedAt)}. ` +
      'Demonstrativo de pagamento para simples conferência.',
    left,
  );
  doc.end();
  return done;
}
