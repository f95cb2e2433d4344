import { index, route, type RouteConfig } from '@react-router/dev/routes';

// The URLs are a public contract (spec §2): each path is listed here, in the spec's words.
export default [
  index('routes/home.tsx'),
  route('buscar', 'routes/search-redirect.ts'),
  route('search/:query?', 'routes/catalog-list.tsx', { id: 'search' }),
  route('list', 'routes/catalog-list.tsx', { id: 'list' }),
  route('list/orgao/:orgao', 'routes/catalog-list.tsx', { id: 'list-department' }),
  route('list/:category', 'routes/catalog-list.tsx', { id: 'list-category' }),
  route('list/:category/:query', 'routes/catalog-list.tsx', { id: 'list-category-query' }),
  route('orgao', 'routes/departments.tsx'),
  route('orgao/:orgao', 'routes/department.tsx'),
  route('dados', 'routes/open-data.tsx'),
  // The open-data viewer has its own issue; until then its addresses say so instead of a 404.
  route('dados/*', 'routes/open-data-viewer.tsx'),
  route(':category/:catalog', 'routes/service.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
