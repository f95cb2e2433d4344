// Piauí's calendar is written once, in @portal/contracts (format.ts): what "today" means for the state's records.
export { PIAUI_TIME_ZONE, todayInPiaui } from '@portal/contracts';
