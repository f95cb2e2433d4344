import { Info, Mail, Sparkles, TriangleAlert } from 'lucide-react';

/** What each tipo is called, for screen readers (the icon is not the only cue). */
export function notificationKind(tipo: string): { label: string; Icon: typeof Info; tone: string } {
  switch (tipo) {
    case 'alerta':
      return { label: 'Alerta', Icon: TriangleAlert, tone: 'alerta' };
    case 'informacao':
      return { label: 'Informação', Icon: Info, tone: 'informacao' };
    case 'novidade':
      return { label: 'Novidade', Icon: Sparkles, tone: 'novidade' };
    default:
      return { label: 'Mensagem', Icon: Mail, tone: 'padrao' };
  }
}

export function NotificationIcon({ tipo, className }: { tipo: string; className?: string }) {
  const { Icon, label, tone } = notificationKind(tipo);
  return (
    <span className={className} data-tone={tone} data-testid={`icon-${tone}`}>
      <Icon size={20} aria-hidden="true" />
      <span className="visually-hidden">{label}: </span>
    </span>
  );
}
