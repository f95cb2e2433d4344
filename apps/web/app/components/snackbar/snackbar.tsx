import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import styles from './snackbar.module.css';

/** How long a snackbar stays (spec §9). */
export const SNACKBAR_MS = 3000;
/** At most this many at once: the oldest goes first. */
const MAX_VISIBLE = 3;

export interface SnackbarContent {
  message: string;
  tone: 'success' | 'error';
}

interface Snackbar extends SnackbarContent {
  id: number;
}

// Browser-only: messages are added from event handlers and effects, never during a server render. A plain
// store, no widget library: the region is on every page, anonymous ones included (issue 12: page weight).
let snackbars: Snackbar[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Snackbar[]) => {
  snackbars = next;
  for (const listener of listeners) listener();
};
const dismiss = (id: number) => publish(snackbars.filter((s) => s.id !== id));
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NONE: Snackbar[] = [];

export function showSnackbar(message: string, tone: SnackbarContent['tone'] = 'success') {
  const id = nextId++;
  publish([...snackbars, { id, message, tone }].slice(-MAX_VISIBLE));
  setTimeout(() => dismiss(id), SNACKBAR_MS);
}

/**
 * Alerts at the top right (spec §2), with an icon and a word besides the colour. The live regions are in
 * the page from the start, so screen readers announce what enters them: confirmations politely (status),
 * failures at once (alert).
 */
export function SnackbarRegion() {
  const shown = useSyncExternalStore(subscribe, () => snackbars, () => NONE);
  const item = (s: Snackbar) => (
    <div key={s.id} className={styles.toast} data-tone={s.tone}>
      {s.tone === 'error' ? <CircleAlert size={20} aria-hidden="true" /> : <CircleCheck size={20} aria-hidden="true" />}
      <p className={styles.content}>{s.message}</p>
      <button type="button" aria-label="Fechar aviso" className={styles.close} onClick={() => dismiss(s.id)}>
        <X size={18} aria-hidden="true" />
      </button>
    </div>
  );
  return (
    <section aria-label="Avisos" className={styles.region}>
      <div role="status" className={styles.stack}>
        {shown.filter((s) => s.tone === 'success').map(item)}
      </div>
      <div role="alert" className={styles.stack}>
        {shown.filter((s) => s.tone === 'error').map(item)}
      </div>
    </section>
  );
}
