import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@portal/db';
import { conflict, forbidden } from './http-error.ts';

/**
 * One way to move things through their states (ARCHITECTURE.md principle 9): each workflow is a declared table
 * of states, transitions and who may make each (a `*.workflow.ts` file of its module), and one function applies
 * a transition with a conditional update, so that of two people acting on the same thing at once exactly one
 * wins and the other is told what happened. Handlers ask the workflow; they never compare state names.
 */

/** Who may make a transition: true, or why not (a Portuguese sentence for a 403). */
export type Guard<Actor, Thing> = (actor: Actor, thing: Thing) => true | string;

export interface TransitionRule<State extends string, Actor, Thing> {
  from: readonly State[];
  to: State;
  /** what a person reads when the thing was no longer in a `from` state (someone acted first) */
  gone: string;
  may: Guard<Actor, Thing>;
}

export interface WorkflowDefinition<State extends string, Action extends string, Actor, Thing> {
  /** the thing's name in messages and logs ('versão', 'solicitação', 'agendamento') */
  name: string;
  states: readonly State[];
  /** states in which the thing is still being worked on (at most one open per service, say) */
  open: readonly State[];
  transitions: Record<Action, TransitionRule<State, Actor, Thing>>;
}

/** A table whose rows move through a workflow: its id column and its state column. */
export interface WorkflowTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  state: PgColumn;
}

/** Something the database can run an update on: the database or a transaction inside it. */
type Db = Pick<Database, 'update'>;

export interface Workflow<State extends string, Action extends string, Actor, Thing> extends WorkflowDefinition<State, Action, Actor, Thing> {
  /** whether `action` leads anywhere from `state` (regardless of who asks) */
  leadsFrom(action: Action, state: State): boolean;
  /** whether this actor may make this action on this thing now (for the buttons a page shows) */
  can(action: Action, actor: Actor, thing: Thing & { state: string }): boolean;
  /** the actions this actor may make on this thing now */
  available(actor: Actor, thing: Thing & { state: string }): Action[];
  /** throws the 403 (who) or 409 (when) that keeps this actor from making this action on this thing now */
  check(action: Action, actor: Actor, thing: Thing & { state: string }): void;
  isOpen(state: string): boolean;
}

export function defineWorkflow<const State extends string, const Action extends string, Actor, Thing>(
  definition: WorkflowDefinition<State, Action, Actor, Thing>,
): Workflow<State, Action, Actor, Thing> {
  const { transitions } = definition;
  const leadsFrom = (action: Action, state: string) => (transitions[action].from as readonly string[]).includes(state);
  const why = (action: Action, actor: Actor, thing: Thing & { state: string }): { status: 403 | 409; message: string } | null => {
    const allowed = transitions[action].may(actor, thing);
    if (allowed !== true) return { status: 403, message: allowed };
    if (!leadsFrom(action, thing.state)) return { status: 409, message: transitions[action].gone };
    return null;
  };
  return {
    ...definition,
    leadsFrom,
    can: (action, actor, thing) => why(action, actor, thing) === null,
    available: (actor, thing) => (Object.keys(transitions) as Action[]).filter((action) => why(action, actor, thing) === null),
    check(action, actor, thing) {
      const refusal = why(action, actor, thing);
      if (refusal) throw refusal.status === 403 ? forbidden(refusal.message) : conflict(refusal.message);
    },
    isOpen: (state) => (definition.open as readonly string[]).includes(state),
  };
}

/**
 * Applies `action` to the row `id` of a workflow's table: `UPDATE … SET state = to, … WHERE id = $id AND state IN
 * (from)`, returning the row. When two people act at once, the database lets the update of only one of them
 * find the row still in a `from` state; the other gets the transition's `gone` message as a 409, and nothing
 * changed. `where` narrows it further (the version still the one that was reviewed, say).
 */
export async function transition<T extends PgTable, State extends string, Action extends string>(
  db: Db,
  flow: Pick<WorkflowDefinition<State, Action, never, never>, 'transitions'>,
  on: WorkflowTable<T>,
  id: number,
  action: Action,
  set: Partial<T['$inferInsert']> = {},
  where?: SQL,
): Promise<T['$inferSelect']> {
  const rule = flow.transitions[action];
  // Drizzle's update takes the table's own field names: the state column's key in the table.
  const stateKey = Object.entries(on.table).find(([, column]) => column === on.state)?.[0];
  if (!stateKey) throw new Error('the workflow\'s state column is not a column of its table');
  const update = db.update(on.table) as unknown as {
    set(values: Record<string, unknown>): { where(condition: SQL | undefined): { returning(): Promise<T['$inferSelect'][]> } };
  };
  const [row] = await update
    .set({ ...set, [stateKey]: rule.to })
    .where(and(eq(on.id, id), inArray(on.state, [...rule.from]), where))
    .returning();
  if (!row) throw conflict(rule.gone);
  return row;
}
