import type { NotificationMessage } from '@portal/contracts';
import { ArrowLeft, Archive, Bell, CheckCheck, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { headerPopoverContainer } from '../../lib/popover-container.ts';
import { useFetcher } from 'react-router';
import { NotificationIcon } from './notification-icon.tsx';
import header from '../../components/header/site-header.module.css';
import styles from './notifications.module.css';

/** The notifications resource route (routes/notifications.ts). */
export const NOTIFICATIONS_PATH = '/app/minha-area/notificacoes';
export const EMPTY_TEXT = 'Não há mensagens para serem exibidas.';

type Filter = 'todas' | 'nao-lidas' | 'arquivadas';

interface LoadedData {
  messages: NotificationMessage[];
  unread: number;
  unavailable?: string;
}

/** '5 mensagens' or 'a mensagem', as the confirmation and the notice say them. */
const howMany = (n: number) => (n === 1 ? '1 mensagem' : `${n} mensagens`);

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
  const shelf = useFetcher<LoadedData>();
  const updater = useFetcher<{ ok: boolean }>();
  const [messages, setMessages] = useState<NotificationMessage[] | null>(null);
  const [filter, setFilter] = useState<Filter>('todas');
  const [openId, setOpenId] = useState<number | null>(null);
  /** the messages 'Arquivar' would archive, while it asks (issue 24: it archived every message at once) */
  const [confirming, setConfirming] = useState<number[] | null>(null);
  /** what the panel says happened (a live region: screen readers hear it) */
  const [notice, setNotice] = useState('');
  /** what was archived last, to put back if the server could not archive it */
  const [pending, setPending] = useState<NotificationMessage[]>([]);
  const listItems = useRef(new Map<number, HTMLButtonElement>());
  const returnTo = useRef<number | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  const archiveButton = useRef<HTMLButtonElement>(null);

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
  // An archive the server refused: the messages come back, and the panel says so (nothing is lost unseen).
  const [answered, setAnswered] = useState(updater.data);
  if (updater.data !== answered) {
    setAnswered(updater.data);
    if (updater.data?.ok === false && pending.length) {
      setPending([]);
      setMessages((list) => [...(list ?? []), ...pending].sort((a, b) => b.dataCriacao.localeCompare(a.dataCriacao) || b.id - a.id));
      setNotice('Não foi possível arquivar agora. As mensagens continuam aqui; tente novamente.');
    }
  }
  useEffect(() => {
    if (openId != null) detailHeading.current?.focus();
    else if (returnTo.current != null) (listItems.current.get(returnTo.current) ?? panelHeading.current)?.focus();
  }, [openId]);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  const send = (intent: string, ids: number[] = []) => {
    const body = new URLSearchParams({ intent, js: '1' });
    for (const id of ids) body.append('id', String(id));
    return updater.submit(body, { method: 'post', action: NOTIFICATIONS_PATH });
  };

  // The archived messages are read each time they are shown, once an archive under way is done: those just
  // archived are there.
  const shelfWanted = useRef(false);
  const loadShelf = () => shelf.load(`${NOTIFICATIONS_PATH}?arquivadas=1`);
  useEffect(() => {
    if (!shelfWanted.current || updater.state !== 'idle') return;
    shelfWanted.current = false;
    loadShelf();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [updater.state]);
  const choose = (next: Filter) => {
    setFilter(next);
    setConfirming(null);
    setNotice('');
    if (next !== 'arquivadas') return;
    if (updater.state === 'idle') loadShelf();
    else shelfWanted.current = true;
  };
  const openMessage = (message: NotificationMessage) => {
    returnTo.current = message.id;
    setConfirming(null);
    setNotice('');
    setOpenId(message.id);
    if (!message.visualizada) {
      setMessages((list) => list?.map((m) => (m.id === message.id ? { ...m, visualizada: true } : m)) ?? null);
      send('read', [message.id]);
    }
  };
  const markAll = () => {
    setMessages((list) => list?.map((m) => ({ ...m, visualizada: true })) ?? null);
    send('read-all');
    // The button turns disabled, which drops focus: keep it inside the panel.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };
  const archive = (ids: number[], said: string) => {
    const gone = new Set(ids);
    setPending((messages ?? []).filter((m) => gone.has(m.id)));
    setMessages((list) => list?.filter((m) => !gone.has(m.id)) ?? null);
    setNotice(said);
    send('archive', ids);
  };
  const confirmArchive = () => {
    const ids = confirming ?? [];
    setConfirming(null);
    returnTo.current = null;
    archive(ids, `${howMany(ids.length)} ${ids.length === 1 ? 'arquivada' : 'arquivadas'}. Veja em Arquivadas.`);
    // The list and the buttons leave: keep focus inside the panel.
    requestAnimationFrame(() => panelHeading.current?.focus());
  };
  const cancelArchive = () => {
    setConfirming(null);
    requestAnimationFrame(() => archiveButton.current?.focus());
  };
  const archiveOpened = (message: NotificationMessage) => {
    // Back to the list, on the message that took its place (the next one, else the one before).
    const list = (messages ?? []).filter((m) => filter !== 'nao-lidas' || !m.visualizada || m.id === message.id);
    const at = list.findIndex((m) => m.id === message.id);
    returnTo.current = (list[at + 1] ?? list[at - 1])?.id ?? null;
    archive([message.id], 'Mensagem arquivada. Veja em Arquivadas.');
    setOpenId(null);
    if (returnTo.current == null) requestAnimationFrame(() => panelHeading.current?.focus());
  };

  const archived = filter === 'arquivadas';
  const source = archived ? shelf.data?.messages : messages;
  const opened = openId != null ? (source ?? []).find((m) => m.id === openId) : undefined;
  // One live region for both views, first in the panel: it stays mounted as the view changes (archiving an opened
  // message goes back to the list), so screen readers hear what happened.
  const withStatus = (view: ReactNode) => (
    <>
      <p role="status" className={notice ? styles.notice : 'visually-hidden'}>
        {notice}
      </p>
      {view}
    </>
  );
  if (opened) {
    const url = redirectUrl(opened);
    return withStatus(
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
        <div className={styles.detailActions}>
          {url ? (
            <a href={url} className={styles.action} data-testid="notification-redirect">
              Acessar <ExternalLink size={16} aria-hidden="true" />
            </a>
          ) : null}
          {archived ? null : (
            <Button className={styles.bulkButton} onPress={() => archiveOpened(opened)}>
              <Archive size={18} aria-hidden="true" /> Arquivar esta mensagem
            </Button>
          )}
        </div>
      </div>,
    );
  }

  const unavailable = (archived ? shelf.data : loader.data)?.unavailable;
  const shown = (source ?? []).filter((m) => filter !== 'nao-lidas' || !m.visualizada);
  const hasUnread = (messages ?? []).some((m) => !m.visualizada);
  const listName = { todas: 'Todas as mensagens', 'nao-lidas': 'Mensagens não lidas', arquivadas: 'Mensagens arquivadas' }[filter];
  return withStatus(
    <div className={styles.panel}>
      <Heading slot="title" className={styles.title} ref={panelHeading} tabIndex={-1}>
        Notificações
      </Heading>
      <div className={styles.toolbar}>
        <div role="group" aria-label="Filtrar mensagens" className={styles.filters}>
          <Button className={styles.filter} aria-pressed={filter === 'todas'} onPress={() => choose('todas')}>
            Todas
          </Button>
          <Button className={styles.filter} aria-pressed={filter === 'nao-lidas'} onPress={() => choose('nao-lidas')}>
            Não Lidas
          </Button>
          <Button className={styles.filter} aria-pressed={filter === 'arquivadas'} onPress={() => choose('arquivadas')}>
            Arquivadas
          </Button>
        </div>
        {archived ? null : confirming ? (
          <div role="group" aria-labelledby="arquivar-pergunta" className={styles.confirm}>
            <p id="arquivar-pergunta" ref={question} tabIndex={-1} className={styles.question}>
              Arquivar {confirming.length === 1 ? 'a mensagem' : `as ${confirming.length} mensagens`}?
            </p>
            <p className={styles.hint}>Saem desta lista e continuam em Arquivadas.</p>
            <div className={styles.bulk}>
              <Button className={styles.confirmButton} onPress={confirmArchive}>
                Confirmar
              </Button>
              <Button className={styles.bulkButton} onPress={cancelArchive}>
                Cancelar
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.bulk}>
            <Button className={styles.bulkButton} onPress={markAll} isDisabled={!hasUnread}>
              <CheckCheck size={18} aria-hidden="true" /> Marcar todas como lidas
            </Button>
            <Button ref={archiveButton} className={styles.bulkButton} onPress={() => setConfirming(shown.map((m) => m.id))} isDisabled={!shown.length}>
              <Archive size={18} aria-hidden="true" /> Arquivar
            </Button>
          </div>
        )}
      </div>
      {unavailable ? (
        <p className={styles.empty} role="alert">
          {unavailable}
        </p>
      ) : source == null ? (
        <p className={styles.empty}>Carregando…</p>
      ) : shown.length ? (
        <ul className={styles.list} aria-label={listName}>
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
        <p className={styles.empty}>{archived ? 'Nenhuma mensagem arquivada.' : EMPTY_TEXT}</p>
      )}
    </div>,
  );
}
