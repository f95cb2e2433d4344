// The logged-in header's widgets, in a chunk of their own: the root loads it only for a citizen who is
// logged in, so anonymous pages carry no menu, dialog or popover code (issue 12: page weight).
import { AccountMenu } from '../features/identity/account-menu.tsx';
import { BalanceChip } from '../features/nota-piauiense/balance-chip.tsx';
import { NotificationsBell } from '../features/notifications/notifications-panel.tsx';
import { useInteractiveMark } from '../lib/use-hydrated.ts';
import type { ShellCitizen } from './personal-data.server.ts';

/** The logged-in header: bell, Nota Piauiense chip, the citizen's menu. */
export default function PersonalAccount({ citizen }: { citizen: ShellCitizen }) {
  useInteractiveMark();
  return (
    <>
      <NotificationsBell unread={citizen.unread} />
      <BalanceChip balance={citizen.balance} />
      <AccountMenu shortName={citizen.shortName} level={citizen.level} staff={citizen.staff} balance={citizen.balance} />
    </>
  );
}
