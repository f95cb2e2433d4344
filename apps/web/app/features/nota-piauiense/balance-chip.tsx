import { ChevronDown, Wallet } from 'lucide-react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { headerPopoverContainer } from '../../lib/popover-container.ts';
import { formatBrl } from '../../lib/format.ts';
import { canRedeem, MINIMUM_WITHDRAWAL } from './balance.ts';
import header from '../../components/header/site-header.module.css';
import styles from './nota-piauiense.module.css';

export const NOTA_PIAUIENSE_PAGE = '/app/app-nota-piauiense';

/**
 * The Nota Piauiense chip and its dropdown (spec §2): 'Saldo disponível', 'Acessar saldo', 'Resgatar
 * saldo' only above zero, the minimum withdrawal. A popover dialog: Escape or a click outside closes it
 * and focus returns to the chip.
 */
export function BalanceChip({ balance }: { balance: number }) {
  const amount = formatBrl(balance);
  return (
    <DialogTrigger>
      <Button className={header.balance} aria-label={`Nota Piauiense: saldo ${amount}`} data-testid="nota-piauiense-chip">
        <Wallet size={18} aria-hidden="true" />
        <span className={header.balanceAmount}>{amount}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </Button>
      <Popover placement="bottom end" className={styles.popover} UNSTABLE_portalContainer={headerPopoverContainer()}>
        <Dialog className={styles.dialog} data-testid="nota-piauiense-dropdown">
          <Heading slot="title" className={styles.dialogTitle}>
            Nota Piauiense
          </Heading>
          <p className={styles.label}>Saldo disponível</p>
          <p className={styles.amount}>{amount}</p>
          <div className={styles.actions}>
            <a href={NOTA_PIAUIENSE_PAGE} className={styles.primary}>
              Acessar saldo
            </a>
            {canRedeem(balance) ? (
              <a href={`${NOTA_PIAUIENSE_PAGE}#resgatar`} className={styles.secondary}>
                Resgatar saldo
              </a>
            ) : null}
          </div>
          <p className={styles.hint}>Valor mínimo para saque {formatBrl(MINIMUM_WITHDRAWAL)}</p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
