import { index, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { basePath } from '../base-path.ts';

// The URLs are a public contract (spec §2): each path is listed here, in the spec's words, and each route
// id stays as it was when a file is renamed. Route files are named after their feature, as in
// apps/server/src/modules and app/features (catalog-*, favorites, notifications, ...). The router's
// basename is '/': the catalog lives under BASE_PATH, the portal's other pages under /app
// (docs/decisions/004-portal-pages-outside-the-catalog.md).
const catalog = [
  index('routes/home.tsx'),
  route('buscar', 'routes/search-redirect.ts'),
  // The home's QR codes for the state's app (images, not part of the page).
  route('qr/:store', 'routes/home-qr.ts'),
  route('search/:query?', 'routes/catalog-list.tsx', { id: 'search' }),
  route('list', 'routes/catalog-list.tsx', { id: 'list' }),
  route('list/orgao/:orgao', 'routes/catalog-list.tsx', { id: 'list-department' }),
  route('list/:category', 'routes/catalog-list.tsx', { id: 'list-category' }),
  route('list/:category/:query', 'routes/catalog-list.tsx', { id: 'list-category-query' }),
  route('orgao', 'routes/departments.tsx'),
  route('orgao/:orgao', 'routes/department.tsx'),
  route('dados', 'routes/open-data.tsx'),
  // The server's CSV of a query (resource route), then every form of the viewer's addresses (spec §2).
  route('dados/:resources/:endpoint/arquivo.csv', 'routes/open-data-download.ts'),
  route('dados/*', 'routes/open-data-viewer.tsx'),
  route(':category/:catalog', 'routes/catalog-service.tsx', { id: 'routes/service' }),
  // A service's request (issue 27): its start page, one page of questions at a time, then 'Verifique suas respostas'.
  route(':category/:catalog/solicitar', 'routes/request-start.tsx'),
  route(':category/:catalog/solicitar/verificar', 'routes/request-check.tsx'),
  route(':category/:catalog/solicitar/:page', 'routes/request-page.tsx'),
  route('*', 'routes/not-found.tsx'),
];

const base = basePath();

export default [
  ...(base === '/' ? catalog : prefix(base.slice(1), catalog)),
  // The portal's root goes to the catalog's home, as '/' does (issue 13).
  ...(base === '/app' ? [] : [route('app', 'routes/portal-home.ts')]),
  // The portal pages the header and the widgets link to (spec §2, issue 4).
  route('app/app-minha-cnh', 'routes/pages-cnh.tsx'),
  route('app/app-nota-piauiense', 'routes/nota-piauiense.tsx', { id: 'routes/pages-nota-piauiense' }),
  route('app/politicas-de-privacidade-termo-de-uso', 'routes/pages-privacy.tsx'),
  // The services' public panel (issue 30, Lei 14.129 art. 20, II), and its charts as SVG images.
  route('app/painel', 'routes/panel.tsx'),
  route('app/painel/graficos/:chart', 'routes/panel-chart.ts'),
  route('app/app-simplifique', 'routes/simplifique.tsx', { id: 'routes/pages-simplifique' }),
  route('app/app-documentos', 'routes/pages-documents.tsx'),
  // Anyone checks a document the portal issued by its code (issue 28); the QR code on the document opens it.
  route('app/verificar', 'routes/documents-verify.tsx'),
  // a subject expert's preview link (issue 26): the token is the credential
  route('app/especialista/:token', 'routes/expert-preview.tsx'),
  route('app/acompanhar-minhas-solicitacoes', 'routes/pages-requests.tsx'),
  route('app/acompanhar-minhas-solicitacoes/:id', 'routes/request-detail.tsx'),
  // Appointments at a unit (issue 29): the booking, an appointment, its calendar file; the front desk's day.
  route('app/agendar/:service', 'routes/appointment-book.tsx'),
  route('app/agendamentos/espera/:id', 'routes/appointment-waiting.tsx'),
  route('app/agendamentos/:id', 'routes/appointment.tsx'),
  route('app/agendamentos/:id/agendamento.ics', 'routes/appointment-ics.ts'),
  route('app/gestao/agenda', 'routes/gestao-desk.tsx'),
  route('app/gestao/agendas', 'routes/gestao-agendas.tsx'),
  // Opened by the state's app in a WebView with its token (issue 14).
  route('app/app-meus-veiculos', 'routes/pages-vehicles.tsx'),
  route('app/app-perfil-servidor', 'routes/pages-servant.tsx'),
  route('app/dashboard', 'routes/pages-dashboard.tsx'),
  // The citizen's actions and downloads (backend-for-frontend: the server adds the token).
  route('app/minha-area/favoritos', 'routes/favorites.ts', { id: 'routes/personal-favorite' }),
  route('app/minha-area/quem-acessou', 'routes/personal-accesses.tsx'),
  // 'Meus dados' (issue 30): what the portal holds about the citizen, to see, take and erase.
  route('app/minha-area/meus-dados', 'routes/my-data.tsx'),
  route('app/minha-area/meus-dados/arquivo.json', 'routes/my-data-download.ts'),
  route('app/minha-area/meus-dados/arquivo.zip', 'routes/my-data-zip.ts'),
  route('app/minha-area/notificacoes', 'routes/notifications.ts', { id: 'routes/personal-notifications' }),
  route('app/minha-area/contracheques/:id', 'routes/payslips.ts', { id: 'routes/personal-payslip' }),
  route('app/minha-area/documentos/:id', 'routes/documents-download.ts'),
  // The editorial back office (issue 15): the staff of each department keep their services' content.
  route('app/gestao', 'routes/gestao.tsx'),
  route('app/gestao/retorno', 'routes/gestao-feedback.tsx'),
  route('app/gestao/solicitacoes', 'routes/gestao-requests.tsx'),
  route('app/gestao/solicitacoes/:id', 'routes/gestao-request.tsx'),
  route('app/gestao/dias-sem-expediente', 'routes/gestao-closures.tsx'),
  route('app/gestao/consistencia', 'routes/gestao-consistency.tsx'),
  route('app/gestao/catalogo', 'routes/gestao-catalog.tsx'),
  route('app/gestao/auditoria', 'routes/gestao-audit.tsx'),
  // Issued documents (issue 28): found by their code, revoked with a reason.
  route('app/gestao/documentos', 'routes/gestao-documents.tsx'),
  route('app/gestao/orgaos/:slug', 'routes/gestao-department.tsx'),
  route('app/gestao/servicos/:id', 'routes/gestao-service.tsx'),
  route('app/gestao/servicos/:id/editar', 'routes/gestao-edit.tsx'),
  route('app/gestao/servicos/:id/versoes', 'routes/gestao-history.tsx'),
  route('app/gestao/servicos/:id/previa', 'routes/gestao-preview.tsx'),
  // A service's request form (issue 27): built by its department's editor, and filled in as a citizen would.
  route('app/gestao/servicos/:id/formulario', 'routes/gestao-request-form.tsx'),
  route('app/gestao/servicos/:id/formulario/previa', 'routes/gestao-request-form-preview.tsx'),
  ...(base === '/' ? [] : [route('*', 'routes/not-found.tsx', { id: 'portal-not-found' })]),
] satisfies RouteConfig;
