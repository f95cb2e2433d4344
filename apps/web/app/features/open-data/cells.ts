// How the viewer's tables read: column names in words, money in reais, numbers and dates in pt-BR.
import { formatBrl, formatDate, formatIsoDay, formatLongDate, formatNumber, formatTime } from '../../lib/format.ts';
import type { Scalar } from './export.ts';

const WORDS: Record<string, string> = {
  exercicio: 'exercício',
  orgao: 'órgão',
  orgaos: 'órgãos',
  codigo: 'código',
  emissao: 'emissão',
  referencia: 'referência',
  funcao: 'função',
  licitacao: 'licitação',
  historico: 'histórico',
  remuneracao: 'remuneração',
  basica: 'básica',
  liquida: 'líquida',
  liquido: 'líquido',
  horaria: 'horária',
  admissao: 'admissão',
  desligamento: 'desligamento',
  vinculo: 'vínculo',
  matricula: 'matrícula',
  usuarios: 'usuários',
  servicos: 'serviços',
  situacao: 'situação',
  natureza: 'natureza',
  arrecadado: 'arrecadado',
  numero: 'número',
  assinatura: 'assinatura',
  vigencia: 'vigência',
  ate: 'até',
  liquidacoes: 'liquidações',
  liquidacao: 'liquidação',
  acoes: 'ações',
  uf: 'UF',
  cpf: 'CPF',
  id: 'ID',
};

/** 'valor_empenhado' → 'Valor empenhado', 'orgao_sigla' → 'Órgão sigla', 'credor.nome' → 'Credor nome'. */
export function columnLabel(key: string): string {
  const words = key
    .split(/[._\s]+/)
    .filter(Boolean)
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MONEY = /^(valor|remuneracao|vantagens$|descontos$|saldo_|total_bruto$|total_liquido$|(empenhado|liquidado|pago)_acumulado$)/;
/** Numbers that are identifiers or years: shown as they are, never '2.025'. */
const IDENTIFIER = /(^|_|\.)(id|exercicio|ano|codigo|matricula|numero|cpf|cnpj|documento|processo)($|_|\.)/;

export const isMoneyColumn = (key: string) => MONEY.test(key.split('.').pop() ?? key);
export const isNumericColumn = (key: string) => !IDENTIFIER.test(key);


/** A cell as people read it; `align` tells the table to right-align figures. */
export function formatCell(key: string, value: Scalar): { text: string; align: 'start' | 'end' } {
  if (value === null || value === '') return { text: '—', align: 'start' };
  if (typeof value === 'boolean') return { text: value ? 'Sim' : 'Não', align: 'start' };
  if (typeof value === 'number') {
    if (isMoneyColumn(key)) return { text: formatBrl(value, { nonBreaking: true }), align: 'end' };
    if (!isNumericColumn(key)) return { text: String(value), align: 'start' };
    return { text: formatNumber(value, { maximumFractionDigits: 2 }), align: 'end' };
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { text: formatIsoDay(value), align: 'start' };
  const stamp = /^(\d{4})-(\d{2})-(\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(value) ? new Date(value) : null;
  if (stamp && !Number.isNaN(stamp.getTime())) {
    return { text: formatDate(stamp), align: 'start' };
  }
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (month) return { text: `${month[2]}/${month[1]}`, align: 'start' };
  return { text: value, align: 'start' };
}

/** 'Dados atualizados em 15 de junho de 2026' (the updated_at endpoint, in Portuguese). */
export function updatedAtText(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `Dados atualizados em ${formatLongDate(date)}, às ${formatTime(date)}`;
}
