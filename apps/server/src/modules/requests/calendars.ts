import { inArray, isNull, or } from 'drizzle-orm';
import { businessCalendar, schema, type BusinessCalendar } from '@portal/db';
import type { Db } from './requests.repository.ts';

const { departmentClosures } = schema;

// A department's business days (decision 038): Piauí's calendar and the days it, or the whole state, declared closed.

/** The days each of these departments is closed (its own and the state's), as calendars; a department without any has the state's. */
export async function calendarsOf(db: Db, departmentIds: readonly number[]): Promise<(departmentId: number) => BusinessCalendar> {
  const found = await db
    .select({ departmentId: departmentClosures.departmentId, day: departmentClosures.day })
    .from(departmentClosures)
    .where(departmentIds.length ? or(isNull(departmentClosures.departmentId), inArray(departmentClosures.departmentId, [...departmentIds])) : isNull(departmentClosures.departmentId));
  const state = found.filter((c) => c.departmentId === null).map((c) => c.day);
  const calendars = new Map<number, BusinessCalendar>();
  const everywhere = businessCalendar(new Set(state));
  return (departmentId) => {
    let calendar = calendars.get(departmentId);
    if (!calendar) {
      const own = found.filter((c) => c.departmentId === departmentId).map((c) => c.day);
      calendar = own.length ? businessCalendar(new Set([...state, ...own])) : everywhere;
      calendars.set(departmentId, calendar);
    }
    return calendar;
  };
}

/** One department's calendar. */
export const calendarOf = async (db: Db, departmentId: number) => (await calendarsOf(db, [departmentId]))(departmentId);

