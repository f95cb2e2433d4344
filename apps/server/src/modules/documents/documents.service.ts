import { randomInt } from 'node:crypto';
import {
  formatDateTime,
  formatVerificationCode,
  maskedName,
  normalizeVerificationCode,
  RevokeDocument,
  VERIFICATION_ALPHABET,
  VERIFICATION_CODE_LENGTH,
  type DocumentVerification,
  type IssuedDocument,
} from '@portal/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { canAttend, type Staff } from '../gestao/roles.ts';
import { documentFileName, renderDocumentPdf } from './documents.pdf.ts';
import * as repository from './documents.repository.ts';
import type { Db, DocumentRow, Tx } from './documents.repository.ts';

/** Who issued a document, as printed on it: the member of staff's name and username. */
export interface IssuedBy {
  sub: string;
  name: string;
  username: string;
}

export interface IssueDocument {
  /** the request it concludes (null for a document issued without one) */
  requestId: number | null;
  citizenSub: string;
  /** the citizen's full name as the request has it (printed on the document; masked on the verification page) */
  citizenName: string;
  serviceId: number;
  departmentSlug: string;
  title: string;
  /** plain text; paragraphs separated by blank lines */
  text: string;
  issuedBy: IssuedBy;
}

/** The API's PDF download of one of the citizen's documents. */
export const documentPdfPath = (id: number) => `/v1/documentos/${id}/pdf`;

/** A fresh verification code: each character drawn uniformly from the alphabet by the system's CSPRNG. */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)];
  return code;
}

/**
 * Issues a document, inside the caller's transaction (the 'deferir' action's, so that a request is never concluded
 * without its document nor a document left for a request that was not concluded). A code already taken (one chance
 * in 2^59 per document issued) is drawn again.
 */
export async function issueDocument(tx: Db | Tx, input: IssueDocument, draw: () => string = newVerificationCode): Promise<{ id: number; code: string }> {
  const title = input.title.trim();
  const text = input.text.replace(/\r\n?/g, '\n').trim();
  if (!title) throw badRequest('Dê um título ao documento.');
  if (!text) throw badRequest('Escreva o texto do documento.');
  if (title.length > 200) throw badRequest('Título do documento: no máximo 200 caracteres.');
  if (text.length > 20_000) throw badRequest('Texto do documento: no máximo 20.000 caracteres.');
  for (let attempt = 0; attempt < 5; attempt++) {
    const issued = await repository.insert(tx, {
      code: draw(),
      requestId: input.requestId,
      citizenSub: input.citizenSub,
      citizenName: input.citizenName.trim(),
      serviceId: input.serviceId,
      departmentSlug: input.departmentSlug,
      title,
      text,
      issuedBySub: input.issuedBy.sub,
      issuedByName: input.issuedBy.name,
      issuedByUsername: input.issuedBy.username,
    });
    if (issued) return issued;
  }
  throw new Error('no free verification code after 5 draws');
}

/**
 * Who may revoke a department's documents: whoever works its requests (its attendants and reviewers, and the central
 * team: roles.ts's `canAttend`). Editors of its catalog content do not.
 */
export const canRevoke = canAttend;

const revocationOf = (row: DocumentRow) => (row.revokedAt ? { at: row.revokedAt.toISOString(), reason: row.revocationReason ?? '' } : null);

/** What anyone checking a code is told: the document as issued, its revocation, and the citizen's name masked. */
export async function verify(db: Db, typed: string): Promise<DocumentVerification> {
  const code = normalizeVerificationCode(typed);
  const row = code ? await repository.byCode(db, code) : null;
  if (!code || !row) return { code: code ? formatVerificationCode(code) : typed.trim().slice(0, 40), status: 'nao_encontrado', document: null };
  return {
    code: formatVerificationCode(row.code),
    status: row.revokedAt ? 'revogado' : 'autentico',
    document: {
      title: row.title,
      text: row.text,
      issuedAt: row.issuedAt.toISOString(),
      department: { slug: row.departmentSlug, name: row.departmentName, shortName: row.departmentShortName },
      service: { slug: row.serviceSlug, title: row.serviceTitle },
      citizen: maskedName(row.citizenName),
      revoked: revocationOf(row),
    },
  };
}

/** What the citizen is told of a revocation of one of her documents. */
export interface Revoked {
  citizenSub: string;
  title: string;
  code: string;
  reason: string;
}

/**
 * Revokes a document with a reason anyone checking it will read. Only its department's staff or the central team;
 * of two revocations at once, exactly one wins and the other is told it was already revoked (409). `onRevoked` runs
 * once, for the one that won (the route tells the citizen).
 */
export async function revokeDocument(db: Db, typedCode: string, staff: Staff, reason: string, onRevoked?: (revoked: Revoked) => Promise<unknown>): Promise<DocumentVerification> {
  const parsed = RevokeDocument.safeParse({ reason });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const code = normalizeVerificationCode(typedCode);
  const row = code ? await repository.byCode(db, code) : null;
  if (!code || !row) throw notFound('Documento não encontrado: confira o código.');
  if (!canRevoke(staff, row.departmentSlug)) throw forbidden('Só a equipe do órgão que emitiu o documento (ou a equipe central) pode revogá-lo.');
  const alreadyRevoked = (at: Date | null | undefined) => conflict(`Este documento já foi revogado${at ? ` em ${formatDateTime(at)}` : ''}: a revogação não se repete.`);
  if (row.revokedAt) throw alreadyRevoked(row.revokedAt);
  if (!(await repository.revoke(db, code, { at: new Date(), bySub: staff.sub, byName: staff.name, reason: parsed.data.reason }))) {
    // another revocation won between the read and the update
    throw alreadyRevoked((await repository.byCode(db, code))?.revokedAt);
  }
  await onRevoked?.({ citizenSub: row.citizenSub, title: row.title, code: formatVerificationCode(code), reason: parsed.data.reason });
  return verify(db, code);
}

const toIssued = (row: DocumentRow): IssuedDocument => ({
  id: row.id,
  code: formatVerificationCode(row.code),
  title: row.title,
  protocol: row.protocol,
  issuedAt: row.issuedAt.toISOString(),
  issuedBy: row.issuedByName,
  department: { slug: row.departmentSlug, name: row.departmentName, shortName: row.departmentShortName },
  service: { slug: row.serviceSlug, title: row.serviceTitle },
  revoked: revocationOf(row),
  pdf: documentPdfPath(row.id),
});

/** The citizen's own documents ('Documentos'), revoked ones included (marked as such). */
export async function mine(db: Db, citizenSub: string): Promise<IssuedDocument[]> {
  return (await repository.ofCitizen(db, citizenSub)).map(toIssued);
}

/**
 * The PDF of one of the citizen's documents. Someone else's answers 404 like an id that does not exist: a 403 would
 * say which ids exist. `origin` is the portal's public address, which the QR code points to.
 */
export async function pdfOf(db: Db, origin: string, citizenSub: string, id: number): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await repository.ownById(db, citizenSub, id);
  if (!row) throw notFound('Documento não encontrado.');
  return { fileName: documentFileName(row), pdf: await renderDocumentPdf(row, origin) };
}
