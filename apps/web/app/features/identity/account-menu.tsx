import { ChevronDown, CircleUser, FileText, ListChecks, LogOut, PencilLine, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { useRef } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { formatBrl } from '../../lib/format.ts';
import { headerPopoverContainer } from '../../lib/popover-container.ts';
import { ACCESS_LEVEL_LABEL, type AccessLevel } from './access-level.ts';
import header from '../../components/header/site-header.module.css';
import styles from './account.module.css';

export const LOGOUT_PATH = '/app/sair';

/** The level badge: the word, not only the colour. */
export function LevelBadge({ level }: { level: AccessLevel | null }) {
  if (!level) return <span className={styles.badge}>Sem nível de acesso</span>;
  return (
    <span className={styles.badge} data-level={level}>
      Nível {ACCESS_LEVEL_LABEL[level]}
    </span>
  );
}

/**
 * The citizen's menu (spec §2): short name, level badge, 'Meu perfil', 'Documentos', 'Solicitações' and
 * 'Sair'; for staff of the catalog, 'Gestão do catálogo' (issue 15). 'Sair' submits a POST form (the identity module refuses a logout by link).
 */
export function AccountMenu({ shortName, level, staff = false, balance }: { shortName: string; level: AccessLevel | null; staff?: boolean; balance?: number }) {
  const logout = useRef<HTMLFormElement>(null);
  // On a phone the header has no room for the Nota Piauiense chip (site-header.module.css): its balance is here.
  // The menu's items render only once it opens, in the browser, where the screen's width is known.
  const narrow = typeof window !== 'undefined' && window.matchMedia('(max-width: 479px)').matches;
  return (
    <>
      <MenuTrigger>
        <Button className={header.accountTrigger} aria-label={`Menu de ${shortName}`}>
          <CircleUser size={20} aria-hidden="true" />
          <span className={header.accountName} data-testid="account-name" data-header-label>
            {shortName}
          </span>
          <ChevronDown size={16} aria-hidden="true" />
        </Button>
        <Popover placement="bottom end" className={styles.popover} UNSTABLE_portalContainer={headerPopoverContainer()}>
          <Menu className={styles.menu} aria-label={`Conta de ${shortName}`}>
            <MenuSection>
              <Header className={styles.menuHeader}>
                <strong>{shortName}</strong>
                <LevelBadge level={level} />
              </Header>
              <MenuItem className={styles.item} href="/app/dashboard" textValue="Meu perfil">
                <UserRound size={18} aria-hidden="true" /> Meu perfil
              </MenuItem>
              <MenuItem className={styles.item} href="/app/app-documentos" textValue="Documentos">
                <FileText size={18} aria-hidden="true" /> Documentos
              </MenuItem>
              <MenuItem className={styles.item} href="/app/acompanhar-minhas-solicitacoes" textValue="Solicitações">
                <ListChecks size={18} aria-hidden="true" /> Solicitações
              </MenuItem>
              <MenuItem className={styles.item} href="/app/minha-area/meus-dados" textValue="Meus dados">
                <ShieldCheck size={18} aria-hidden="true" /> Meus dados
              </MenuItem>
              {narrow && balance !== undefined ? (
                <MenuItem className={styles.item} href="/app/app-nota-piauiense" textValue={`Nota Piauiense: saldo ${formatBrl(balance)}`}>
                  <Wallet size={18} aria-hidden="true" /> Nota Piauiense: saldo {formatBrl(balance)}
                </MenuItem>
              ) : null}
              {staff ? (
                <MenuItem className={styles.item} href="/app/gestao" textValue="Gestão do catálogo">
                  <PencilLine size={18} aria-hidden="true" /> Gestão do catálogo
                </MenuItem>
              ) : null}
            </MenuSection>
            <Separator className={styles.separator} />
            <MenuItem className={styles.item} textValue="Sair" onAction={() => logout.current?.requestSubmit()}>
              <LogOut size={18} aria-hidden="true" /> Sair
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {/* The menu's 'Sair' submits this form; it is also the way out without JavaScript. */}
      <form ref={logout} method="post" action={LOGOUT_PATH} className={header.logoutForm}>
        <button type="submit" className={header.logoutButton}>
          Sair
        </button>
      </form>
    </>
  );
}
