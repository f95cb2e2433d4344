import { BookingInput, type BookingOptions } from '@portal/contracts';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { appointmentPath, bookingPath, waitingPath } from '../features/appointments/paths.ts';
import { appointmentsApi } from '../features/appointments/appointments.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { refusal } from '../features/requests/requests.server.ts';
import styles from '../features/requests/requests.module.css';
import { required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDateTime, formatTime } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const url = new URL(request.url);
  // Only what the API reads; anything else in the address is left out.
  const query = new URLSearchParams([...url.searchParams].filter(([k, v]) => (k === 'unidade' || k === 'dia' || k === 'cidade') && v !== ''));
  const options = await required(context, appointmentsApi.options(context, params.service!, query), { notFound: 'Este serviço não tem agendamento pelo portal.' });
  const moving = Number(url.searchParams.get('remarcar')) || null;
  return { options, moving: moving && options.current?.id === moving ? moving : null, city: url.searchParams.get('cidade') ?? '' };
}

/** The chosen time: booked (or the appointment moved to it), then its confirmation; a refusal keeps the choices. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const values = formValues(await readForm(request));
  // 'Avise-me': the waiting list of a unit with no free time.
  if (values.intent === 'espera') {
    try {
      const entry = await appointmentsApi.wait(context, String(values.servico ?? ''), String(values.unidade ?? ''));
      throw redirect(waitingPath(entry.id));
    } catch (err) {
      if (err instanceof Response) throw err;
      return { message: refusal(err).message };
    }
  }
  const parsed = BookingInput.safeParse({ servico: values.servico, unidade: values.unidade, horario: values.horario || undefined, remarcar: values.remarcar || undefined });
  if (!parsed.success) return { message: values.horario ? parsed.error.issues[0]!.message : 'Escolha um horário.' };
  try {
    const made = await appointmentsApi.book(context, parsed.data);
    throw redirect(`${appointmentPath(made.id)}?${parsed.data.remarcar ? 'remarcado' : 'agendado'}=1`);
  } catch (err) {
    if (err instanceof Response) throw err;
    return { message: refusal(err).message };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => personalMeta(data ? `Agendar: ${data.options.service.title}` : 'Agendar atendimento');

const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: '2-digit', month: '2-digit', timeZone: 'UTC' });
/** 'segunda-feira, 30/11' */
const dayLabel = (day: string) => WEEKDAY.format(new Date(`${day}T12:00:00Z`));
const hourOf = (instant: string) => Number(formatTime(instant).slice(0, 2));

/**
 * Booking a time at a unit (issue 29): the unit, then the day, then the time, each a plain link or choice; works
 * without scripts and on a 320 px phone. The times are a list grouped by morning and afternoon, never a calendar
 * to drag. With 'remarcar', the citizen's appointment moves to the time chosen.
 */
export default function AppointmentBook() {
  const { options, moving, city } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { service, units, unit, days, day, times, current } = options;
  const here = (query: Record<string, string | undefined>) => bookingPath(service.slug, { ...(moving ? { remarcar: moving } : {}), ...(city ? { cidade: city } : {}), ...query });
  const morning = times.filter((t) => hourOf(t.startsAt) < 12);
  const afternoon = times.filter((t) => hourOf(t.startsAt) >= 12);
  return (
    <PageFrame
      title={moving ? `Remarcar: ${service.title}` : `Agendar atendimento: ${service.title}`}
      homeHref="/"
      intro={
        <p>
          Escolha a unidade, o dia e o horário. Você recebe a confirmação com um QR code para mostrar na recepção. <a href={catalogPath(`/${service.categorySlug}/${service.slug}`)}>Sobre o serviço</a>
        </p>
      }
    >
      {answer?.message ? (
        <p className={styles.warning} role="alert" tabIndex={-1} data-autofocus="">
          {answer.message}
        </p>
      ) : null}
      {options.blockedUntil && !moving ? (
        <p className={styles.warning} data-testid="no-show-block">
          Você faltou a {options.noShow.limit} agendamentos nos últimos {options.noShow.days} dias sem cancelar: poderá agendar de novo a partir de {formatDateTime(options.blockedUntil)}.
        </p>
      ) : null}
      {current && !moving ? (
        <p className={styles.notice} data-testid="current-appointment">
          Você já tem um atendimento agendado para este serviço: {current.unit}, {formatDateTime(current.startsAt)}. <a href={appointmentPath(current.id)}>Ver o agendamento</a> ou{' '}
          <a href={bookingPath(service.slug, { remarcar: current.id })}>remarcar para outro horário</a>.
        </p>
      ) : null}
      <PageSection id="unidade" title="1. Unidade">
        {options.cities.length > 1 ? (
          <form method="get" className={styles.form} aria-label="Sua cidade">
            {moving ? <input type="hidden" name="remarcar" value={moving} /> : null}
            <label className={styles.label} htmlFor="cidade">
              Sua cidade (as unidades dela aparecem primeiro)
            </label>
            <select id="cidade" name="cidade" className={styles.input} defaultValue={city}>
              <option value="">Qualquer uma</option>
              {options.cities.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <button type="submit" className={styles.secondary}>
              Mostrar
            </button>
          </form>
        ) : null}
        <ul className={styles.list} data-testid="units">
          {units.map((u) => (
            <li key={u.slug}>
              <a href={here({ unidade: u.slug })} aria-current={unit?.slug === u.slug ? 'true' : undefined}>
                {u.name}
              </a>
              <br />
              <small>
                {u.address}, {u.city}. {u.firstFree ? `Primeiro horário livre: ${formatDateTime(u.firstFree)}` : 'Sem horários livres nos próximos dias.'}
              </small>
            </li>
          ))}
        </ul>
      </PageSection>
      {unit ? (
        <PageSection id="dia" title="2. Dia">
          {days.length ? (
            <ul className={styles.list} data-testid="days">
              {days.map((d) => (
                <li key={d.day}>
                  <a href={here({ unidade: unit.slug, dia: d.day })} aria-current={d.day === day ? 'true' : undefined}>
                    {dayLabel(d.day)}
                  </a>{' '}
                  <small>
                    ({d.free} {d.free === 1 ? 'vaga' : 'vagas'})
                  </small>
                </li>
              ))}
            </ul>
          ) : options.waiting ? (
            <p>
              Esta unidade não tem horários livres nos próximos dias. Você está na lista de espera: <a href={waitingPath(options.waiting.id)}>ver a sua posição</a>.
            </p>
          ) : (
            <>
              <p>Esta unidade não tem horários livres nos próximos dias. Escolha outra unidade, ou entre na lista de espera: quando um horário vagar, ele fica reservado por alguns minutos para a primeira pessoa da lista, que recebe um aviso.</p>
              <Form method="post">
                <input type="hidden" name="intent" value="espera" />
                <input type="hidden" name="servico" value={service.slug} />
                <input type="hidden" name="unidade" value={unit.slug} />
                <button type="submit" className={styles.secondary}>
                  Avise-me quando vagar um horário
                </button>
              </Form>
            </>
          )}
        </PageSection>
      ) : null}
      {unit && day ? (
        <PageSection id="horario" title={`3. Horário de ${dayLabel(day)}`}>
          <Form method="post" className={styles.form}>
            <input type="hidden" name="servico" value={service.slug} />
            <input type="hidden" name="unidade" value={unit.slug} />
            {moving ? <input type="hidden" name="remarcar" value={moving} /> : null}
            {[
              ['Manhã', morning],
              ['Tarde', afternoon],
            ].map(([label, list]) =>
              (list as BookingOptions['times']).length ? (
                <fieldset key={label as string} className={styles.fieldset}>
                  <legend>{label as string}</legend>
                  {(list as BookingOptions['times']).map((t) => (
                    <label key={t.startsAt} className={styles.choice}>
                      <input type="radio" name="horario" value={t.startsAt} required /> {formatTime(t.startsAt)}
                    </label>
                  ))}
                </fieldset>
              ) : null,
            )}
            {service.documents.length ? (
              <>
                <h3>O que levar</h3>
                <ul>
                  {service.documents.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className={styles.hint}>
              {unit.name}: {unit.address}, {unit.city}.
            </p>
            <p className={styles.hint} data-testid="no-show-policy">
              Se não puder ir, cancele pelo portal: quem falta a {options.noShow.limit} agendamentos em {options.noShow.days} dias sem cancelar fica {options.noShow.waitDays} dias sem poder
              agendar.
            </p>
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                {moving ? 'Remarcar para este horário' : 'Confirmar agendamento'}
              </button>
            </div>
          </Form>
        </PageSection>
      ) : null}
    </PageFrame>
  );
}
