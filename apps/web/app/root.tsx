// The global stylesheet first: the components' own rules come after it and win where both set something.
import './styles/global.css';
import { LoaderCircle } from 'lucide-react';
import { lazy, useEffect, useRef, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useNavigation, useParams, useRouteLoaderData, type LinksFunction, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/root';
import { AccessibilityBar, SHORTCUT_TARGETS, SHORTCUTS_SCRIPT } from './components/accessibility-bar/accessibility-bar.tsx';
import { ACCESSIBILITY_SCRIPT } from './components/accessibility-bar/accessibility-settings.ts';
import { VLibras } from './components/accessibility-bar/vlibras.tsx';
import { FailureContent, NotFoundContent } from './components/error-page/error-page.tsx';
import { SiteFooter } from './components/footer/site-footer.tsx';
import { SiteHeader } from './components/header/site-header.tsx';
import { SnackbarRegion } from './components/snackbar/snackbar.tsx';
import './lib/load-context.ts';
import { FAVORITE_NOTICE_PARAM, favoriteNotice } from './features/favorites/favorites.ts';
import { loadShellCitizen } from './routes/personal-data.server.ts';
import { PageNotice, PersonalProviders } from './routes/personal-shell.tsx';

const PersonalAccount = lazy(() => import('./routes/personal-account.tsx'));
import favicon from './favicon.svg?url';
import { keepDataAfterFailedAction } from './lib/revalidation.ts';
import { useInteractiveMark } from './lib/use-hydrated.ts';
import { hydrationScript } from './lib/deferred-hydration.ts';
import { MONTSERRAT_FACES, MONTSERRAT_SCRIPT } from './lib/montserrat.ts';

const HYDRATION_SCRIPT = hydrationScript(import.meta.env.BASE_URL);

/** What a route may export as its `handle`: a script of its own, run in the head before the stylesheets (the home's banner draw). */
export interface RouteHandle {
  headScript?: string;
}

export function meta({ error }: Route.MetaArgs) {
  // Only pages that failed before their own meta could run fall back to these.
  if (!error) return [{ title: 'Governo do Piauí - Portal de Serviços' }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? 'Governo do Piauí - Página não encontrada' : 'Governo do Piauí - Erro ao carregar a página' },
    { name: 'robots', content: 'noindex' },
  ];
}

/**
 * The shell's data (who is logged in, the page's nonce, a notice in the address) does not change when the
 * citizen moves between pages: a navigation asks only for the new page's data, so a page that fails to load
 * (offline) fails alone instead of taking the shell with it (issue 13). Actions still refresh it.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  const navigation = !args.formMethod || args.formMethod.toUpperCase() === 'GET';
  const notice = (url: URL) => url.searchParams.get(FAVORITE_NOTICE_PARAM);
  if (navigation && notice(args.currentUrl) === notice(args.nextUrl)) return false;
  return keepDataAfterFailedAction(args);
}

// The manifest (public/) makes the portal installable on a phone's home screen (issue 12).
export const links: LinksFunction = () => [
  { rel: 'icon', href: favicon, type: 'image/svg+xml' },
  { rel: 'manifest', href: `${import.meta.env.BASE_URL}manifest.webmanifest` },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The logged-in citizen's header (null when anonymous); tokens stay on the server.
  const citizen = await loadShellCitizen(context);
  return {
    nonce: context.cspNonce,
    citizen,
    notice: favoriteNotice(new URL(request.url).searchParams.get(FAVORITE_NOTICE_PARAM)),
    vlibras: context.vlibrasUrl,
  };
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="nav-progress" role="status">
      <LoaderCircle className="spin" size={20} aria-hidden="true" />
      <span>Carregando…</span>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = data?.nonce;
  // The words of a search page (search/:query, list/:category/:query) stay in the header's box (issue 12).
  const { query } = useParams();
  // The page answers clicks from here on; a logged-in citizen's header sets the mark once it has hydrated.
  useInteractiveMark(!data?.citizen);
  // A new page inside the app: when what had focus went with the old page (the link just followed), focus goes
  // to the new page's content, so the keyboard and a screen reader carry on there, not from the top of the document.
  const { pathname } = useLocation();
  const headScripts = useMatches().flatMap((match) => (match.handle as RouteHandle | undefined)?.headScript ?? []);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const focused = document.activeElement;
    if (!focused || focused === document.body) document.getElementById(SHORTCUT_TARGETS.content)?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#034ea2" />
        {/* The citizen's contrast and text size, before the first paint, and the eMAG shortcuts from the first key (issues 12, 24). */}
        {/* data-offline: the scripts a saved copy keeps when read without a connection (public/sw.js). */}
        <script nonce={nonce} data-offline="" dangerouslySetInnerHTML={{ __html: ACCESSIBILITY_SCRIPT + SHORTCUTS_SCRIPT }} />
        {/* Runs the app's scripts on the first interaction where the server deferred them (decision 025). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HYDRATION_SCRIPT }} />
        {/* Montserrat with the page where the browser has it, after the page on a first visit (issue 12); saved copies keep it. */}
        <script nonce={nonce} data-offline="" dangerouslySetInnerHTML={{ __html: MONTSERRAT_SCRIPT }} />
        <noscript>
          <link rel="stylesheet" href={MONTSERRAT_FACES} />
        </noscript>
        {headScripts.map((script) => (
          <script key={script} nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
        ))}
        <Meta />
        <Links />
      </head>
      <body>
        <AccessibilityBar />
        <PersonalProviders citizen={data?.citizen ?? null}>
          <SiteHeader
            // No Suspense boundary of its own: React outlines a boundary this size to the end of the stream, so
            // the header was drawn empty and grew when the end came (CLS). The page waits for the widgets' chunk
            // instead, on the server once, and in the browser while it hydrates.
            account={data?.citizen ? <PersonalAccount citizen={data.citizen} /> : undefined}
            searchText={query}
          />
          <NavigationProgress />
          <main id="conteudo" tabIndex={-1}>
            <PageNotice notice={data?.notice ?? null} />
            {children}
          </main>
        </PersonalProviders>
        <SiteFooter />
        <SnackbarRegion />
        {data?.vlibras ? <VLibras url={data.vlibras} nonce={nonce} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: string } | undefined)?.message;
    if (error.status === 404) return <NotFoundContent message={message} />;
    return <FailureContent status={error.status} message={message} />;
  }
  // Logged on the server by handleError (entry.server.tsx), with the request's id.
  return <FailureContent />;
}
