import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteLoaderData, type LinksFunction } from 'react-router';
import type { Route } from './+types/root';
import { FailureContent, NotFoundContent } from './components/error-page/error-page.tsx';
import { SiteFooter } from './components/footer/site-footer.tsx';
import { SiteHeader, type HeaderUser } from './components/header/site-header.tsx';
import { SnackbarRegion } from './components/snackbar/snackbar.tsx';
import './lib/load-context.ts';
import favicon from './favicon.svg?url';
import './styles/global.css';

export const links: LinksFunction = () => [{ rel: 'icon', href: favicon, type: 'image/svg+xml' }];

export function loader({ context }: Route.LoaderArgs) {
  // The citizen's session arrives with the login issue; until then every visitor is anonymous.
  const user: HeaderUser | null = null;
  return { nonce: context.cspNonce, user };
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
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#034ea2" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#conteudo" className="skip-link">
          Ir para o conteúdo
        </a>
        <SiteHeader user={data?.user ?? null} />
        <NavigationProgress />
        <main id="conteudo" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <SnackbarRegion />
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
  console.error(error);
  return <FailureContent />;
}
