import { ChartColumn, HandCoins, Gavel, Landmark, MonitorSmartphone, Receipt, TrendingUp, Users, type LucideIcon, type LucideProps } from 'lucide-react';
import { Icon } from '../../components/icon/icon.tsx';

// The index's own icons (names from GET /v1/open-data) beyond the catalog's set; any other name goes to the shared Icon.
const ICONS: Record<string, LucideIcon> = {
  'hand-coins': HandCoins,
  receipt: Receipt,
  gavel: Gavel,
  landmark: Landmark,
  'trending-up': TrendingUp,
  users: Users,
  'monitor-smartphone': MonitorSmartphone,
  'chart-column': ChartColumn,
};

export function GroupIcon({ name, ...props }: { name: string } & LucideProps) {
  const Component = ICONS[name];
  if (!Component) return <Icon name={name} {...props} />;
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
