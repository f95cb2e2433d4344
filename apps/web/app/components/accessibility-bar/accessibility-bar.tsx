import { useSyncExternalStore } from 'react';
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
 * Alt+1 … Alt+4 (a key handler: accesskey clashes with screen readers' own keys), inline in the page's head so
 * that the first press acts on a page that has not hydrated yet (issue 24: a keyboard user had to press twice).
 * Alt+3 puts the cursor in the search box itself, not on the region around it, so typing goes there.
 */
export const SHORTCUTS_SCRIPT = `(function(){var t=${JSON.stringify(Object.fromEntries(SHORTCUTS.map((s) => [s.key, s.target])))};
function go(id){var e=document.getElementById(id);if(!e)return false;var f=id==='${SHORTCUT_TARGETS.search}'&&e.querySelector('input[type=search]');
if(f){f.focus();return true}e.focus();e.scrollIntoView({block:'start'});return true}
addEventListener('keydown',function(v){if(!v.altKey||v.ctrlKey||v.metaKey||v.shiftKey)return;var k=v.code&&v.code.indexOf('Digit')===0?v.code.slice(5):v.key;if(t[k]&&go(t[k]))v.preventDefault()},true);
addEventListener('click',function(v){var a=v.target&&v.target.closest&&v.target.closest('a[href="#${SHORTCUT_TARGETS.search}"]');if(a&&go('${SHORTCUT_TARGETS.search}'))v.preventDefault()},true);
})();`;

/**
 * The accessibility bar Brazilian government sites carry (eMAG): shortcuts to the page's regions, also on
 * Alt+1 … Alt+4 (SHORTCUTS_SCRIPT), and the high-contrast and text-size controls, which need JavaScript and appear
 * with it. The settings stay in this browser (accessibility-settings.ts).
 */
export function AccessibilityBar() {
  // The server draws the controls with the defaults, hidden until the scripts run (global CSS), so that they
  // take their place from the first paint: appearing later would push the page down (layout shift).
  const settings = useSyncExternalStore(subscribeSettings, settingsSnapshot, () => DEFAULT_SETTINGS);
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
