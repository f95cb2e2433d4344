import { useEffect, useSyncExternalStore } from 'react';
import { changeSettings as change, DEFAULT_SETTINGS, FONT_STEPS, settingsSnapshot, subscribeSettings } from './accessibility-settings.ts';
import styles from './accessibility-bar.module.css';

/** Where the eMAG shortcuts go (Alt+1 … Alt+4): each target can take focus (tabIndex -1). */
export const SHORTCUT_TARGETS = { content: 'conteudo', menu: 'menu', search: 'busca', footer: 'rodape' } as const;

const SHORTCUTS = [
  { key: '1', target: SHORTCUT_TARGETS.content, label: 'Ir para o conteúdo' },
  { key: '2', target: SHORTCUT_TARGETS.menu, label: 'Ir para o menu' },
  { key: '3', target: SHORTCUT_TARGETS.search, label: 'Ir para a busca' },
  { key: '4', target: SHORTCUT_TARGETS.footer, label: 'Ir para o rodapé' },
];

/**
 * The accessibility bar Brazilian government sites carry (eMAG): shortcuts to the page's regions, also on
 * Alt+1 … Alt+4 (a key handler: accesskey clashes with screen readers' own keys), and the high-contrast and text-size controls, which need JavaScript and appear
 * with it. The settings stay in this browser (accessibility-settings.ts).
 */
export function AccessibilityBar() {
  // The server draws the controls with the defaults, hidden until the scripts run (global CSS), so that they
  // take their place from the first paint: appearing later would push the page down (layout shift).
  const settings = useSyncExternalStore(subscribeSettings, settingsSnapshot, () => DEFAULT_SETTINGS);
  // Alt+1 … Alt+4 go straight to the region, as eMAG describes them.
  useEffect(() => {
    const jump = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const shortcut = SHORTCUTS.find((s) => event.code === `Digit${s.key}` || event.key === s.key);
      const target = shortcut && document.getElementById(shortcut.target);
      if (!target) return;
      event.preventDefault();
      target.focus();
      target.scrollIntoView({ block: 'start' });
    };
    window.addEventListener('keydown', jump);
    return () => window.removeEventListener('keydown', jump);
  }, []);
  return (
    <nav aria-label="Acessibilidade" className={styles.bar}>
      <div className={`container ${styles.inner}`}>
        <ul className={styles.shortcuts}>
          {SHORTCUTS.map((s) => (
            <li key={s.key}>
              <a href={`#${s.target}`}>
                {s.label} <kbd aria-hidden="true">{s.key}</kbd>
              </a>
            </li>
          ))}
        </ul>
        <ul className={styles.controls}>
          <li>
            <button type="button" aria-pressed={settings.contrast} onClick={() => change({ ...settings, contrast: !settings.contrast })}>
              Alto contraste
            </button>
          </li>
          <li>
            <button type="button" disabled={settings.font >= FONT_STEPS.max} onClick={() => change({ ...settings, font: settings.font + 1 })}>
              A+
              <span className="visually-hidden"> (aumentar o texto)</span>
            </button>
          </li>
          <li>
            <button type="button" disabled={settings.font <= FONT_STEPS.min} onClick={() => change({ ...settings, font: settings.font - 1 })}>
              A-
              <span className="visually-hidden"> (diminuir o texto)</span>
            </button>
          </li>
          <li>
            <button type="button" disabled={settings.font === 0} onClick={() => change({ ...settings, font: 0 })}>
              A
              <span className="visually-hidden"> (texto no tamanho normal)</span>
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
