import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, required } from '../lib/api.server.ts';
import { fillTemplate, isFormResource, MESSAGES, missingParams, placeholders, requiredMessage, fallbackFilename } from '../features/open-data/endpoints.ts';
import { csvCounterpart, fetchSource, findEndpoint, invalidParams, jsonCounterpart, loadIndex, withPage } from '../features/open-data/open-data.server.ts';
import { onlyRead, plainText } from '../lib/plain-text.ts';

const text = (status: number, message: string) => plainText(status, message, { 'cache-control': 'no-store' });

/**
 * The server's CSV of a query (spec §7: downloads named from Content-Disposition):
 * /dados/{resources}/{endpoint}/arquivo.csv?{parameters}. The parameters are checked first against the JSON
 * listing (same rules, same messages, one row), then the file comes from the configured source: our own
 * API by a redirect (it streams, so memory stays flat), another origin through this server.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const resources = params.resources ?? '';
  const groups = await required(context, loadIndex(context));
  const found = isFormResource(resources) ? findEndpoint(groups, `${resources}/${params.endpoint ?? ''}`) : null;
  const csv = found && found.group.slug === resources ? csvCounterpart(found.group, found.endpoint) : null;
  if (!found || !csv) return text(404, MESSAGES.endpointNotFound);

  const search = new URL(request.url).searchParams;
  const names = placeholders(csv.url);
  const values = Object.fromEntries(names.map((name) => [name, search.get(name) ?? '']));
  const missing = missingParams(names, values);
  if (missing.length) return text(400, requiredMessage(missing));
  // Checked before any URL is built from them: nothing but a valid year, month, code or id reaches a source.
  const invalid = invalidParams(names, values);
  if (invalid.length) return text(400, invalid.map((error) => error.message).join(' '));

  const listing = jsonCounterpart(found.group, csv);
  if (listing) {
    const refused = await fetchSource(context, withPage(fillTemplate(listing.url, values), 1, 1)).then(
      () => null,
      (err: unknown) => {
        if (err instanceof ApiError) return err;
        throw err;
      },
    );
    if (refused) return text(refused.status === 400 || refused.status === 404 ? refused.status : 502, refused.serverMessage ?? '');
  }

  const target = fillTemplate(csv.url, values);
  if (target.startsWith('/')) return new Response(null, { status: 302, headers: { location: target, 'cache-control': 'no-store' } });
  const upstream = await fetch(target, { signal: AbortSignal.timeout(60_000) }).catch(() => null);
  if (!upstream?.ok || !upstream.body) return text(upstream && (upstream.status === 400 || upstream.status === 404) ? upstream.status : 502, '');
  return new Response(upstream.body, {
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'text/csv; charset=utf-8',
      'content-disposition': upstream.headers.get('content-disposition') ?? `attachment; filename="${fallbackFilename(resources)}"`,
      'cache-control': 'no-store',
    },
  });
}

/** A download is only ever read (GET): any other method answers 405 in Portuguese, not React Router's English. */
export function action() {
  return onlyRead('Este endereço só baixa arquivos: use o botão de download da consulta.');
}
