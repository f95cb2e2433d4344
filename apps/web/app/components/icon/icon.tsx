import { FileText, type LucideProps } from 'lucide-react';
import { LUCIDE_FOR_FONT_AWESOME } from './font-awesome.ts';
import { ICONS } from './icon-map.ts';

/**
 * A catalog icon by its lucide name in kebab-case ('graduation-cap'), or a service's by its Font Awesome name
 * ('fa-graduation-cap', as the live catalog and the state's app name them); unknown names get the default.
 */
export function Icon({ name, ...props }: { name: string | null | undefined } & LucideProps) {
  const lucide = name?.startsWith('fa-') ? LUCIDE_FOR_FONT_AWESOME[name] : name;
  const Component = (lucide && ICONS[lucide]) || FileText;
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
