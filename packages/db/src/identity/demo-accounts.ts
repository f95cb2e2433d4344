import { sql } from 'drizzle-orm';
import { PIAUI_CALENDAR } from '../business-days.ts';
import { todayInPiaui } from '../calendar.ts';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { stableHash } from '../seed.ts';

/** The demo accounts of the README ('Contas de demonstração'); both log in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'portal-demo';
/**
 * DEMO_PASSWORD hashed once with the identity module's scheme (apps/server/src/modules/identity/password.ts,
 * `scrypt$N$r$p$salt$hash`). Kept as data so the seed needs no hashing code and packages never import apps;
 * the password is public anyway, so a fixed salt costs nothing. A test there checks the two agree.
 */
export const DEMO_PASSWORD_HASH = 'scrypt$16384$8$1$KZVTMjzIOwEzKemdLci_Lg$4KwXTN_-Qu968QFnz7kUy3GnEnjsBEK-OuUvO6DE1vc';
export const DEMO_ACCOUNTS = {
  maria: { sub: '5b0f8a2e-3c1d-4e6f-9a7b-2d4c6e8f0a11', username: 'maria.silva' },
  joao: { sub: '9e3a7c51-6b2d-4f80-a1c4-7d5e9f2b3c22', username: 'joao.souza' },
} as const;

/**
 * Staff of the editorial back office (issue 15): realm roles scoped by department, as the state's identity
 * provider gives them (apps/server/src/modules/gestao/roles.ts). Same password as the citizens.
 */
export const STAFF_ACCOUNTS = [
  { sub: '1c7e2a90-5d4b-4c3e-8f21-6a9b0c1d2e31', username: 'ana.detran', name: 'Ana Beatriz Lima', roles: ['gestao:editor:detran-pi'] },
  { sub: '2d8f3b01-6e5c-4d4f-9a32-7b0c1d2e3f42', username: 'bruno.detran', name: 'Bruno Carvalho Rocha', roles: ['gestao:revisor:detran-pi'] },
  { sub: '3e904c12-7f6d-4e50-8b43-8c1d2e3f4a53', username: 'carla.seduc', name: 'Carla Mendes Araújo', roles: ['gestao:editor:seduc'] },
  { sub: '4fa15d23-807e-4f61-9c54-9d2e3f4a5b64', username: 'davi.central', name: 'Davi Nogueira Costa', roles: ['gestao:admin'] },
  // Attendants work their department's requests (issues 27 and 28).
  { sub: '5ab26e34-918f-4a72-8d65-ae3f4a5b6c75', username: 'elisa.detran', name: 'Elisa Ferreira Santos', roles: ['gestao:atendente:detran-pi'] },
  { sub: '6bc37f45-a290-4b83-9e76-bf4a5b6c7d86', username: 'fabio.seduc', name: 'Fábio Moura Leal', roles: ['gestao:atendente:seduc'] },
  { sub: '7cd48056-b3a1-4c94-af87-c05b6c7d8e97', username: 'gisele.sefaz', name: 'Gisele Pires Barros', roles: ['gestao:atendente:sefaz'] },
  // The front desk of SSP's units (issue 29): the day's appointments, check-in, absences.
  { sub: '8de59167-c4b2-4da5-b098-d16c7d8e9fa8', username: 'heitor.ssp', name: 'Heitor Almeida Sousa', roles: ['gestao:atendimento:ssp'] },
] as const;

/**
 * The demo's issued documents (issue 28), with fixed verification codes so that the README and the browser tests
 * can type them: Maria's certificate of her concluded request, and an earlier one the department revoked.
 * A real document's code is drawn at random (apps/server/src/modules/documents); these are public, being the demo's.
 */
export const DEMO_DOCUMENTS = {
  authentic: 'K7QM4RX2HP9T',
  revoked: 'W3NC8FZ5JD6B',
} as const;

const DAY = 86_400_000;

/** A calendar date (yyyy-mm-dd) `days` away from `today`, in Piauí's time zone. */
const dateFrom = (today: Date, days: number): string => todayInPiaui(new Date(today.getTime() + days * DAY));
const ago = (today: Date, days: number, hours = 0) => new Date(today.getTime() - days * DAY - hours * 3_600_000);

/** Services each kind of citizen tends to use: the synthetic population that gives recommendations something to learn from. */
const PERSONAS: string[][] = [
  // drivers
  ['renovacao-da-cnh', 'licenciamento-anual-de-veiculo', 'consulta-e-recurso-de-multas-de-transito', 'emissao-do-dae-do-ipva', 'consulta-de-pontuacao-da-cnh', 'vistoria-veicular', 'segunda-via-do-crv-e-crlv'],
  // taxpayers and Nota Piauiense
  ['cadastro-nota-piauiense', 'nota-piauiense-sorteios-e-resgate-de-creditos', 'emissao-do-dae-do-ipva', 'certidao-negativa-de-debitos-estaduais', 'consulta-de-debitos-estaduais'],
  // public servants
  ['contracheque-do-servidor', 'consulta-de-margem-consignavel', 'declaracao-de-vinculo-funcional', 'solicitacao-de-ferias-e-licencas', 'certidao-de-tempo-de-servico', 'recadastramento-de-servidores'],
];
const POPULATION = 36;

function paySlipLines(seed: number) {
  const base = 4812.37;
  const gratification = 1250 + (seed % 7) * 10;
  const meal = 550;
  const gross = base + gratification + meal;
  const pension = Math.round(base * 0.14 * 100) / 100;
  const tax = Math.round((gross - pension - meal) * 0.075 * 100) / 100;
  return [
    { codigo: '0001', descricao: 'VENCIMENTO BASE', tipo: 'provento', valor: base },
    { codigo: '0120', descricao: 'GRATIFICAÇÃO DE ATIVIDADE TÉCNICA', tipo: 'provento', valor: gratification },
    { codigo: '0305', descricao: 'AUXÍLIO-ALIMENTAÇÃO', tipo: 'provento', valor: meal },
    { codigo: '5001', descricao: 'CONTRIBUIÇÃO PREVIDENCIÁRIA PIAUIPREV', tipo: 'desconto', valor: pension },
    { codigo: '5100', descricao: 'IMPOSTO DE RENDA RETIDO NA FONTE', tipo: 'desconto', valor: tax },
  ];
}

export async function isIdentityEmpty(db: Database): Promise<boolean> {
  const found = await db.select({ sub: t.users.sub }).from(t.users).limit(1);
  return found.length === 0;
}

/**
 * The two demo citizens and everything the personal area shows for them, with dates relative to
 * `today` so that the demo stays true (Maria's CNH always expires in 45 days). Needs the demo catalog.
 */
export async function seedIdentityDemo(db: Database, today: Date = new Date()): Promise<void> {
  const passwordHash = DEMO_PASSWORD_HASH;
  const { maria, joao } = DEMO_ACCOUNTS;
  await db.transaction(async (tx) => {
    await tx.insert(t.users).values([
      {
        sub: maria.sub,
        username: maria.username,
        passwordHash,
        name: 'Maria da Conceição Silva',
        givenName: 'Maria',
        familyName: 'Silva',
        email: 'maria.silva@exemplo.com.br',
        emailVerified: true,
        roles: ['prata', 'bronze'],
        groups: ['/cidadao'],
        cpf: '529.982.247-25',
        phone: '86999990001',
        motherName: 'Francisca da Conceição Silva',
        birthDate: '1987-04-12',
        vehicles: [
          {
            placa: 'PIA1B23',
            renavam: '01234567890',
            modelo: 'FIAT/ARGO DRIVE 1.0',
            anoFabricacao: 2021,
            anoModelo: 2022,
            quantMultas: 1,
            restricaoAdministrativa: false,
            restricaoJudicial: false,
            restricaoTributaria: false,
            licenciamentoAtrasado: false,
          },
        ],
        cnhCategory: 'B',
        cnhNumber: '04512345678',
        cnhRegistry: 'PI912345678',
        cnhIssuedOn: dateFrom(today, 45 - 10 * 365 - 2),
        cnhValidUntil: dateFrom(today, 45),
      },
      {
        sub: joao.sub,
        username: joao.username,
        passwordHash,
        name: 'João Pedro de Souza',
        givenName: 'João',
        familyName: 'Souza',
        email: 'joao.souza@exemplo.com.br',
        emailVerified: true,
        roles: ['ouro', 'prata', 'bronze'],
        groups: ['/servidor', '/servidor/sead'],
        cpf: '153.509.460-56',
        motherName: 'Antônia Maria de Souza',
        birthDate: '1979-09-30',
        vehicles: [],
        cnhCategory: 'AB',
        cnhNumber: '03398765432',
        cnhRegistry: 'PI887654321',
        cnhIssuedOn: dateFrom(today, -120 - 5 * 365 - 1),
        cnhValidUntil: dateFrom(today, -120),
        cnhBlockBca: true,
      },
      ...STAFF_ACCOUNTS.map((staff) => {
        const [givenName = '', ...rest] = staff.name.split(' ');
        return {
          sub: staff.sub,
          username: staff.username,
          passwordHash,
          name: staff.name,
          givenName,
          familyName: rest.at(-1) ?? '',
          email: `${staff.username}@exemplo.pi.gov.br`,
          emailVerified: true,
          roles: [...staff.roles, 'ouro', 'prata', 'bronze'],
          groups: ['/servidor'],
        };
      }),
    ]);

    const ids = new Map(
      ((await tx.execute(sql`select id, slug from services`)) as unknown as { rows: { id: number; slug: string }[] }).rows.map((r) => [r.slug, r.id]),
    );
    const id = (slug: string) => {
      const found = ids.get(slug);
      if (found == null) throw new Error(`demo identity: unknown service ${slug}`);
      return found;
    };

    const favorites = [
      { sub: maria.sub, slugs: ['emissao-do-dae-do-ipva', 'renovacao-da-cnh', 'cadastro-nota-piauiense'] },
      { sub: joao.sub, slugs: ['contracheque-do-servidor'] },
    ];
    await tx.insert(t.favorites).values(
      favorites.flatMap(({ sub, slugs }) => slugs.map((slug, i) => ({ userSub: sub, serviceId: id(slug), createdAt: ago(today, 10 + i) }))),
    );

    // What the two accessed, and a synthetic population of citizens like them (co-occurrence needs neighbours).
    const accesses: { serviceId: number; userSub: string; accessedAt: Date }[] = [];
    const history: [string, string[]][] = [
      [maria.sub, ['renovacao-da-cnh', 'emissao-do-dae-do-ipva', 'licenciamento-anual-de-veiculo', 'cadastro-nota-piauiense', 'consulta-e-recurso-de-multas-de-transito']],
      [joao.sub, ['contracheque-do-servidor', 'consulta-de-margem-consignavel', 'declaracao-de-vinculo-funcional', 'leilao-de-bens-inserviveis-do-estado']],
    ];
    for (let n = 1; n <= POPULATION; n++) {
      const persona = PERSONAS[n % PERSONAS.length]!;
      const h = stableHash(`demo-cidadao-${n}`);
      const picked = persona.filter((_, i) => i < 2 || (h >>> i) % 3 !== 0);
      history.push([`demo-cidadao-${String(n).padStart(2, '0')}`, picked]);
    }
    for (const [sub, slugs] of history) {
      slugs.forEach((slug, i) => accesses.push({ serviceId: id(slug), userSub: sub, accessedAt: ago(today, 2 + i * 3, (stableHash(sub + slug) % 20) + 1) }));
    }
    await tx.insert(t.accessLog).values(accesses);

    const redirect = (url: string) => ({ onClick: { tipo: 'redirect', url } });
    await tx.insert(t.notifications).values([
      {
        userSub: maria.sub,
        title: 'Sua CNH vence em 45 dias',
        body: 'A validade da sua Carteira Nacional de Habilitação termina em 45 dias. Agende a renovação com antecedência para evitar multas.',
        kind: 'alerta',
        metadata: redirect('/app/catalog/transito-e-veiculos/renovacao-da-cnh'),
        createdAt: ago(today, 1, 2),
      },
      {
        userSub: maria.sub,
        title: 'Novos créditos da Nota Piauiense',
        body: 'Você recebeu créditos por compras com CPF na nota. Seu saldo liberado é de R$ 137,45.',
        kind: 'novidade',
        createdAt: ago(today, 3, 5),
      },
      {
        userSub: maria.sub,
        title: 'IPVA: cota única com desconto',
        body: 'O pagamento do IPVA em cota única tem desconto até o vencimento. Emita o DAE pelo portal.',
        kind: 'informacao',
        readAt: ago(today, 8),
        createdAt: ago(today, 10),
      },
      {
        userSub: maria.sub,
        title: 'Manutenção programada',
        body: 'Alguns serviços digitais ficarão indisponíveis no domingo, das 0h às 6h, para manutenção.',
        kind: 'alerta',
        readAt: ago(today, 19),
        createdAt: ago(today, 20),
      },
      {
        userSub: maria.sub,
        title: 'Bem-vinda ao Portal de Serviços',
        body: 'Agora você pode favoritar serviços, acompanhar sua CNH e consultar seu saldo da Nota Piauiense em um só lugar.',
        kind: 'informacao',
        bannerUrl: '/app/catalog/favicon.ico',
        readAt: ago(today, 29),
        createdAt: ago(today, 30),
      },
      {
        userSub: joao.sub,
        title: 'Contracheque disponível',
        body: 'O contracheque do mês passado já está disponível para download.',
        kind: 'informacao',
        metadata: redirect('/app/catalog/gestao-publica/contracheque-do-servidor'),
        createdAt: ago(today, 2),
      },
      {
        userSub: joao.sub,
        title: 'CNH vencida',
        body: 'Sua CNH está vencida e há um bloqueio registrado. Procure o DETRAN-PI para regularizar.',
        kind: 'alerta',
        createdAt: ago(today, 5),
      },
    ]);

    await tx.insert(t.notaPiauienseAccounts).values([
      { userSub: maria.sub, releasedBalance: '137.45', pendingBalance: '12.30' },
      { userSub: joao.sub, releasedBalance: '0.00', pendingBalance: '0.00' },
    ]);
    const shops = [
      ['Supermercado Carvalho Ltda', '06.626.253/0001-51'],
      ['Farmácia Pague Menos S.A.', '06.626.253/0117-38'],
      ['Armazém Paraíba Ltda', '06.865.505/0001-09'],
      ['Posto Rodoviário Teresina Ltda', '12.345.678/0001-95'],
    ] as const;
    // Credits add up to the released balance: 137.45 liberated + 12.30 pending.
    const credits = ['41.20', '33.15', '28.60', '34.50', '12.30'];
    await tx.insert(t.notaPiauienseReceipts).values(
      credits.map((credit, i) => ({
        userSub: maria.sub,
        issuedOn: dateFrom(today, -(12 + i * 17)),
        issuerName: shops[i % shops.length]![0],
        issuerCnpj: shops[i % shops.length]![1],
        amount: (Number(credit) * 40).toFixed(2),
        credit,
        status: i === credits.length - 1 ? 'Pendente' : 'Liberado',
      })),
    );

    // Six pay slips: the six months before the current one.
    const [year, month] = dateFrom(today, 0).split('-').map(Number) as [number, number];
    const slips = Array.from({ length: 6 }, (_, i) => {
      const index = year * 12 + (month - 1) - (i + 1);
      const y = Math.floor(index / 12);
      const m = (index % 12) + 1;
      return {
        userSub: joao.sub,
        year: y,
        month: m,
        bond: 'SEAD',
        registration: '0234567-1',
        position: 'Analista Administrativo',
        department: 'Secretaria de Estado da Administração',
        lines: paySlipLines(index),
        generatedAt: new Date(Date.UTC(y, m - 1, 28, 12)),
      };
    });
    await tx.insert(t.paySlips).values(slips);

    await seedDemoRequests(tx as unknown as Database, today);
    await seedDemoAppointments(tx as unknown as Database, today);
  });
}

/**
 * The demo's agendas (issue 29): the Espaços da Cidadania of Teresina (two) and of Parnaíba issue the identity card
 * by appointment, a time every 20 minutes with two desks; the server opens their times (appointments.service.ts).
 * Maria has one appointment in a few days and one she missed three weeks ago.
 */
async function seedDemoAppointments(db: Database, today: Date) {
  const weekdays = (from: string, to: string, lunch = true): [string, string][] => (lunch ? [[from, '12:00'], ['13:00', to]] : [[from, to]]);
  const units: { slug: string; hours: t.AgendaHours }[] = [
    { slug: 'ssp-espaco-cidadania-teresina-shopping', hours: { ...Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, weekdays('09:00', '18:00')])), '6': [['09:00', '13:00']] } },
    { slug: 'ssp-espaco-cidadania-dirceu', hours: Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, weekdays('08:00', '17:00')])) },
    { slug: 'ssp-espaco-cidadania-parnaiba', hours: Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, weekdays('09:00', '17:00')])) },
  ];
  const found = (
    (await db.execute(sql`
      select ds.id as "sectionId", ds.slug as unit, s.id as "serviceId", s.slug as service, s.department_id as "departmentId"
      from department_sections ds join services s on s.department_id = ds.department_id
      where ds.slug in ${units.map((u) => u.slug)} and s.slug in ('carteira-de-identidade-primeira-via', 'carteira-de-identidade-segunda-via')`)) as unknown as {
      rows: { sectionId: number; unit: string; serviceId: number; service: string; departmentId: number }[];
    }
  ).rows;
  if (!found.length) return;
  const agendas = await db
    .insert(t.unitAgendas)
    .values(found.map((f) => ({ sectionId: f.sectionId, serviceId: f.serviceId, departmentId: f.departmentId, slotMinutes: 20, capacity: 2, hours: units.find((u) => u.slug === f.unit)!.hours, daysAhead: 30 })))
    .returning();
  const agendaOf = (unit: string, service: string) => {
    const f = found.find((x) => x.unit === unit && x.service === service)!;
    return { f, agenda: agendas.find((a) => a.sectionId === f.sectionId && a.serviceId === f.serviceId)! };
  };
  // The first weekday at least three days from now, 10:00 in Piauí (UTC−3 all year); and one three weeks ago.
  let ahead = 3;
  while ([0, 6].includes(new Date(`${dateFrom(today, ahead)}T12:00:00Z`).getUTCDay())) ahead++;
  let behind = 21;
  while ([0, 6].includes(new Date(`${dateFrom(today, -behind)}T12:00:00Z`).getUTCDay())) behind++;
  const at = (day: string) => new Date(`${day}T10:00:00-03:00`);
  const { maria } = DEMO_ACCOUNTS;
  const citizen = { name: 'Maria da Conceição Silva', cpf: '52998224725', email: 'maria.silva@exemplo.com.br' };
  const year = Number(dateFrom(today, 0).slice(0, 4));
  const plans = [
    { ...agendaOf('ssp-espaco-cidadania-teresina-shopping', 'carteira-de-identidade-segunda-via'), startsAt: at(dateFrom(today, ahead)), state: 'agendado', n: 1 },
    { ...agendaOf('ssp-espaco-cidadania-dirceu', 'carteira-de-identidade-segunda-via'), startsAt: at(dateFrom(today, -behind)), state: 'nao_compareceu', n: 2 },
  ];
  for (const p of plans) {
    // The place she holds is taken from its time's counter, as a booking takes it.
    if (p.state === 'agendado') await db.insert(t.appointmentSlots).values({ agendaId: p.agenda.id, startsAt: p.startsAt, capacity: p.agenda.capacity, booked: 1 });
    await db.insert(t.appointments).values({
      protocol: `${year}-AGENDA-${String(p.n).padStart(6, '0')}`,
      code: `demo-qr-maria-${p.n}`,
      agendaId: p.agenda.id,
      serviceId: p.f.serviceId,
      sectionId: p.f.sectionId,
      departmentId: p.f.departmentId,
      citizenSub: maria.sub,
      citizen,
      startsAt: p.startsAt,
      state: p.state,
      createdAt: ago(today, p.state === 'agendado' ? 2 : behind + 5),
      updatedAt: ago(today, p.state === 'agendado' ? 2 : behind),
      handledBy: p.state === 'nao_compareceu' ? 'Heitor Almeida Sousa' : null,
      handledAt: p.state === 'nao_compareceu' ? ago(today, behind) : null,
    });
  }
  await db.insert(t.requestProtocols).values({ year, department: 'AGENDA', last: plans.length }).onConflictDoUpdate({ target: [t.requestProtocols.year, t.requestProtocols.department], set: { last: plans.length } });
}

/**
 * Maria's requests of services (issue 27), one in each state a citizen meets: a draft half filled in, one just
 * sent, one in analysis, one waiting for her answer, one concluded (to be rated) and one she gave up. Only services
 * of the demo's request forms (demo/request-forms.ts), with answers those forms accept.
 */
async function seedDemoRequests(db: Database, today: Date) {
  const { maria } = DEMO_ACCOUNTS;
  const citizen = { name: 'Maria da Conceição Silva', cpf: '52998224725', email: 'maria.silva@exemplo.com.br', phone: '86999990001', birthDate: '1987-04-12' };
  const year = Number(dateFrom(today, 0).slice(0, 4));
  const numbers = new Map<string, number>();
  const protocol = (code: string) => {
    const next = (numbers.get(code) ?? 100) + 1;
    numbers.set(code, next);
    return `${year}-${code}-${String(next).padStart(6, '0')}`;
  };
  const attendant = (username: string) => STAFF_ACCOUNTS.find((staff) => staff.username === username)!;
  const plans: {
    slug: string;
    code: string;
    state: string;
    days: number;
    answers: Record<string, string | string[]>;
    step?: number;
    by?: string;
    message?: string;
    closed?: number;
  }[] = [
    { slug: 'matricula-na-rede-estadual', code: '', state: 'rascunho', days: 4, answers: { nome_estudante: 'Ana Clara Silva', nascimento_estudante: '2012-03-08', serie: 'ef9' } },
    { slug: 'segunda-via-da-cnh', code: 'DETRAN', state: 'enviada', days: 1, answers: { motivo: 'perda', cep: '64000-100', endereco: 'Rua Areolino de Abreu, 1200, apto 302' } },
    { slug: 'alteracao-de-caracteristicas-do-veiculo', code: 'DETRAN', state: 'em_analise', days: 6, step: 0, by: 'elisa.detran', answers: { placa: 'PIA1B23', alteracoes: ['cor'], descricao: 'Pintura de prata para azul-marinho, em oficina credenciada.' } },
    {
      slug: 'transporte-escolar',
      code: 'SEDUC',
      state: 'aguardando_cidadao',
      days: 9,
      step: 0,
      by: 'fabio.seduc',
      answers: { nome_estudante: 'Ana Clara Silva', escola: 'U.E. Zacarias de Góis, Teresina', cep: '64000-100', distancia: '7' },
      message: 'Para incluir a estudante numa rota, diga o nome da rua ou da comunidade onde o ônibus pode buscá-la e um ponto de referência.',
    },
    { slug: 'certidao-negativa-de-debitos-estaduais', code: 'SEFAZ', state: 'concluida', days: 14, step: 2, by: 'gisele.sefaz', closed: 12, answers: { em_nome_de: 'pessoa', finalidade: 'Financiamento habitacional' } },
    { slug: 'historico-escolar', code: 'SEDUC', state: 'cancelada', days: 30, closed: 28, answers: { escola: 'U.E. Liceu Piauiense, Teresina', ano_conclusao: '2004', entrega: 'digital' } },
  ];
  for (const plan of plans) {
    const [service] = (
      (await db.execute(sql`
        select s.id, s.department_id as "departmentId", s.request_form as form, s.deadline_days as "deadlineDays",
               coalesce((select array_agg(st.name order by st.order_index) from service_steps st where st.service_id = s.id), '{}') as steps
        from services s where s.slug = ${plan.slug}`)) as unknown as { rows: { id: number; departmentId: number; form: unknown; deadlineDays: number | null; steps: string[] }[] }
    ).rows;
    if (!service?.form) continue;
    const created = ago(today, plan.days);
    const sent = plan.state !== 'rascunho';
    const staff = plan.by ? attendant(plan.by) : null;
    const steps = typeof service.steps === 'string' ? (service.steps as string).replace(/^{|}$/g, '').split(',').map((x) => x.replace(/^"|"$/g, '')) : service.steps;
    const step = plan.step ?? (sent ? 0 : null);
    const closedAt = plan.closed !== undefined ? ago(today, plan.closed) : null;
    const [row] = await db
      .insert(t.serviceRequests)
      .values({
        protocol: sent ? protocol(plan.code) : null,
        serviceId: service.id,
        departmentId: service.departmentId,
        citizenSub: maria.sub,
        citizen,
        state: plan.state,
        formVersion: 0,
        form: (typeof service.form === 'string' ? JSON.parse(service.form) : service.form) as Record<string, unknown>,
        answers: plan.answers,
        stepIndex: step,
        stepName: step !== null ? (steps[step] ?? null) : null,
        stepSince: step !== null ? ago(today, Math.max(plan.days - 2, 0)) : null,
        assigneeSub: staff?.sub ?? null,
        assigneeName: staff?.name ?? null,
        deadlineDays: sent ? service.deadlineDays : null,
        // Due as the portal computes it: so many business days after the day it was sent (never a holiday or a weekend).
        dueOn: sent && service.deadlineDays && !closedAt ? PIAUI_CALENDAR.add(dateFrom(today, -plan.days), service.deadlineDays) : null,
        waitingSince: plan.state === 'aguardando_cidadao' ? ago(today, 2) : null,
        lastMessage: plan.message ?? null,
        createdAt: created,
        updatedAt: closedAt ?? ago(today, Math.max(plan.days - 2, 0)),
        submittedAt: sent ? created : null,
        closedAt,
        expiresAt: sent ? null : new Date(created.getTime() + 30 * DAY),
      })
      .returning({ id: t.serviceRequests.id });
    const events: (typeof t.requestEvents.$inferInsert)[] = [];
    if (sent) events.push({ requestId: row!.id, at: created, kind: 'estado', fromState: 'rascunho', toState: 'enviada', actorSub: maria.sub, actorName: citizen.name });
    if (staff) events.push({ requestId: row!.id, at: ago(today, Math.max(plan.days - 2, 0)), kind: 'estado', fromState: 'enviada', toState: 'em_analise', actorSub: staff.sub, actorName: staff.name });
    if (plan.message) {
      events.push({ requestId: row!.id, at: ago(today, 2), kind: 'mensagem', fromState: 'em_analise', toState: 'aguardando_cidadao', message: plan.message, actorSub: staff!.sub, actorName: staff!.name });
    }
    if (plan.state === 'concluida') {
      events.push({ requestId: row!.id, at: closedAt!, kind: 'estado', fromState: 'em_analise', toState: 'concluida', message: 'Certidão emitida: não constam débitos em seu nome.', actorSub: staff!.sub, actorName: staff!.name });
    }
    if (plan.state === 'cancelada') {
      events.push({ requestId: row!.id, at: closedAt!, kind: 'estado', fromState: 'enviada', toState: 'cancelada', message: 'Consegui o documento na escola.', actorSub: maria.sub, actorName: citizen.name });
    }
    if (events.length) await db.insert(t.requestEvents).values(events);
    if (plan.state === 'concluida') await seedDemoDocuments(db, { requestId: row!.id, serviceId: service.id, departmentId: service.departmentId, citizenName: citizen.name, closedAt: closedAt!, staff: staff!, today });
  }
  if (numbers.size) await db.insert(t.requestProtocols).values([...numbers].map(([department, last]) => ({ year, department, last })));
}

/**
 * The certificate issued when Maria's request was concluded, and one issued by mistake weeks before (without a
 * request, for another purpose) and revoked, so that 'Documentos' and /app/verificar show both outcomes.
 */
async function seedDemoDocuments(
  db: Database,
  { requestId, serviceId, departmentId, citizenName, closedAt, staff, today }: { requestId: number; serviceId: number; departmentId: number; citizenName: string; closedAt: Date; staff: (typeof STAFF_ACCOUNTS)[number]; today: Date },
) {
  const [department] = await db.select({ slug: t.departments.slug }).from(t.departments).where(sql`${t.departments.id} = ${departmentId}`);
  const common = {
    citizenSub: DEMO_ACCOUNTS.maria.sub,
    citizenName,
    serviceId,
    departmentSlug: department!.slug,
    title: 'Certidão Negativa de Débitos Estaduais',
    issuedBySub: staff.sub,
    issuedByName: staff.name,
    issuedByUsername: staff.username,
  };
  const text = (purpose: string) =>
    [
      `Certificamos, para fins de ${purpose}, que, consultados os registros da Secretaria da Fazenda do Estado do Piauí, não constam débitos tributários estaduais, inscritos ou não em dívida ativa, em nome do(a) interessado(a) identificado(a) neste documento.`,
      'Ressalva-se o direito de a Fazenda Pública Estadual cobrar quaisquer débitos que venham a ser apurados posteriormente.',
      'Esta certidão é válida por 60 (sessenta) dias a partir da data de emissão.',
    ].join('\n\n');
  await db.insert(t.issuedDocuments).values([
    { ...common, code: DEMO_DOCUMENTS.authentic, requestId, text: text('financiamento habitacional'), issuedAt: closedAt },
    {
      ...common,
      code: DEMO_DOCUMENTS.revoked,
      requestId: null,
      text: text('licitação'),
      issuedAt: ago(today, 40),
      revokedAt: ago(today, 38),
      revokedBySub: staff.sub,
      revokedByName: staff.name,
      revocationReason: 'Emitida com a finalidade errada, a pedido da interessada; substituída por nova certidão.',
    },
  ]);
}
