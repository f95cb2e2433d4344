import { NOTICE_KIND_KEYS, RETENTION, type NoticePreference } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

// 'Meus dados' (issue 30): every record the portal holds about one citizen, by their subject id, table by table.
// The request's internal notes ('nota') are the department's working notes, not the citizen's data: they stay out.

const day = (column: string) => sql.raw(`to_char(${column} at time zone 'America/Fortaleza', 'YYYY-MM-DD"T"HH24:MI:SS')`);

/** Everything about the citizen, kind by kind, as the export gives it and the summary counts it. */
export async function everything(db: Database, sub: string) {
  const [favoritos, historico, avaliacoes, solicitacoes, arquivos, passos, agendamentos, documentos, notificacoes, telefones, sessoes, acessos] = await Promise.all([
    rows<{ servico: string; titulo: string; desde: string }>(
      db,
      sql`select s.slug as servico, s.title as titulo, ${day('f.created_at')} as desde from favorites f join services s on s.id = f.service_id where f.user_sub = ${sub} order by f.created_at desc`,
    ),
    rows<{ servico: string; titulo: string; em: string }>(
      db,
      sql`select s.slug as servico, s.title as titulo, ${day('a.accessed_at')} as em from access_log a join services s on s.id = a.service_id where a.user_sub = ${sub} order by a.accessed_at desc`,
    ),
    rows<{ servico: string; nota: number; protocolo: string; em: string }>(
      db,
      sql`select s.title as servico, v.value as nota, r.protocol as protocolo, ${day('v.created_at')} as em
          from verified_ratings v join service_requests r on r.id = v.request_id join services s on s.id = v.service_id where r.citizen_sub = ${sub} order by v.created_at desc`,
    ),
    rows<{ id: number; protocolo: string | null; servico: string; estado: string; respostas: unknown; criadaEm: string; enviadaEm: string | null; encerradaEm: string | null; guardadaAte: string | null; venceEm: string | null }>(
      db,
      sql`select r.id, r.protocol as protocolo, s.title as servico, r.state as estado, r.answers as respostas, ${day('r.created_at')} as "criadaEm",
                 ${day('r.submitted_at')} as "enviadaEm", ${day('r.closed_at')} as "encerradaEm", coalesce(r.keep_until, (r.closed_at at time zone 'America/Fortaleza')::date + make_interval(years => ${RETENTION.requestYears}))::date::text as "guardadaAte", ${day('r.expires_at')} as "venceEm"
          from service_requests r join services s on s.id = r.service_id where r.citizen_sub = ${sub} order by r.created_at desc`,
    ),
    rows<{ requestId: number; pergunta: string; nome: string; tipo: string; bytes: number; enviadoEm: string }>(
      db,
      sql`select f.request_id as "requestId", f.question as pergunta, f.name as nome, f.type as tipo, f.size::float8 as bytes, ${day('f.created_at')} as "enviadoEm"
          from request_files f join service_requests r on r.id = f.request_id where r.citizen_sub = ${sub} order by f.created_at`,
    ),
    rows<{ requestId: number; em: string; tipo: string; mensagem: string; quem: string }>(
      db,
      sql`select e.request_id as "requestId", ${day('e.at')} as em, e.kind as tipo, e.message as mensagem, e.actor_name as quem
          from request_events e join service_requests r on r.id = e.request_id where r.citizen_sub = ${sub} and e.kind <> 'nota' order by e.at`,
    ),
    rows<{ protocolo: string; servico: string; unidade: string; quando: string; estado: string }>(
      db,
      sql`select a.protocol as protocolo, s.title as servico, d.name as unidade, ${day('a.starts_at')} as quando, a.state as estado
          from appointments a join services s on s.id = a.service_id join department_sections d on d.id = a.section_id where a.citizen_sub = ${sub} order by a.starts_at desc`,
    ),
    rows<{ titulo: string; codigo: string; emitidoEm: string; revogadoEm: string | null }>(
      db,
      sql`select title as titulo, code as codigo, ${day('issued_at')} as "emitidoEm", ${day('revoked_at')} as "revogadoEm" from issued_documents where citizen_sub = ${sub} order by issued_at desc`,
    ),
    rows<{ titulo: string; texto: string; em: string; lidaEm: string | null; arquivadaEm: string | null }>(
      db,
      sql`select title as titulo, body as texto, ${day('created_at')} as em, ${day('read_at')} as "lidaEm", ${day('archived_at')} as "arquivadaEm" from notifications where user_sub = ${sub} order by created_at desc`,
    ),
    rows<{ aparelho: string; registradoEm: string }>(
      db,
      // The token is the phone's address for push: only its end is shown, enough to tell two phones apart.
      sql`select '…' || right(token, 6) as aparelho, ${day('registered_at')} as "registradoEm" from push_devices where user_sub = ${sub} order by registered_at desc`,
    ),
    rows<{ inicio: string; fim: string }>(
      db,
      sql`select ${day('created_at')} as inicio, ${day('expires_at')} as fim from web_sessions where user_sub = ${sub} and expires_at > now() order by created_at desc`,
    ),
    rows<{ em: string; quem: string; orgao: string; o_que: string; protocolo: string | null }>(
      db,
      sql`select ${day('at')} as em, staff_name as quem, department as orgao, kind as o_que, protocol as protocolo from data_accesses where citizen_sub = ${sub} order by at desc`,
    ),
  ]);
  const enviadas = solicitacoes
    .filter((r) => r.estado !== 'rascunho')
    .map(({ id, ...r }) => ({ ...r, arquivos: arquivos.filter((f) => f.requestId === id).map(({ requestId: _, ...f }) => f), passos: passos.filter((p) => p.requestId === id).map(({ requestId: _, ...p }) => p) }));
  const rascunhos = solicitacoes
    .filter((r) => r.estado === 'rascunho')
    .map(({ id, protocolo: _, enviadaEm: __, encerradaEm: ___, guardadaAte: ____, ...r }) => ({ ...r, arquivos: arquivos.filter((f) => f.requestId === id).map(({ requestId: _r, ...f }) => f) }));
  const contact = await contactOf(db, sub);
  const contato = { email: contact?.email ?? null, telefone: contact?.phone ?? null, emailEsperandoConfirmacao: contact?.pendingEmail ?? null };
  return { favoritos, historico, avaliacoes, solicitacoes: enviadas, rascunhos, agendamentos, documentos, notificacoes, contato, avisos: await noticePreferences(db, sub), telefones, sessoes, acessos };
}
export type Everything = Awaited<ReturnType<typeof everything>>;

/** The citizen's drafts with their files' storage keys (erasing them removes the files too). */
export function draftsOf(db: Database, sub: string) {
  return rows<{ id: number }>(db, sql`select id from service_requests where citizen_sub = ${sub} and state = 'rascunho'`);
}

async function deleted(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const found = await rows<{ n: number }>(db, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`);
  return found[0]?.n ?? 0;
}

export const erase = {
  favoritos: (db: Database, sub: string) => deleted(db, sql`delete from favorites where user_sub = ${sub}`),
  historico: (db: Database, sub: string) => deleted(db, sql`delete from access_log where user_sub = ${sub}`),
  notificacoes: (db: Database, sub: string) => deleted(db, sql`delete from notifications where user_sub = ${sub}`),
  telefones: (db: Database, sub: string) => deleted(db, sql`delete from push_devices where user_sub = ${sub}`),
  contato: async (db: Database, sub: string) =>
    (await deleted(db, sql`delete from notice_contacts where user_sub = ${sub}`)) + (await deleted(db, sql`delete from notice_preferences where user_sub = ${sub}`)),
};

/** Ends every web session of the citizen, and what the embedded provider keeps of their logins (the app's included). */
export async function endSessions(db: Database, sub: string) {
  const sessoes = await deleted(db, sql`delete from web_sessions where user_sub = ${sub}`);
  const aplicativo = await deleted(db, sql`delete from oidc_models where payload->>'accountId' = ${sub} and kind in ('Session', 'Grant', 'RefreshToken', 'AccessToken')`);
  return { sessoes, aplicativo };
}

/** How the citizen wants each kind of notice; a kind never chosen is e-mail and push. */
export async function noticePreferences(db: Database, sub: string): Promise<NoticePreference[]> {
  const chosen = await rows<NoticePreference>(db, sql`select kind as tipo, email, push from notice_preferences where user_sub = ${sub}`);
  return NOTICE_KIND_KEYS.map((tipo) => chosen.find((c) => c.tipo === tipo) ?? { tipo, email: true, push: true });
}

export async function saveNoticePreferences(db: Database, sub: string, list: NoticePreference[]) {
  for (const p of list) {
    await db.execute(sql`
      insert into notice_preferences (user_sub, kind, email, push, updated_at) values (${sub}, ${p.tipo}, ${p.email}, ${p.push}, now())
      on conflict (user_sub, kind) do update set email = excluded.email, push = excluded.push, updated_at = excluded.updated_at`);
  }
}

// --- the zip of the citizen's data and files, made by the job queue ------------------------------------------

export interface ExportRow {
  id: number;
  state: 'preparando' | 'pronto' | 'falhou';
  storageKey: string | null;
  bytes: number | null;
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
}
const exportColumns = sql`id, state, storage_key as "storageKey", bytes, created_at as "createdAt", ready_at as "readyAt", expires_at as "expiresAt"`;

/** The citizen's latest zip that is being made or can still be downloaded. */
export async function latestExport(db: Database, sub: string): Promise<ExportRow | null> {
  const [found] = await rows<ExportRow>(
    db,
    sql`select ${exportColumns} from data_exports where user_sub = ${sub} and (state = 'preparando' or (state = 'pronto' and expires_at > now())) order by created_at desc limit 1`,
  );
  return found ?? null;
}

export async function startExport(db: Database, sub: string): Promise<ExportRow> {
  const [made] = await rows<ExportRow>(db, sql`insert into data_exports (user_sub, state) values (${sub}, 'preparando') returning ${exportColumns}`);
  return made!;
}

export async function finishExport(db: Database, id: number, key: string, bytes: number, expiresAt: Date) {
  await db.execute(sql`update data_exports set state = 'pronto', storage_key = ${key}, bytes = ${bytes}, ready_at = now(), expires_at = ${expiresAt.toISOString()} where id = ${id}`);
}

export async function failExport(db: Database, id: number) {
  await db.execute(sql`update data_exports set state = 'falhou' where id = ${id} and state = 'preparando'`);
}

/** The files of the citizen's requests and drafts, with where they are kept, for the zip. */
export function filesOf(db: Database, sub: string) {
  return rows<{ key: string; name: string; type: string; folder: string }>(
    db,
    sql`select f.storage_key as key, f.name, f.type, coalesce(r.protocol, 'rascunho-' || r.id) as folder
        from request_files f join service_requests r on r.id = f.request_id where r.citizen_sub = ${sub} order by f.id`,
  );
}

/** Zips past their days: their files go, then their rows. */
export function expiredExports(db: Database, now: Date) {
  return rows<{ id: number; key: string | null }>(db, sql`select id, storage_key as key from data_exports where expires_at < ${now.toISOString()} or (state <> 'pronto' and created_at < ${now.toISOString()}::timestamptz - interval '1 day')`);
}

export async function deleteExport(db: Database, id: number) {
  await db.execute(sql`delete from data_exports where id = ${id}`);
}

// --- the contact the citizen gave the portal for notices --------------------------------------------------------

export interface ContactRow {
  email: string | null;
  phone: string | null;
  pendingEmail: string | null;
  pendingCodeHash: string | null;
  pendingExpiresAt: string | null;
  pendingTries: number;
}

export async function contactOf(db: Database, sub: string): Promise<ContactRow | null> {
  const [found] = await rows<ContactRow>(
    db,
    sql`select email, phone, pending_email as "pendingEmail", pending_code_hash as "pendingCodeHash", pending_expires_at as "pendingExpiresAt", pending_tries as "pendingTries"
        from notice_contacts where user_sub = ${sub}`,
  );
  return found ?? null;
}

export async function savePhone(db: Database, sub: string, phone: string) {
  await db.execute(sql`insert into notice_contacts (user_sub, phone) values (${sub}, ${phone || null})
    on conflict (user_sub) do update set phone = excluded.phone, updated_at = now()`);
}

export async function savePendingEmail(db: Database, sub: string, email: string, codeHash: string, expiresAt: Date) {
  await db.execute(sql`insert into notice_contacts (user_sub, pending_email, pending_code_hash, pending_expires_at, pending_tries)
    values (${sub}, ${email}, ${codeHash}, ${expiresAt.toISOString()}, 0)
    on conflict (user_sub) do update set pending_email = excluded.pending_email, pending_code_hash = excluded.pending_code_hash,
      pending_expires_at = excluded.pending_expires_at, pending_tries = 0, updated_at = now()`);
}

/** Counts a try at the code; answers the row as it was before, or null when nothing is pending. */
export async function tryCode(db: Database, sub: string) {
  const [found] = await rows<ContactRow>(
    db,
    sql`update notice_contacts set pending_tries = pending_tries + 1 where user_sub = ${sub} and pending_email is not null
        returning email, phone, pending_email as "pendingEmail", pending_code_hash as "pendingCodeHash", pending_expires_at as "pendingExpiresAt", pending_tries as "pendingTries"`,
  );
  return found ?? null;
}

/** The pending e-mail becomes the one in use, if its code is still the one confirmed (one confirmation wins). */
export async function confirmEmail(db: Database, sub: string, codeHash: string): Promise<boolean> {
  const done = await rows<{ email: string }>(
    db,
    sql`update notice_contacts set email = pending_email, pending_email = null, pending_code_hash = null, pending_expires_at = null, pending_tries = 0, updated_at = now()
        where user_sub = ${sub} and pending_code_hash = ${codeHash} returning email`,
  );
  return done.length > 0;
}

export async function clearEmail(db: Database, sub: string) {
  await db.execute(sql`update notice_contacts set email = null, pending_email = null, pending_code_hash = null, pending_expires_at = null, updated_at = now() where user_sub = ${sub}`);
}
