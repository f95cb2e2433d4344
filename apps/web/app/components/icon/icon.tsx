import { FileText, type LucideProps } from 'lucide-react';
import { ICONS } from './icon-map.ts';

/** A catalog icon by its lucide name in kebab-case ('graduation-cap'); unknown names get the default. */
export function Icon({ name, ...props }: { name: string | null | undefined } & LucideProps) {
  const Component = (name && ICONS[name]) || FileText;
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
