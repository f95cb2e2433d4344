import { formatDate, formatIsoDay, MY_DATA_KINDS, type Erasable, type ContactChange, type MyDataSummary, type NoticeContact, type NoticePreference } from '@portal/contracts';
import { createHash, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ZipFile } from 'yazl';
import { badRequest } from '../../lib/http-error.ts';
import { knownData, safeName, type Citizen, type RequestsService } from '../requests/requests.service.ts';
import * as repository from './my-data.repository.ts';

/** A confirmation code of a new e-mail: how long it lasts and how many tries it takes. */
const CODE_MINUTES = 30;
const CODE_TRIES = 5;
const codeHash = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest('hex');

/** How long a zip of one's data is kept to be downloaded, and the most it may hold. */
export const EXPORT_DAYS = 7;
const EXPORT_MAX_BYTES = 4 * 1024 ** 3;

/** A day for the summary's few examples: the repository's times are Piauí's ('2026-11-03T09:30:00') or days. */
const when = (local: string | null) => formatIsoDay(local?.slice(0, 10));

/**
 * 'Meus dados' (issue 30, LGPD art. 18): what the portal holds about the citizen (II), all of it to take away (V),
 * erasing what consent or the citizen's own choice put there (VI), and ending every session. What a legal duty keeps
 * (submitted requests, issued documents, appointments, who accessed the data) is shown with until when, not erased.
 */
export function myDataService(app: FastifyInstance, requests: Pick<RequestsService, 'discard'>) {
  const db = () => app.db;
  return {
    everything: (user: Citizen) => repository.everything(db(), user.sub),

    async summary(user: Citizen): Promise<MyDataSummary> {
      const all = await repository.everything(db(), user.sub);
      const latestKept = all.solicitacoes.map((r) => r.guardadaAte).filter((d): d is string => Boolean(d)).sort().at(-1) ?? null;
      const kind = (key: keyof typeof MY_DATA_KINDS, records: unknown[], examples: string[], keptUntil: string | null = null) => ({ kind: key, count: records.length, examples: examples.slice(0, 10), keptUntil });
      return {
        kinds: [
          kind('conta', [user], [user.name]),
          kind('favoritos', all.favoritos, all.favoritos.map((f) => `${f.titulo}, desde ${when(f.desde)}`)),
          kind('historico', all.historico, all.historico.map((h) => `${h.titulo}, em ${when(h.em)}`)),
          kind('avaliacoes', all.avaliacoes, all.avaliacoes.map((a) => `${a.servico}: ${a.nota} de 5`)),
          kind('solicitacoes', all.solicitacoes, all.solicitacoes.map((r) => `${r.protocolo} (${r.servico})${r.guardadaAte ? `, guardada até ${when(r.guardadaAte)}` : ', em andamento'}`), latestKept),
          kind('rascunhos', all.rascunhos, all.rascunhos.map((r) => `${r.servico}, começado em ${when(r.criadaEm)}`)),
          kind('agendamentos', all.agendamentos, all.agendamentos.map((a) => `${a.protocolo}: ${a.servico}, ${when(a.quando)}`)),
          kind('documentos', all.documentos, all.documentos.map((d) => `${d.titulo}, emitido em ${when(d.emitidoEm)}`)),
          kind('notificacoes', all.notificacoes, all.notificacoes.map((n) => n.titulo)),
          kind('telefones', all.telefones, all.telefones.map((t) => `Celular ${t.aparelho}, desde ${when(t.registradoEm)}`)),
          kind('contato', [all.contato.email, all.contato.telefone].filter(Boolean), [all.contato.email ? `E-mail: ${all.contato.email}` : '', all.contato.telefone ? `Telefone: ${all.contato.telefone}` : ''].filter(Boolean)),
          kind('sessoes', all.sessoes, all.sessoes.map((s) => `Desde ${when(s.inicio)}`)),
          kind('acessos', all.acessos, all.acessos.map((a) => `${a.quem}, do ${a.orgao}, em ${when(a.em)}`)),
        ],
      };
    },

    /** Erases one kind; drafts go as the citizen discards one (their files with them). Answers how many records went. */
    async erase(user: Citizen, kind: Erasable): Promise<number> {
      if (kind !== 'rascunhos') {
        const gone = await repository.erase[kind](db(), user.sub);
        // Recommendations are ranked from the history and the favourites: this process ranks them again without them
        // (another instance's copy lives a minute at most).
        if (kind === 'historico' || kind === 'favoritos') await app.forgetRecommendations(user.sub);
        return gone;
      }
      let gone = 0;
      for (const draft of await repository.draftsOf(db(), user.sub)) {
        await requests.discard(user, draft.id).then(
          () => gone++,
          () => undefined, // sent or discarded meanwhile, in another tab
        );
      }
      return gone;
    },

    endSessions: (user: Citizen) => repository.endSessions(db(), user.sub),

    notices: (user: Citizen) => repository.noticePreferences(db(), user.sub),

    /** The contact notices go to: her own e-mail once confirmed and her phone, or the Acesso Cidadão's. */
    async contact(user: Citizen): Promise<NoticeContact> {
      const [mine, known] = await Promise.all([repository.contactOf(db(), user.sub), knownData(app, user)]);
      return { email: known.email, origem: mine?.email ? 'portal' : 'acesso-cidadao', pendente: mine?.pendingEmail ?? null, telefone: known.phone };
    },

    /**
     * Changes the phone at once; a new e-mail waits for the code sent to it (CODE_MINUTES minutes, CODE_TRIES tries).
     * An empty e-mail goes back to the Acesso Cidadão's.
     */
    async changeContact(user: Citizen, change: ContactChange): Promise<NoticeContact> {
      if (change.telefone !== undefined) await repository.savePhone(db(), user.sub, change.telefone);
      if (change.email === '') await repository.clearEmail(db(), user.sub);
      else if (change.email !== undefined && change.email !== (await this.contact(user)).email) {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await repository.savePendingEmail(db(), user.sub, change.email, codeHash(user.sub, code), new Date(Date.now() + CODE_MINUTES * 60_000));
        await app.mail.send({
          to: change.email,
          subject: 'Código para confirmar o seu e-mail no Portal de Serviços',
          text: `Olá.\n\nO código para confirmar este e-mail para os avisos do Portal de Serviços do Piauí é ${code}. Ele vale ${CODE_MINUTES} minutos.\n\nSe não foi você quem pediu, ignore esta mensagem: nada muda.\n\nPortal de Serviços do Piauí`,
        });
      }
      return this.contact(user);
    },

    /** Confirms the new e-mail with its code; a wrong, old or too often tried code changes nothing. */
    async confirmContact(user: Citizen, code: string): Promise<NoticeContact> {
      const pending = await repository.tryCode(db(), user.sub);
      if (!pending?.pendingEmail || !pending.pendingCodeHash) throw badRequest('Não há e-mail esperando confirmação.');
      if (pending.pendingTries >= CODE_TRIES || new Date(pending.pendingExpiresAt!) < new Date()) throw badRequest('Este código não vale mais: peça outro, salvando o e-mail de novo.');
      if (pending.pendingCodeHash !== codeHash(user.sub, code) || !(await repository.confirmEmail(db(), user.sub, pending.pendingCodeHash))) {
        throw badRequest('Código errado: confira o e-mail que enviamos.');
      }
      return this.contact(user);
    },

    /** Asks for the zip of her data and files; one at a time: asking while one is being made answers that one. */
    async askExport(user: Citizen & { username: string }) {
      const current = await repository.latestExport(db(), user.sub);
      if (current?.state === 'preparando') return current;
      const made = await repository.startExport(db(), user.sub);
      await app.jobs.send('exportar-meus-dados', { id: made.id, userSub: user.sub, username: user.username, name: user.name });
      return made;
    },

    latestExport: (user: Citizen) => repository.latestExport(db(), user.sub),

    /**
     * Makes the zip (the job): 'meus-dados.json' (the same as the JSON download) and every file she sent, by request,
     * streamed from storage into storage, then tells her it is ready. Kept EXPORT_DAYS days.
     */
    async makeExport(job: { id: number; userSub: string; username: string; name: string }) {
      const user = { sub: job.userSub, name: job.name, roles: [], claims: {} };
      try {
        const data = { geradoEm: new Date().toISOString(), conta: { usuario: job.username, ...(await knownData(app, user)) }, ...(await repository.everything(db(), job.userSub)) };
        const zip = new ZipFile();
        zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'meus-dados.json');
        for (const [n, file] of (await repository.filesOf(db(), job.userSub)).entries()) {
          // Numbered: two files of one request may have the same name.
          zip.addReadStream(await app.storage.open(file.key), `arquivos/${file.folder}/${n + 1}-${safeName(file.name, file.type)}`);
        }
        zip.end();
        const stored = await app.storage.receive(zip.outputStream as unknown as Readable, { maxBytes: EXPORT_MAX_BYTES, accept: ['application/zip'] });
        const expires = new Date(Date.now() + EXPORT_DAYS * 86_400_000);
        await repository.finishExport(db(), job.id, stored.key, stored.size, expires);
        await app.notifications.create({
          userSub: job.userSub,
          kind: 'informacao',
          title: 'Seus dados estão prontos para baixar',
          body: `O arquivo com os seus dados e os arquivos que você enviou fica disponível em Meus dados até ${formatDate(expires)}.`,
          metadata: { onClick: { tipo: 'redirect', url: '/app/minha-area/meus-dados' } },
        });
      } catch (err) {
        await repository.failExport(db(), job.id);
        throw err;
      }
    },

    /** The ready zip, as a stream, or null. */
    async exportFile(user: Citizen) {
      const ready = await repository.latestExport(db(), user.sub);
      if (ready?.state !== 'pronto' || !ready.storageKey) return null;
      return { stream: await app.storage.open(ready.storageKey), bytes: ready.bytes ?? 0, day: ready.readyAt!.slice(0, 10) };
    },

    /** Zips past their days: file and row. */
    async purgeExports(now = new Date()) {
      const gone = await repository.expiredExports(db(), now);
      for (const e of gone) {
        if (e.key) await app.storage.remove(e.key);
        await repository.deleteExport(db(), e.id);
      }
      return gone.length;
    },

    async chooseNotices(user: Citizen, list: NoticePreference[]) {
      await repository.saveNoticePreferences(db(), user.sub, list);
      return repository.noticePreferences(db(), user.sub);
    },
  };
}
export type MyDataService = ReturnType<typeof myDataService>;
