import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import styles from './snackbar.module.css';

/** How long a snackbar stays (spec §9). */
export const SNACKBAR_MS = 3000;

export interface SnackbarContent {
  message: string;
  tone: 'success' | 'error';
}

// Browser-only: messages are added from event handlers and effects, never during a server render.
const queue = new ToastQueue<SnackbarContent>({ maxVisibleToasts: 3 });

export function showSnackbar(message: string, tone: SnackbarContent['tone'] = 'success') {
  queue.add({ message, tone }, { timeout: SNACKBAR_MS });
}

/** Alerts at the top right (spec §2), with an icon and a word besides the colour. */
export function SnackbarRegion() {
  return (
    <ToastRegion queue={queue} className={styles.region} aria-label="Avisos">
      {({ toast }) => (
        <Toast toast={toast} className={styles.toast} data-tone={toast.content.tone}>
          {toast.content.tone === 'error' ? <CircleAlert size={20} aria-hidden="true" /> : <CircleCheck size={20} aria-hidden="true" />}
          <ToastContent className={styles.content}>
            <Text slot="title">{toast.content.message}</Text>
          </ToastContent>
          <Button slot="close" aria-label="Fechar aviso" className={styles.close}>
            <X size={18} aria-hidden="true" />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
