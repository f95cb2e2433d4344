import { AgendaInput, type AgendaSettings } from '@portal/contracts';
import { data, Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AGENDAS_PATH, DESK_PATH } from '../features/appointments/paths.ts';
import { ActionAnswer } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffAction, staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import { formValues, readForm, type FormValues } from '../lib/form.server.ts';

const WEEKDAYS = [
  ['1', 'Segunda-feira'],
  ['2', 'Terça-feira'],
  ['3', 'Quarta-feira'],
  ['4', 'Quinta-feira'],
  ['5', 'Sexta-feira'],
  ['6', 'Sábado'],
] as const;
const PERIODS = [0, 1];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = await staffCall<AgendaSettings>(context, request, { url: '/v1/gestao/agendas' });
  const url = new URL(request.url);
  return { settings, unidade: url.searchParams.get('unidade') ?? '', servico: url.searchParams.get('servico') ?? '' };
}

/** The form's fields as the API takes them: each weekday's periods that were filled in. */
function agendaOf(values: FormValues) {
  const text = (name: string) => String(values[name] ?? '').trim();
  const hours: Record<string, [string, string][]> = {};
  for (const [day] of WEEKDAYS)
    for (const i of PERIODS) {
      const from = text(`h${day}.${i}.de`);
      const to = text(`h${day}.${i}.ate`);
      if (from || to) (hours[day] ??= []).push([from, to]);
    }
  return {
    unidade: text('unidade'),
    servico: text('servico'),
    slotMinutes: text('slotMinutes'),
    capacity: text('capacity'),
    daysAhead: text('daysAhead'),
    changeHours: text('changeHours'),
    noShowLimit: text('noShowLimit'),
    noShowDays: text('noShowDays'),
    noShowWaitDays: text('noShowWaitDays'),
    hours,
    active: values.active !== undefined,
  };
}

type Answer = { message?: string; done?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = AgendaInput.safeParse(agendaOf(formValues(await readForm(request))));
  if (!parsed.success) return data<Answer>({ message: parsed.error.issues[0]!.message }, { status: 400 });
  const saved = await staffAction<AgendaSettings>(context, request, { method: 'PUT', url: '/v1/gestao/agendas', body: parsed.data });
  if (!saved.ok) return data<Answer>({ message: saved.message }, { status: saved.status });
  return { done: parsed.data.active ? 'Agenda salva. Os horários livres de agora em diante seguem a nova agenda; quem já estava agendado continua.' : 'Agendamento desligado para este serviço nesta unidade. Quem já estava agendado continua.' } satisfies Answer;
}

export const meta: MetaFunction = () => personalMeta('Agendas das unidades');

/** Whole-number fields, each with its label. */
function NumberFields({ fields }: { fields: [name: string, label: string, value: number][] }) {
  return fields.map(([name, label, value]) => (
    <div key={name}>
      <label className={styles.label} htmlFor={name}>
        {label}
      </label>
      <input id={name} name={name} type="number" inputMode="numeric" className={styles.input} defaultValue={value} required />
    </div>
  ));
}

/**
 * Where a department's lead sets a unit's agenda for a service (issue 29): the length of a time, how many people at
 * once, the hours of each weekday, how far ahead, until when one may change, and the no-show policy. A plain form.
 */
export default function GestaoAgendas() {
  const { settings, unidade, servico } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const unit = settings.units.find((u) => u.slug === unidade);
  const chosen = unit?.services.find((s) => s.slug === servico);
  const a = chosen?.agenda;
  const period = (day: string, i: number) => a?.hours[day as keyof typeof a.hours]?.[i] ?? ['', ''];
  return (
    <PageFrame
      title="Agendas das unidades"
      homeHref="/app/gestao"
      intro={
        <p>
          Como cada unidade atende cada serviço com hora marcada. Feriados e os dias sem expediente do órgão não abrem. <a href={DESK_PATH}>Agenda do dia na recepção</a>
        </p>
      }
    >
      <ActionAnswer answer={answer} />
      {settings.units.length === 0 ? <p>Só quem coordena o atendimento de um órgão (e a equipe central) monta as agendas das unidades dele.</p> : null}
      {chosen && unit ? (
        <PageSection id="agenda" title={`${chosen.title}: ${unit.name}`}>
          <Form method="post" className={styles.form}>
            <input type="hidden" name="unidade" value={unit.slug} />
            <input type="hidden" name="servico" value={chosen.slug} />
            <NumberFields
              fields={[
                ['slotMinutes', 'Duração de cada atendimento (minutos)', a?.slotMinutes ?? 20],
                ['capacity', 'Pessoas atendidas ao mesmo tempo', a?.capacity ?? 1],
                ['daysAhead', 'Abre quantos dias à frente', a?.daysAhead ?? 30],
                ['changeHours', 'Remarcar ou cancelar até quantas horas antes', a?.changeHours ?? 2],
              ]}
            />
            <fieldset className={styles.fieldset}>
              <legend>Horário de cada dia (deixe em branco o dia em que a unidade não atende este serviço)</legend>
              {WEEKDAYS.map(([day, name]) => (
                <fieldset key={day} className={styles.fieldset}>
                  <legend>{name}</legend>
                  {PERIODS.map((i) => (
                    <p key={i}>
                      <label htmlFor={`h${day}.${i}.de`}>{i === 0 ? 'Das' : 'e das'}</label> <input id={`h${day}.${i}.de`} name={`h${day}.${i}.de`} type="time" defaultValue={period(day, i)[0]} />{' '}
                      <label htmlFor={`h${day}.${i}.ate`}>às</label> <input id={`h${day}.${i}.ate`} name={`h${day}.${i}.ate`} type="time" defaultValue={period(day, i)[1]} />
                    </p>
                  ))}
                </fieldset>
              ))}
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend>Faltas (dito ao cidadão antes de agendar)</legend>
              <NumberFields
                fields={[
                  ['noShowLimit', 'Quantas faltas', a?.noShowLimit ?? 2],
                  ['noShowDays', 'em quantos dias', a?.noShowDays ?? 90],
                  ['noShowWaitDays', 'deixam quantos dias sem agendar', a?.noShowWaitDays ?? 30],
                ]}
              />
            </fieldset>
            <label className={styles.check}>
              <input type="checkbox" name="active" defaultChecked={a?.active ?? true} /> Agendamento pelo portal ligado
            </label>
            <div className={styles.actions}>
              <button type="submit" className={styles.button}>
                Salvar a agenda
              </button>
            </div>
          </Form>
        </PageSection>
      ) : null}
      {settings.units.map((u) => (
        <PageSection key={u.slug} id={`unidade-${u.slug}`} title={`${u.name} (${u.department})`}>
          <ul>
            {u.services.map((s) => (
              <li key={s.slug}>
                <a href={`${AGENDAS_PATH}?unidade=${encodeURIComponent(u.slug)}&servico=${encodeURIComponent(s.slug)}#agenda`}>{s.title}</a>:{' '}
                {s.agenda ? (s.agenda.active ? `com agendamento, ${s.agenda.slotMinutes} min, ${s.agenda.capacity} ${s.agenda.capacity === 1 ? 'pessoa' : 'pessoas'} por horário` : 'agendamento desligado') : 'sem agendamento pelo portal'}
              </li>
            ))}
          </ul>
        </PageSection>
      ))}
    </PageFrame>
  );
}
