// The eMAG accessibility settings (issue 12): high contrast and text size, kept in this browser. The page
// applies them before it is painted (ACCESSIBILITY_SCRIPT, inline in <head>), so nothing flashes.

export const ACCESSIBILITY_KEY = 'portal-acessibilidade';
/**
 * Text size steps: -1 smaller, 0 normal, up to 5 larger (tokens.css scales the root font for each: 112.5, 125, 150,
 * 175 and 200 %). The largest is twice the size, as WCAG 1.4.4 asks (issue 24: it stopped at 150 %).
 */
export const FONT_STEPS = { min: -1, max: 5 } as const;

export interface AccessibilitySettings {
  contrast: boolean;
  font: number;
}

/** What the server renders (it cannot read the browser's choice); the script corrects it after hydration. */
export const DEFAULT_SETTINGS: AccessibilitySettings = { contrast: false, font: 0 };

export function readSettings(): AccessibilitySettings {
  try {
    const saved = JSON.parse(localStorage.getItem(ACCESSIBILITY_KEY) ?? '{}') as Partial<AccessibilitySettings>;
    const font = Number.isInteger(saved.font) ? Math.min(FONT_STEPS.max, Math.max(FONT_STEPS.min, saved.font!)) : 0;
    return { contrast: saved.contrast === true, font };
  } catch {
    return { contrast: false, font: 0 };
  }
}

/** Applies the settings to the page and keeps them for the next ones. */
export function applySettings(settings: AccessibilitySettings) {
  const root = document.documentElement;
  if (settings.contrast) root.dataset.contraste = 'alto';
  else delete root.dataset.contraste;
  if (settings.font) root.dataset.fonte = String(settings.font);
  else delete root.dataset.fonte;
  try {
    localStorage.setItem(ACCESSIBILITY_KEY, JSON.stringify(settings));
  } catch {
    // Private browsing without storage: the setting lasts for this page.
  }
}

// The settings as React reads them (useSyncExternalStore): read once from storage, then as changed here.
let current: AccessibilitySettings | null = null;
const listeners = new Set<() => void>();
export const subscribeSettings = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const settingsSnapshot = () => (current ??= readSettings());
/** Applies and keeps new settings, and tells whoever shows them. */
export function changeSettings(next: AccessibilitySettings) {
  applySettings(next);
  current = next;
  for (const listener of listeners) listener();
}

/** The same as readSettings + applySettings, as a script that runs before the first paint. */
export const ACCESSIBILITY_SCRIPT = `try{var s=JSON.parse(localStorage.getItem('${ACCESSIBILITY_KEY}')||'{}'),r=document.documentElement;if(s.contrast===true)r.dataset.contraste='alto';if(Number.isInteger(s.font)&&s.font>=${FONT_STEPS.min}&&s.font<=${FONT_STEPS.max}&&s.font!==0)r.dataset.fonte=String(s.font)}catch(e){}`;
