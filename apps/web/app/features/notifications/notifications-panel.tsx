import type { NotificationMessage } from '@portal/contracts';
import { ArrowLeft, Archive, Bell, CheckCheck, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { headerPopoverContainer } from '../../lib/popover-container.ts';
import { useFetcher } from 'react-router';
import { NotificationIcon } from './notification-icon.tsx';
import header from '../../components/header/site-header.module.css';
import styles from './notifications.module.css';

/** The notifications resource route (routes/notifications.ts). */
export const NOTIFICATIONS_PATH = '/app/minha-area/notificacoes';
export const EMPTY_TEXT = 'Não há mensagens para serem exibidas.';

type Filter = 'todas' | 'nao-lidas';

interface LoadedData {
  messages: NotificationMessage[];
  unread: number;
  unavailable?: string;
}

function redirectUrl(message: NotificationMessage): string | null {
  const action = message.metadados?.onClick;
  return action?.tipo === 'redirect' && typeof action.url === 'string' && action.url ? action.url : null;
}

/**
 * The bell (spec §2): the unread count on a badge; it opens the panel with the list or one message in
 * detail. A dialog: focus moves in, Escape or a click outside closes it, focus returns to the bell.
 */
export function NotificationsBell({ unread }: { unread: number }) {
  const [open, setOpen] = useState(false);
  const label = unread ? `Notificações: ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}` : 'Notificações: nenhuma não lida';
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className={header.bell} aria-label={label} data-testid="notifications-bell">
        <Bell size={22} aria-hidden="true" />
        {unread ? (
          <span className={header.bellCount} data-testid="notifications-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      <Popover placement="bottom end" className={styles.popover} UNSTABLE_portalContainer={headerPopoverContainer()}>
        <Dialog className={styles.dialog} aria-label="Notificações" data-testid="notifications-panel">
          <NotificationsPanel />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function NotificationsPanel() {
  const loader = useFetcher<LoadedData>();
  const updater = useFetcher();
  const [messages, setMessages] = useState<NotificationMessage[] | null>(null);
  const [filter, setFilter] = useState<Filter>('todas');
  const [openId, setOpenId] = useState<number | null>(null);
  const listItems = useRef(new Map<number, HTMLButtonElement>());
  const returnTo = useRef<number | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (loader.state === 'idle' && !loader.data) loader.load(NOTIFICATIONS_PATH);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new answer from the server replaces the list (adjusted while rendering, not in an effect).
  const [loaded, setLoaded] = useState(loader.data);
  if (loader.data !== loaded) {
    setLoaded(loader.data);
    if (loader.data) setMessages(loader.data.messages ?? []);
  }
  useEffect(() => {
    if (openId != null) detailHeading.current?.focus();
    else if (returnTo.current != null) listItems.current.get(returnTo.current)?.focus();
  }, [openId]);

  const submit = (fields: Record<string, string>) => updater.submit({ ...fields, js: '1' }, { method: 'post', action: NOTIFICATIONS_PATH });

  const openMessage = (message: NotificationMessage) => {
    returnTo.current = message.id;
    setOpenId(message.id);
    if (!message.visualizada) {
      setMessages((list) => list?.map((m) => (m.id === message.id ? { ...m, visualizada: true } : m)) ?? null);
      submit({ intent: 'read', id: String(message.id) });
    }
  };
  const markAll = () => {
    setMessages((list) => list?.map((m) => ({ ...m, visualizada: true })) ?? null);
    submit({ intent: 'read-all' });
    // The button turns disabled, which drops focus: keep it inside the panel.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };
  const archive = () => {
    setMessages([]);
    setOpenId(null);
    returnTo.current = null;
    submit({ intent: 'archive' });
    // The list and the disabled button leave: keep focus inside the panel.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };

  const opened = openId != null ? messages?.find((m) => m.id === openId) : undefined;
  if (opened) {
    const url = redirectUrl(opened);
    return (
      <div className={styles.detail} data-testid="notification-detail">
        <Button className={styles.back} onPress={() => setOpenId(null)}>
          <ArrowLeft size={18} aria-hidden="true" /> Voltar
        </Button>
        <div className={styles.detailHead}>
          <NotificationIcon tipo={opened.tipo} className={styles.icon} />
          <h2 ref={detailHeading} tabIndex={-1} className={styles.detailTitle}>
            {opened.titulo}
          </h2>
        </div>
        <p className={styles.date}>{opened.dataCriacaoFormatada}</p>
        <p className={styles.text}>{opened.texto}</p>
        {url ? (
          <a href={url} className={styles.action} data-testid="notification-redirect">
            Acessar <ExternalLink size={16} aria-hidden="true" />
          </a>
        ) : null}
      </div>
    );
  }

  const shown = (messages ?? []).filter((m) => filter === 'todas' || !m.visualizada);
  const hasUnread = (messages ?? []).some((m) => !m.visualizada);
  return (
    <div className={styles.panel}>
      <Heading slot="title" className={styles.title} ref={panelHeading} tabIndex={-1}>
        Notificações
      </Heading>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Filtrar mensagens" className={styles.filters}>
          <Button className={styles.filter} aria-pressed={filter === 'todas'} onPress={() => setFilter('todas')}>
            Todas
          </Button>
          <Button className={styles.filter} aria-pressed={filter === 'nao-lidas'} onPress={() => setFilter('nao-lidas')}>
            Não Lidas
          </Button>
        </div>
        <div className={styles.bulk}>
          <Button className={styles.bulkButton} onPress={markAll} isDisabled={!hasUnread}>
            <CheckCheck size={18} aria-hidden="true" /> Marcar todas como lidas
          </Button>
          <Button className={styles.bulkButton} onPress={archive} isDisabled={!messages?.length}>
            <Archive size={18} aria-hidden="true" /> Arquivar
          </Button>
        </div>
      </div>
      {loader.data?.unavailable ? (
        <p className={styles.empty} role="alert">
          {loader.data.unavailable}
        </p>
      ) : messages == null ? (
        <p className={styles.empty} role="status">
          Carregando…
        </p>
      ) : shown.length ? (
        <ul className={styles.list} aria-label={filter === 'todas' ? 'Todas as mensagens' : 'Mensagens não lidas'}>
          {shown.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={styles.message}
                data-unread={!m.visualizada || undefined}
                ref={(el) => {
                  if (el) listItems.current.set(m.id, el);
                  else listItems.current.delete(m.id);
                }}
                onClick={() => openMessage(m)}
              >
                <NotificationIcon tipo={m.tipo} className={styles.icon} />
                <span className={styles.summary}>
                  <span className={styles.messageTitle}>{m.titulo}</span>
                  <span className={styles.date}>{m.dataCriacaoFormatada}</span>
                </span>
                {!m.visualizada ? <span className={styles.unreadTag}>Não lida</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{EMPTY_TEXT}</p>
      )}
    </div>
  );
}
