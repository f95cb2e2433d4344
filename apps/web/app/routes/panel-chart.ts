import { chartSvg } from '../features/panel/charts.server.ts';
import { isChart } from '../features/panel/panel-charts.ts';
import { filtersOf } from '../features/panel/panel-format.ts';
import { api, ApiError } from '../lib/api.server.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';
import type { Route } from './+types/panel-chart';

/**
 * One chart of the services' panel (issue 30) as an SVG image, for the filters of its address: an image of its own, so
 * the page does not carry it twice (in the HTML and in the data it hydrates from), cached as the pages are.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const name = params.chart.replace(/\.svg$/, '');
  if (!params.chart.endsWith('.svg') || !isChart(name)) return plainText(404, 'Gráfico não encontrado.');
  try {
    const panel = await api.panel(context, filtersOf(new URL(request.url)));
    return new Response(chartSvg(name, panel), { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return plainText(err.status, err.message);
    throw err;
  }
}

export function action() {
  return onlyRead('Este endereço só mostra a imagem do gráfico.');
}
