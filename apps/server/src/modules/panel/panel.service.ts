import { monthsBefore, OPEN_DATA_USERS_TOTAL, PANEL_DEFAULT_MONTHS, PANEL_MAX_MONTHS, REFUSAL_REASONS, todayInPiaui, type Panel, type PanelFigures, type PanelPart, type PanelQuery } from '@portal/contracts';
import type { BusinessCalendar, Database } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error.ts';
import { calendarsOf } from '../requests/calendars.ts';
import * as repository from './panel.repository.ts';
import { METRICS, type Answered, type Count } from './panel.repository.ts';

// The services' public panel (issue 30): its counts kept up to date by the job queue, and read for a scope and period.

/** Business days between two days with one pass over the calendar: at a million requests, `between` per request is too slow. */
function businessDayCounter(calendar: BusinessCalendar, first: string, last: string) {
  const cumulative = new Map<string, number>();
  let count = 0;
  for (let day = new Date(`${first}T12:00:00Z`); ; day = new Date(day.getTime() + 86_400_000)) {
    const key = day.toISOString().slice(0, 10);
    if (key > last) break;
    if (calendar.isBusinessDay(key)) count++;
    cumulative.set(key, count);
  }
  return (from: string, to: string) => (to <= from ? 0 : cumulative.get(to)! - cumulative.get(from)!);
}

/** The histogram of the business days each answered request took, per department and service ('dept:service:days'). */
async function daysTaken(db: Database, answered: Answered[]): Promise<Map<string, number>> {
  const histogram = new Map<string, number>();
  if (!answered.length) return histogram;
  const calendars = await calendarsOf(db, [...new Set(answered.map((a) => a.departmentId))]);
  const first = answered.reduce((min, a) => (a.sent < min ? a.sent : min), answered[0]!.sent);
  const last = answered.reduce((max, a) => (a.ended > max ? a.ended : max), answered[0]!.ended);
  const counters = new Map<BusinessCalendar, ReturnType<typeof businessDayCounter>>();
  for (const a of answered) {
    const calendar = calendars(a.departmentId);
    let between = counters.get(calendar);
    if (!between) counters.set(calendar, (between = businessDayCounter(calendar, first, last)));
    const days = Math.max(0, between(a.sent, a.ended) - a.pausedDays);
    const group = `${a.departmentId}:${a.serviceId}:${days}`;
    histogram.set(group, (histogram.get(group) ?? 0) + 1);
  }
  return histogram;
}

/** The months of a period, 'yyyy-mm', oldest first. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = monthsBefore(month, -1)) months.push(month);
  return months;
}

/** The day below which `share` of the answered requests were answered, from the histogram of days taken. */
function percentile(histogram: Map<number, number>, share: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  let seen = 0;
  for (const days of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(days)!;
    if (seen >= share * total) return days;
  }
  return null;
}

const stars = (byValue: Map<string, number>) => {
  let n = 0;
  let sum = 0;
  for (const [value, count] of byValue) {
    n += count;
    sum += Number(value) * count;
  }
  return { n, media: n ? Math.round((sum / n) * 10) / 10 : null };
};

/** Counts of one month or of a period, as the panel's figures; `open` is how many were still open at its end. */
class Tally {
  private readonly counts = new Map<string, Map<string, number>>();
  add(metric: string, key: string, n: number) {
    let byKey = this.counts.get(metric);
    if (!byKey) this.counts.set(metric, (byKey = new Map()));
    byKey.set(key, (byKey.get(key) ?? 0) + n);
  }
  get(metric: string, key?: string): number {
    const byKey = this.counts.get(metric);
    if (!byKey) return 0;
    if (key !== undefined) return byKey.get(key) ?? 0;
    return [...byKey.values()].reduce((a, b) => a + b, 0);
  }
  keys(metric: string) {
    return this.counts.get(metric) ?? new Map<string, number>();
  }
  figures(open: number): PanelFigures {
    const concluidas = this.get(METRICS.ended, 'concluida');
    const indeferidas = this.get(METRICS.ended, 'indeferida');
    const withDeadline = this.get(METRICS.withDeadline);
    const days = new Map([...this.keys(METRICS.days)].map(([k, n]) => [Number(k), n]));
    const attended = this.get(METRICS.appointments, 'compareceu');
    const missed = this.get(METRICS.appointments, 'nao_compareceu');
    return {
      recebidas: this.get(METRICS.received),
      emAndamento: open,
      respondidas: concluidas + indeferidas,
      concluidas,
      indeferidas,
      canceladas: this.get(METRICS.ended, 'cancelada'),
      noPrazo: withDeadline ? this.get(METRICS.onTime) / withDeadline : null,
      medianaDias: percentile(days, 0.5),
      p90Dias: percentile(days, 0.9),
      avaliacoesVerificadas: stars(this.keys(METRICS.verifiedStars)),
      avaliacoesAnonimas: stars(this.keys(METRICS.anonymousStars)),
      simplifiqueRecebidas: this.get(METRICS.suggestions),
      simplifiqueResolvidas: this.get(METRICS.suggestionsResolved),
      agendados: this.get(METRICS.appointments),
      compareceram: attended,
      faltaram: missed,
      taxaFaltas: attended + missed ? missed / (attended + missed) : null,
    };
  }
}

export function panelService(app: FastifyInstance) {
  const db = () => app.db;

  return {
    /**
     * Brings the counts up to date: every month in which something changed since the last update is counted again
     * whole, in one transaction. The first update counts every month. Returns the months counted.
     */
    async refresh(now = new Date()): Promise<string[]> {
      return db().transaction(async (t) => {
        const tx = t as unknown as Database;
        await repository.lockRefresh(tx);
        // A change made while this update runs, or by a transaction that began before it and commits after it reads,
        // is counted by the next one: the mark is where the oldest of them began, on the database's clock (the
        // server's may differ from it, and from another instance's).
        const horizon = await repository.changesHorizon(tx);
        const last = await repository.lastRefresh(tx);
        const months = await repository.touchedMonths(tx, last?.changesSince ?? null);
        for (const month of months) await repository.replaceMonth(tx, month, (answered) => daysTaken(tx, answered));
        await repository.markRefreshed(tx, horizon, now);
        return months.map((m) => m.slice(0, 7));
      });
    },

    async read(query: PanelQuery, now = new Date()): Promise<Panel> {
      const department = query.orgao ? await repository.departmentBySlug(db(), query.orgao) : null;
      if (query.orgao && !department) throw notFound('Órgão não encontrado.');
      const service = query.servico ? await repository.serviceBySlug(db(), query.servico) : null;
      if (query.servico && (!service || (department && service.departmentId !== department.id))) throw notFound('Serviço não encontrado.');
      const scope = { departmentId: service ? null : (department?.id ?? null), serviceId: service?.id ?? null };

      const thisMonth = todayInPiaui(now).slice(0, 7);
      const until = query.ate && query.ate < thisMonth ? query.ate : thisMonth;
      const earliest = monthsBefore(until, PANEL_MAX_MONTHS - 1);
      const from = query.de ? (query.de < earliest ? earliest : query.de > until ? until : query.de) : monthsBefore(until, PANEL_DEFAULT_MONTHS - 1);
      const months = monthsBetween(from, until);

      const [counts, catalog, free, refreshed] = await Promise.all([
        repository.countsOf(db(), scope, `${until}-01`),
        repository.catalogOf(db(), scope),
        repository.nextFreeTimes(db(), scope, now),
        repository.lastRefresh(db()),
      ]);

      // Open at the end of each month: all sent up to it, less all ended up to it (counted from the first month).
      const byMonth = new Map<string, Count[]>();
      let open = 0;
      const openAt = new Map<string, number>();
      for (const c of counts) byMonth.set(c.month, [...(byMonth.get(c.month) ?? []), c]);
      for (const month of [...byMonth.keys()].sort()) {
        for (const c of byMonth.get(month)!) open += c.metric === METRICS.received ? c.n : c.metric === METRICS.ended ? -c.n : 0;
        openAt.set(month, open);
      }
      const openBy = (month: string) => {
        let found = 0;
        for (const [m, n] of openAt) if (m <= month) found = n;
        return found;
      };

      const period = new Tally();
      const meses = months.map((mes) => {
        const tally = new Tally();
        for (const c of byMonth.get(mes) ?? []) {
          tally.add(c.metric, c.key, c.n);
          period.add(c.metric, c.key, c.n);
        }
        return { mes, ...tally.figures(openBy(mes)) };
      });

      const motivos = [...period.keys(METRICS.refusedFor)]
        .map(([motivo, n]) => ({ motivo, descricao: REFUSAL_REASONS[motivo as keyof typeof REFUSAL_REASONS] ?? REFUSAL_REASONS.outro, n }))
        .sort((a, b) => b.n - a.n);

      const by = service ? null : department ? 'service' : 'department';
      const partes: PanelPart[] = [];
      if (by) {
        const perPart = await repository.countsByPart(db(), scope, `${from}-01`, `${until}-01`, by);
        const tallies = new Map<number, Tally>();
        for (const c of perPart) {
          let tally = tallies.get(c.part);
          if (!tally) tallies.set(c.part, (tally = new Tally()));
          tally.add(c.metric, c.key, c.n);
        }
        for (const part of await repository.names(db(), by, [...tallies.keys()])) {
          const f = tallies.get(part.id)!.figures(0);
          partes.push({ slug: part.slug, nome: part.name, recebidas: f.recebidas, respondidas: f.respondidas, noPrazo: f.noPrazo, medianaDias: f.medianaDias, avaliacoesVerificadas: f.avaliacoesVerificadas });
        }
        partes.sort((a, b) => b.recebidas - a.recebidas || a.nome.localeCompare(b.nome, 'pt-BR'));
      }

      const today = todayInPiaui(now);
      const dayMs = (day: string) => new Date(`${day}T12:00:00Z`).getTime();
      return {
        filtro: {
          orgao: department ? { slug: department.slug, nome: department.name } : null,
          servico: service ? { slug: service.slug, titulo: service.title } : null,
        },
        periodo: { de: from, ate: until },
        total: period.figures(openBy(until)),
        meses,
        motivos,
        catalogo: {
          servicosDisponiveis: catalog.available,
          servicosDigitais: catalog.digital,
          servicosSolicitaveis: catalog.requestable,
          servicosAgendaveis: catalog.bookable,
          // The state's registered citizens: one figure for the whole state, not for a department.
          cidadaosCadastrados: scope.departmentId === null && scope.serviceId === null ? OPEN_DATA_USERS_TOTAL : null,
        },
        partes,
        proximosHorarios: free.map((f) => ({ servico: f.slug, titulo: f.title, dia: f.day, dias: Math.max(0, Math.round((dayMs(f.day) - dayMs(today)) / 86_400_000)) })),
        atualizadoEm: refreshed?.refreshedAt.toISOString() ?? null,
      };
    },
  };
}

export type PanelService = ReturnType<typeof panelService>;
