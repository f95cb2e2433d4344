import { AgendaInput, AgendaSettings, Appointment, AppointmentList, AppointmentParams, WaitingEntry, WaitingInput, WaitingParams, BookingInput, BookingOptions, BookingParams, BookingQuery, CheckIn, DeskAppointmentParams, DeskDay, DeskQuery, ErrorResponse } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatWait, limitReached, take } from '../../plugins/limits.ts';
import type { Staff } from '../gestao/roles.ts';
import type { agendaSettings } from './appointments.agendas.ts';
import type { AppointmentsService } from './appointments.service.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
/** Bookings and moves an account may make in an hour, and an address. */
export const BOOKINGS_PER_CITIZEN = { points: 10, seconds: 3600 };
export const BOOKINGS_PER_ADDRESS = { points: 60, seconds: 3600 };
const DeskAnswer = z.object({ id: z.number().int(), protocol: z.string(), state: z.string(), citizenName: z.string() });

/**
 * Appointments (issue 29): /v1/agendamentos for the citizen (the times to choose from, booking, rescheduling,
 * cancelling, the .ics), /v1/gestao/agenda for the front desk of the department's units.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<{ service: AppointmentsService; agendas: ReturnType<typeof agendaSettings>; staffFor: (request: FastifyRequest) => Staff }> = async (app, { service, agendas, staffFor }) => {
  const tags = ['agendamentos'];
  // A script cannot take an agenda: each account (one per CPF) books or moves a few times an hour, each address a
  // few dozen (a family, an Espaço's help desk booking for those who come in). docs/decisions/039-agendar.md.
  const perCitizen = app.limits.limiter('agendar-cidadao', BOOKINGS_PER_CITIZEN);
  const perAddress = app.limits.limiter('agendar-endereco', BOOKINGS_PER_ADDRESS);

  app.get(
    '/v1/agendamentos',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Os agendamentos de quem chama, os mais recentes primeiro', response: { 200: AppointmentList, 401: ErrorResponse } } },
    async (request) => ({ appointments: await service.list(request.user!) }),
  );

  app.get(
    '/v1/agendamentos/opcoes/:service',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'As unidades que agendam o serviço (com o primeiro horário livre), os dias livres da escolhida e os horários do dia escolhido',
        params: BookingParams,
        querystring: BookingQuery,
        response: { 200: BookingOptions, ...errors },
      },
    },
    async (request) => service.options(request.user!, request.params.service, request.query),
  );

  app.post(
    '/v1/agendamentos',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Agendar um horário (ou remarcar para ele, com `remarcar`): uma vaga, ou a recusa clara', body: BookingInput, response: { 201: Appointment, ...errors } },
    },
    async (request, reply) => {
      for (const [limiter, key] of [
        [perCitizen, app.limits.key('agendar', request.user!.sub)],
        [perAddress, app.limits.key('agendar', request.ip)],
      ] as const) {
        const allowance = await take(limiter, key);
        if (!allowance.allowed) throw limitReached(reply, allowance.retryAfter, `Muitos agendamentos em pouco tempo. Tente novamente daqui a ${formatWait(allowance.retryAfter)}.`);
      }
      return reply.code(201).send(await service.book(request.user!, request.body));
    },
  );

  app.post(
    '/v1/agendamentos/espera',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: "Entrar na lista de espera ('Avise-me') de uma unidade: um horário que vagar é reservado para o primeiro da fila por alguns minutos", body: WaitingInput, response: { 201: WaitingEntry, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.line.join(request.user!, request.body.servico, request.body.unidade)),
  );

  app.get(
    '/v1/agendamentos/espera/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O lugar de quem chama numa lista de espera, e o horário oferecido, se houver', params: WaitingParams, response: { 200: WaitingEntry, ...errors } } },
    async (request) => service.line.get(request.user!, request.params.id),
  );

  app.post(
    '/v1/agendamentos/espera/:id/aceitar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Ficar com o horário oferecido, enquanto ele está reservado', params: WaitingParams, response: { 201: Appointment, ...errors } } },
    async (request, reply) => {
      const made = await service.line.accept(request.user!, request.params.id);
      return reply.code(201).send(await service.get(request.user!, made.id));
    },
  );

  app.post(
    '/v1/agendamentos/espera/:id/sair',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Sair da lista de espera (um horário reservado vai para o próximo)', params: WaitingParams, response: { 200: WaitingEntry, ...errors } } },
    async (request) => service.line.leave(request.user!, request.params.id),
  );

  app.get(
    '/v1/agendamentos/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Um agendamento: onde, quando, o que levar e o código do QR', params: AppointmentParams, response: { 200: Appointment, ...errors } } },
    async (request) => service.get(request.user!, request.params.id),
  );

  app.post(
    '/v1/agendamentos/:id/cancelar',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Cancelar até o prazo antes do horário: a vaga volta para outra pessoa', params: AppointmentParams, response: { 200: Appointment, ...errors } } },
    async (request) => service.cancel(request.user!, request.params.id),
  );

  app.get(
    '/v1/agendamentos/:id/agendamento.ics',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'O agendamento como evento de calendário (.ics)', params: AppointmentParams, produces: ['text/calendar'], response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const file = await service.calendarFile(request.user!, request.params.id);
      return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.name}"`).header('cache-control', 'private, no-store').send(file.text);
    },
  );

  app.get(
    '/v1/gestao/agendas',
    {
      preHandler: app.requireUser,
      schema: { tags: ['gestão: agenda'], security, summary: 'As unidades e os serviços presenciais dos órgãos que quem chama coordena, com a agenda de cada um', response: { 200: AgendaSettings, ...errors } },
    },
    async (request) => agendas.list(staffFor(request)),
  );

  app.put(
    '/v1/gestao/agendas',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['gestão: agenda'],
        security,
        summary: 'Montar ou mudar a agenda de uma unidade para um serviço: os horários livres de agora em diante seguem a nova agenda; os agendados ficam',
        body: AgendaInput,
        response: { 200: AgendaSettings, ...errors },
      },
    },
    async (request) => agendas.save(staffFor(request), request.body, request.ip),
  );

  app.get(
    '/v1/gestao/agenda',
    {
      preHandler: app.requireUser,
      schema: { tags: ['gestão: agenda'], security, summary: 'O dia de uma unidade na recepção: quem vem e quando, e os próximos horários livres', querystring: DeskQuery, response: { 200: DeskDay, ...errors } },
    },
    async (request) => service.desk(staffFor(request), request.query),
  );

  app.post(
    '/v1/gestao/agenda/chegada',
    {
      preHandler: app.requireUser,
      schema: { tags: ['gestão: agenda'], security, summary: 'Receber o cidadão pelo QR code, pelo protocolo ou pelo CPF (fica registrado para ele)', body: CheckIn, response: { 200: DeskAnswer, ...errors } },
    },
    async (request) => service.checkIn(staffFor(request), request.body),
  );

  app.post(
    '/v1/gestao/agenda/:id/chegada',
    { preHandler: app.requireUser, schema: { tags: ['gestão: agenda'], security, summary: 'Receber este agendamento', params: DeskAppointmentParams, response: { 200: DeskAnswer, ...errors } } },
    async (request) => service.act(staffFor(request), request.params.id, 'chegar'),
  );

  app.post(
    '/v1/gestao/agenda/:id/falta',
    { preHandler: app.requireUser, schema: { tags: ['gestão: agenda'], security, summary: 'Marcar que o cidadão não compareceu (depois do horário)', params: DeskAppointmentParams, response: { 200: DeskAnswer, ...errors } } },
    async (request) => service.act(staffFor(request), request.params.id, 'faltar'),
  );
};
