import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_BUILD_DIR } from '../../plugins/web.ts';

/**
 * What the login pages borrow from the portal to look like it (issue 24: with the system's font and a header of their
 * own they looked like another site, which teaches citizens to trust look-alikes). Read once at start-up from the web
 * app's own files; the pages load nothing but what the portal itself serves.
 */
export interface PortalLook {
  /** the portal's home, where the brand leads */
  home: string;
  /** Montserrat's Latin file (every Portuguese letter) as the web build serves it; null without a build (`npm run dev`) */
  font: string | null;
  /** the portal's mark (the web app's favicon, the header's brand), as inline SVG; '' if it cannot be read */
  mark: string;
}

/** The web app's mark, the same drawing the portal's header and favicon show. */
const MARK_FILE = fileURLToPath(new URL('../../../../web/app/favicon.svg', import.meta.url));

/**
 * `basePath`: where the catalog is mounted (BASE_PATH), under which the web build's files are served
 * (`{basePath}/assets/…`, plugins/web.ts); `buildDir`: the web build.
 */
export function portalLook(basePath: string, buildDir = WEB_BUILD_DIR): PortalLook {
  const base = basePath === '/' ? '' : basePath;
  let font: string | null = null;
  try {
    // The hashed name Vite gave @fontsource's Latin file (apps/web/app/lib/montserrat.ts serves the same one).
    const file = readdirSync(join(buildDir, 'client', 'assets')).find((name) => /^montserrat-latin-wght-normal-[\w-]+\.woff2$/.test(name));
    if (file) font = `${base}/assets/${file}`;
  } catch {
    // No build (the development server draws the pages from the sources): the fallback typeface.
  }
  let mark = '';
  try {
    mark = readFileSync(MARK_FILE, 'utf8')
      .trim()
      .replace(/^<svg\b/, '<svg aria-hidden="true" focusable="false" width="40" height="40"');
  } catch {
    // The brand's name still says whose page it is.
  }
  return { home: base || '/', font, mark };
}
