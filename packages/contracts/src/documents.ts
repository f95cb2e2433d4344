import { z } from 'zod';
import { DbId, storableText } from './common.ts';

/**
 * Documents a department issues on concluding a request (issue 28), which anyone can check by their code:
 * /v1/documentos/verificacao/{codigo} (public), /v1/documentos (the citizen's), /v1/gestao/documentos (staff).
 */

/**
 * The verification code's alphabet: digits and capitals without the ones read or typed for each other
 * (0/O, 1/I/L). Twelve of them are 31^12 ≈ 2^59 codes: not guessable, and typed from paper in three groups.
 */
export const VERIFICATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFICATION_CODE_LENGTH = 12;
const CODE = new RegExp(`^[${VERIFICATION_ALPHABET}]{${VERIFICATION_CODE_LENGTH}}$`);

/**
 * A code as typed (any case, spaces, hyphens, dots) in its stored form (`ABCDEFGHJKMN`), or null when it cannot be
 * one. Every side (the page's form, the API, the QR code's link) normalises through this function.
 */
export function normalizeVerificationCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s\-–—.]/g, '');
  return CODE.test(code) ? code : null;
}

/** A code as printed and shown: `ABCD-EFGH-JKMN`. */
export const formatVerificationCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** Where the QR code of a document points, on the portal's public origin. */
export const verificationPath = (code: string) => `/app/verificar?codigo=${formatVerificationCode(code)}`;

/** A citizen's name as anyone checking one of their documents sees it: first name and the last name's initial. */
export function maskedName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '';
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

export const VerificationParams = z.object({ codigo: z.string().max(40, 'Código inválido.') });

export const DOCUMENT_STATUSES = ['autentico', 'revogado', 'nao_encontrado'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const Revocation = z.object({ at: z.string(), reason: z.string() });

/** What anyone who has a document's code is told: the document as issued, and nothing else about its citizen. */
export const DocumentVerification = z.object({
  /** the code as asked, normalised and grouped (`ABCD-EFGH-JKMN`); as typed when it cannot be a code */
  code: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  document: z
    .object({
      title: z.string(),
      /** what the document says, as issued (paragraphs separated by blank lines): a copy can be compared with it */
      text: z.string(),
      issuedAt: z.string(),
      department: z.object({ slug: z.string(), name: z.string(), shortName: z.string() }),
      service: z.object({ slug: z.string(), title: z.string() }),
      /** 'Maria S.' */
      citizen: z.string(),
      revoked: Revocation.nullable(),
    })
    .nullable(),
});
export type DocumentVerification = z.infer<typeof DocumentVerification>;

/** One of the citizen's own documents ('Documentos'). */
export const IssuedDocument = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  protocol: z.string().nullable(),
  issuedAt: z.string(),
  issuedBy: z.string(),
  department: z.object({ slug: z.string(), name: z.string(), shortName: z.string() }),
  service: z.object({ slug: z.string(), title: z.string() }),
  revoked: Revocation.nullable(),
  /** the API's PDF download (with the citizen's token) */
  pdf: z.string(),
});
export type IssuedDocument = z.infer<typeof IssuedDocument>;
export const IssuedDocumentList = z.object({ documents: z.array(IssuedDocument) });
export type IssuedDocumentList = z.infer<typeof IssuedDocumentList>;

export const IssuedDocumentParams = z.object({ id: DbId('Documento inválido.') });

export const REVOCATION_REASON_MIN = 10;
export const RevokeDocument = z.object({
  reason: storableText('Motivo')
    .trim()
    .min(REVOCATION_REASON_MIN, `Escreva o motivo da revogação, com pelo menos ${REVOCATION_REASON_MIN} caracteres: quem conferir o documento vai lê-lo.`)
    .max(1_000, 'Motivo: no máximo 1.000 caracteres.'),
});
export type RevokeDocument = z.infer<typeof RevokeDocument>;
