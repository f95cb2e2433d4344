// Fuzzing of the whole portal through `app.inject` (no network): every endpoint of /openapi.json, every
// page of apps/web/app/routes.ts and the embedded login form get malformed methods, paths, query strings,
// headers and bodies from a seeded generator, so a run is repeatable. A malformed request must answer 4xx
// with a Portuguese message; a 5xx, a stack trace, a source path or Fastify's own English message in any
// body is a failure.
//
//   npm run fuzz                      10,000 requests, seed 1 (FUZZ_COUNT and FUZZ_SEED change them);
//                                     builds apps/web first when its build is missing or stale
//
// apps/server/src/fuzz.test.ts runs the same generator with about 600 requests inside `npm test`.
import { pathToFileURL } from 'node:url';
import type { InjectOptions } from 'fastify';

// ----- the generator ---------------------------------------------------------------------------------

/** mulberry32: small, fast and good enough to pick test inputs; the same seed gives the same run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
  };
}
export type Random = ReturnType<typeof prng>;

export interface FuzzTarget {
  kind: 'api' | 'page' | 'form';
  method: string;
  /** the path with `{name}` placeholders (and `{*}` for a splat) */
  path: string;
  params: string[];
  query: string[];
  /** a JSON schema of the body, when the endpoint takes one */
  body?: JsonSchema;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'delete', 'patch', 'options'];

/** Every operation of the OpenAPI document, with its parameters and body schema ($refs resolved). */
export function targetsFromOpenApi(doc: OpenApiDocument): FuzzTarget[] {
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(schemas[schema.$ref.split('/').pop()!], depth + 1);
    const out: JsonSchema = { ...schema };
    if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1)!]));
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    return out;
  };
  const targets: FuzzTarget[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      targets.push({
        kind: 'api',
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: resolve(operation.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return targets;
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every page of the React Router route table ('app/catalog/list/:category' → '/app/catalog/list/{category}'). */
export function targetsFromRoutes(routes: RouteEntry[], parent = ''): FuzzTarget[] {
  return routes.flatMap((route) => {
    const path = [parent, route.path ?? ''].filter(Boolean).join('/');
    const own: FuzzTarget[] = [];
    if (route.path !== undefined || route.index) {
      const segments = path.split('/').filter(Boolean).map((s) => (s === '*' ? '{*}' : s.startsWith(':') ? `{${s.slice(1).replace(/\?$/, '')}}` : s));
      const template = `/${segments.join('/')}`;
      const params = [...template.matchAll(/\{(\w+|\*)\}/g)].map((m) => m[1]!);
      for (const method of ['GET', 'POST']) own.push({ kind: 'page', method, path: template, params, query: PAGE_QUERY });
    }
    return [...own, ...targetsFromRoutes(route.children ?? [], path)];
  });
}

const PAGE_QUERY = ['page', 'buscar', 'q', 'unidade', 'returnTo', 'exercicio', 'referencia', 'referencia_de', 'referencia_ate', 'empenho_codigo', 'unidade_gestora_codigo', 'id', 'index'];

/** The embedded identity provider's pages (not in the OpenAPI document: they are HTML forms). */
export const IDENTITY_TARGETS: FuzzTarget[] = [
  { kind: 'form', method: 'GET', path: '/auth/interaction/{uid}', params: ['uid'], query: [] },
  { kind: 'form', method: 'POST', path: '/auth/interaction/{uid}/login', params: ['uid'], query: [] },
  { kind: 'form', method: 'GET', path: '/app/entrar', params: [], query: ['returnTo'] },
  { kind: 'form', method: 'GET', path: '/app/auth/callback', params: [], query: ['code', 'state', 'iss', 'error'] },
  { kind: 'form', method: 'POST', path: '/app/sair', params: [], query: [] },
];

/** Values that make sense for a parameter, so that some requests get past validation and go deep. */
const GOOD: Record<string, string[]> = {
  slug: ['carteira-de-identidade-primeira-via', 'segunda-via-de-conta-de-agua', 'nao-existe'],
  id: ['1', '2', '3', '42', '1000'],
  exercicio: ['2024', '2025'],
  referencia: ['2025-01', '2025-03'],
  referencia_de: ['2025-01', '2025-01-15'],
  referencia_ate: ['2025-03', '2025-12-31'],
  empenho_codigo: ['2025NE000123', '2025NE000001'],
  unidade_gestora_codigo: ['100101', '200101'],
  dashcard: ['1', '2'],
  card: ['1', '2'],
  username: ['maria.silva', 'joao.souza'],
  resources: ['despesa', 'servidor', 'usuarios', 'credores', 'contratos'],
  category: ['documentos-e-identificacao', 'saude', 'despesas', 'por-credor'],
  query: ['rg', 'carteira', '2025'],
  catalog: ['carteira-de-identidade-primeira-via', 'nao-existe'],
  orgao: ['sefaz', 'detran', 'seduc'],
  endpoint: ['despesas-por-periodo', 'remuneracoes', 'log'],
  uid: ['abc', 'x1y2z3'],
  '*': ['despesa', 'servidor/remuneracoes', 'usuarios/log', 'credores/empenhos/2025', 'a/b/c/d'],
  page: ['1', '2'],
  page_size: ['10', '500'],
  pageIndex: ['0', '1'],
  pageSize: ['10', '999'],
  returnTo: ['/app/catalog', '/app/catalog/saude'],
};

/** Path segments and query values a careless parser trips on. */
const BAD_VALUES = [
  '%00', 'a%00b', '\u0000', '%ff', '%fe%ff', '%', '%zz', '%c0%ae', '%e2%82', '..', '%2e%2e', '.', '...', '../../../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%2f',
  '99999999999999999999', '2147483648', '2147483647', '-2147483649', '9007199254740993', '-1', '-99999999999', '0', '00000000001', '1e3', '1e309', '1.5', '0x1f',
  'NaN', 'Infinity', '-0', '+1', ' 1', '%201', '1%20', 'ção', 'São Paulo', 'Ação%20Social', '😀', '%F0%9F%98%80', '\u202e', 'İ', 'ß', '\uFEFF',
  '<script>alert(1)</script>', '%3Cscript%3E', "' or '1'='1", '";--', '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'null', 'undefined', 'true', '[]', '{}',
  '%0d%0aSet-Cookie:x=1', '~', '*', ';', ',', '&', '=', '+', '%23', '%3F', '%20', '\t', '2025-13', '2025-00', '2025-02-30', '20251', '2025NE', 'A'.repeat(201),
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=banana', 'text/plain', 'text/html',
  'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=----fuzz', 'application/octet-stream', 'application/xml',
  'application/*', '*/*', ';;;', 'application/json;', 'application/vnd.api+json', '\u00e7\u00e3o/json',
];

function randomText(r: Random, length: number): string {
  const alphabets = ['abcxyz0123456789-_.', 'ãçéíóúÂÊÔàü', '😀🇧🇷𝕏', '\u0000\u0001\u001f\u007f', '<>"\'&;%/\\?#[]{}|^`', '\u202e\u200b\uFEFF\uD800'];
  let out = '';
  for (let i = 0; i < length; i++) {
    const alphabet = r.pick(alphabets);
    out += Array.from(alphabet)[r.int(Array.from(alphabet).length)];
  }
  return out;
}

function badValue(r: Random): string {
  const roll = r.int(10);
  if (roll < 6) return r.pick(BAD_VALUES);
  if (roll === 6) return (r.chance(0.5) ? '-' : '') + Array.from({ length: 1 + r.int(40) }, () => r.int(10)).join('');
  if (roll === 7) return randomText(r, 1 + r.int(30));
  if (roll === 8) return r.pick(['x', 'y', '9']).repeat(r.pick([199, 201, 1000, 5000]));
  return encode(randomText(r, 1 + r.int(10)));
}

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as a browser would send). */
const encode = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** The value as it goes in a URL: usually percent-encoded, sometimes raw (a NUL byte, a space, `..`). */
const inUrl = (r: Random, value: string) => (r.chance(0.7) ? value : encode(value));

function paramValue(r: Random, name: string, good: number): string {
  if (r.chance(good)) return r.pick(GOOD[name] ?? ['1', 'abc']);
  return inUrl(r, badValue(r));
}

function buildPath(r: Random, target: FuzzTarget): string {
  const good = target.params.length > 1 ? 0.65 : 0.45;
  let path = target.path.replace(/\{(\w+|\*)\}/g, (_, name: string) => {
    if (name !== '*') return paramValue(r, name, good);
    const count = 1 + r.int(4);
    return r.chance(0.5) ? r.pick(GOOD['*']!) : Array.from({ length: count }, () => paramValue(r, r.pick(['resources', 'category', 'query']), 0.5)).join('/');
  });
  const roll = r.int(20);
  if (roll === 0) path += '/..';
  else if (roll === 1) path += '/%2e%2e/%2e%2e/etc/passwd';
  else if (roll === 2) path = path.replace(/\//g, '//');
  else if (roll === 3) path += '/';
  else if (roll === 4) path += `/${badValue(r)}`;
  else if (roll === 5) path += '%';
  else if (roll === 6) path = `${path}/${'z'.repeat(r.pick([300, 5000, 20_000]))}`;
  else if (roll === 7) path = path.replace(/[a-z]/, (c) => c.toUpperCase());
  // an over-long id where an id goes (issue 23: the back office's service page answered 502 for one)
  else if (roll === 8 && target.params.length) path = target.path.replace(/\{(\w+|\*)\}/g, () => r.pick(['1', 'a']).repeat(r.pick([201, 256, 400, 1000])));
  return path;
}

function buildQuery(r: Random, target: FuzzTarget): string {
  if (r.chance(0.4)) return '';
  const roll = r.int(12);
  if (roll === 0) return `?${r.pick(['%', '&&&', '=', '==&=', '%zz=%zz', 'a[b][c]=1', 'a[]=1&a[]=2', '__proto__[x]=1', 'constructor[prototype][x]=1', '\u0000=\u0000', `q=${'w'.repeat(10_000)}`])}`;
  const keys = [...target.query, 'page', 'page_size', 'pageIndex', 'pageSize', 'orgao', 'nome', 'credor', 'vinculo', 'x'];
  const pairs: string[] = [];
  for (let i = 0, n = 1 + r.int(4); i < n; i++) {
    const key = r.pick(keys);
    const value = r.chance(0.35) ? r.pick(GOOD[key] ?? ['1']) : inUrl(r, badValue(r));
    pairs.push(`${key}=${value}`);
    if (r.chance(0.15)) pairs.push(`${key}=${r.pick(GOOD[key] ?? ['2'])}`); // the same key twice: an array
  }
  return `?${pairs.join('&')}`;
}

/** A value of the schema's shape (the first option of unions and enums), to mutate one field of. */
function example(schema: JsonSchema | undefined, r: Random, depth = 0): unknown {
  if (!schema || depth > 5) return null;
  if (schema.enum?.length) return r.pick(schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return example(r.pick(options), r, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, example(v, r, depth + 1)]));
    case 'array':
      return [example(schema.items, r, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return r.pick(['rg', 'carteira-de-identidade-primeira-via', 'Uma sugestão para simplificar o serviço de emissão da carteira.']);
    default:
      return null;
  }
}

const BAD_JSON = (r: Random): unknown =>
  r.pick<() => unknown>([
    () => null,
    () => -1,
    () => 0,
    () => 1.5,
    () => 2 ** 53 + 1,
    () => -2147483649,
    () => 1e308,
    () => '',
    () => 'x'.repeat(r.pick([1_000, 100_000])),
    () => randomText(r, 20),
    () => [],
    () => {},
    () => ({ a: { b: { c: [1, '2', null] } } }),
    () => true,
    () => '\u0000',
    () => 'texto com \u0000 no meio',
    () => ['1', -1, 99999999999],
    () => ['rg\u0000', 'saude'],
    () => Array.from({ length: 2_000 }, (_, i) => i),
  ])();

function mutate(value: unknown, r: Random): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (!keys.length || r.chance(0.2)) copy[r.pick(['__proto__', 'constructor', 'extra', ''])] = BAD_JSON(r);
    else {
      const key = r.pick(keys);
      copy[key] = r.chance(0.3) ? mutate(copy[key], r) : BAD_JSON(r);
      if (r.chance(0.2)) delete copy[r.pick(keys)];
    }
    return copy;
  }
  if (Array.isArray(value)) return r.chance(0.5) ? [...value, BAD_JSON(r)] : BAD_JSON(r);
  return BAD_JSON(r);
}

const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);

function rawBody(r: Random): string | Buffer {
  return r.pick<() => string | Buffer>([
    () => '{',
    () => '{"a":',
    () => '[1,2',
    () => 'null',
    () => '"texto"',
    () => '1',
    () => 'true',
    () => '\uFEFF{}',
    () => '{"__proto__":{"admin":true}}',
    () => '{"constructor":{"prototype":{"admin":true}}}',
    () => '{"value": 99999999999999999999999999999}',
    () => '{"value": 1e999}',
    () => nested('[', ']', r.pick([100, 10_000, 100_000])),
    () => `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    () => `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    () => Buffer.from(Array.from({ length: 64 + r.int(512) }, () => r.int(256))),
    () => Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x00, 0x7d]),
    () => 'slug=carteira-de-identidade-primeira-via&value=5&js=1&intent=read&id=1',
    () => 'slug=%zz&value=%&returnTo=%00&js=1',
    () => `username=maria.silva&password=${'x'.repeat(r.pick([8, 20_000]))}`,
    () => 'username=%E0%A4%A&password=%',
    () => '------fuzz\r\nContent-Disposition: form-data; name="slug"\r\n\r\n',
    () => '------fuzz\r\nContent-Disposition: form-data; name="value"\r\n\r\n5\r\n------fuzz--\r\n',
    () => '--x\r\n\r\n--x--',
    () => '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b SYSTEM "file:///etc/passwd">]><a>&b;</a>',
    () => randomText(r, 100),
  ])();
}

const BAD_AUTHORIZATION = ['Bearer', 'Bearer ', 'Bearer x', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Basic bWFyaWE6c2VuaGE=', 'bearer ', 'Bearer ' + 'A'.repeat(10_000), 'Bearer %00', 'Token abc', 'Bearer eyJ.eyJ.sig', '\u00e7'];
const BAD_COOKIES = ['session=garbage', '__Host-portal_session=%00', '__Host-portal_session=' + 'x'.repeat(5_000), 'a', '=;=;', '%zz=%zz', 'portal_session=eyJ.eyJ.x', 'a=b; a=c; ' + 'k=v; '.repeat(200)];

export interface FuzzContext {
  /** valid bearer tokens of seeded citizens, so that personal endpoints are reached past the auth check */
  tokens: string[];
  /** Cookie headers of valid web sessions (a citizen, the back office's staff), so that their pages are reached too */
  sessions: string[];
}

/** One random request for one of the targets. */
export function fuzzRequest(r: Random, targets: FuzzTarget[], context: FuzzContext): InjectOptions & { target: FuzzTarget } {
  const target = r.pick(targets);
  const method = r.chance(0.85) ? target.method : r.pick(METHODS);
  const url = buildPath(r, target) + buildQuery(r, target);
  const headers: Record<string, string> = {};
  if (r.chance(0.35)) headers.authorization = r.chance(0.6) && context.tokens.length ? `Bearer ${r.pick(context.tokens)}` : r.pick(BAD_AUTHORIZATION);
  if (r.chance(0.25)) headers.cookie = r.chance(0.6) && context.sessions.length ? r.pick(context.sessions) : r.pick(BAD_COOKIES);
  if (r.chance(0.1)) headers.accept = r.pick(['text/html', 'application/json', '*/*', 'image/png', ';;', 'text/html;q=abc']);
  if (r.chance(0.08)) headers['accept-encoding'] = r.pick(['gzip', 'br', 'identity;q=0', '*;q=0', 'x'.repeat(500)]);
  if (r.chance(0.05)) headers['if-none-match'] = r.pick(['*', '"x"', 'W/"', '\u00e7']);
  if (r.chance(0.05)) headers['x-forwarded-for'] = r.pick(['1.1.1.1', 'not-an-ip', '::ffff:999.1.1.1', '1.1.1.1, 2.2.2.2, '.repeat(50)]);
  if (r.chance(0.05)) headers.range = r.pick(['bytes=0-10', 'bytes=-1', 'bytes=abc']);
  if (r.chance(0.05)) headers.origin = r.pick(['https://evil.example', 'null', '\u00e7']);

  let payload: string | Buffer | undefined;
  const sendsBody = method !== 'GET' && method !== 'HEAD' && (target.body || target.kind !== 'api' || r.chance(0.3));
  if (sendsBody) {
    const roll = r.int(10);
    if (target.body && roll < 4) payload = JSON.stringify(mutate(example(target.body, r), r));
    else if (roll < 5) payload = JSON.stringify(BAD_JSON(r));
    else if (roll < 9) payload = rawBody(r);
    headers['content-type'] = r.chance(0.6) ? 'application/json' : r.pick(CONTENT_TYPES);
    if (target.kind !== 'api' && r.chance(0.4)) headers['content-type'] = r.pick(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=----fuzz', 'multipart/form-data']);
  } else if (r.chance(0.05)) headers['content-type'] = r.pick(CONTENT_TYPES);
  if (payload !== undefined && r.chance(0.08)) headers['content-length'] = r.pick(['0', '1', '-1', 'abc', '99999999999', String(Buffer.byteLength(payload) + 10)]);
  // the same header twice (issue 23: two Host headers were accepted)
  const twice: Record<string, string[]> = {};
  if (r.chance(0.05)) {
    const name = r.pick(['host', 'authorization', 'cookie', 'content-type', 'accept', 'x-forwarded-for']);
    twice[name] = [headers[name] ?? (name === 'host' ? 'localhost' : 'x'), r.pick(['evil.example', 'localhost:3000', 'Bearer a.b.c', 'a=b', 'text/html'])];
  }
  return { target, method: method as InjectOptions['method'], url, headers: { ...headers, ...twice }, ...(payload === undefined ? {} : { payload }) };
}

// ----- the checks ------------------------------------------------------------------------------------

/** Signs that internals leaked: a V8 stack frame, a source file path, a dependency's folder. */
const TRACE_PATTERNS = [/\n\s*at\s+\S.*?(?:\(|\s)(?:file:|node:|\/|[A-Za-z]:\\|<anonymous>)/, /^\s{2,}at /m, /\/src\/[\w/-]+\.[cm]?[jt]sx?/, /node_modules/, /file:\/\/\//];
/** Fastify's and Node's own English texts, which never reach a citizen. */
const ENGLISH = /\bFST_[A-Z_]+|\b(?:must (?:be|have|NOT)|is required|cannot be empty|not found|Unsupported Media Type|Bad Request|Internal Server Error|Invalid|Unexpected token|Unexpected end|body is too large|Route [A-Z]+:|querystring\/|params\/|body\/)\b/;

export interface FuzzFailure {
  /** the target's method and path template */
  target: string;
  request: { method: string; url: string; headers: Record<string, string>; payload?: string };
  status: number;
  problem: string;
  body: string;
}

export interface FuzzReport {
  requests: number;
  status2xx: number;
  status3xx: number;
  status4xx: number;
  status5xx: number;
  traces: number;
  /** 4xx answers whose message is not the citizen's Portuguese (Fastify's English, a missing message) */
  english: number;
  /** requests `inject` itself refused to build (not sent, so not counted above) */
  unsendable: number;
  failures: FuzzFailure[];
  ms: number;
}

/** React Router's and Fastify's own English sentences, which must never reach a body, not even a page's data. */
const ROUTER_ENGLISH = /\bFST_[A-Z_]+|You made an? [A-Z]+ request|No route matches URL|did not provide an? `(action|loader)`|Unexpected Server Error|Internal Server Error/;

function inspect(status: number, type: string, body: string, kind: FuzzTarget['kind']): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status >= 400 && kind === 'page' && !/pdf|octet-stream|image\/|font\//.test(type) && ROUTER_ENGLISH.test(body)) return 'an English message in a 4xx page or its data';
  if (!/pdf|octet-stream|image\/|font\//.test(type) && TRACE_PATTERNS.some((pattern) => pattern.test(body))) return 'stack trace or source path in the body';
  // A page's JSON is React Router's data for the page's own script (the favourite star's outcome, say),
  // not an error body; it must still never carry an internal or English error.
  if (status >= 400 && type.includes('json') && kind === 'page') {
    if (/\bFST_[A-Z_]+|Unexpected Server Error|Internal Server Error/.test(body)) return 'an English message in a 4xx page';
  } else if (status >= 400 && type.includes('json')) {
    let parsed: { statusCode?: unknown; error?: unknown; message?: unknown; code?: unknown } | null = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'a 4xx JSON body that does not parse';
    }
    if (typeof parsed?.message !== 'string' || parsed.statusCode !== status || typeof parsed.error !== 'string') return 'a 4xx body without {statusCode, error, message}';
    if (parsed.code !== undefined) return 'an internal error code in a 4xx body';
    // Field names in quotes ("Campo \"body.value\"") are the contract's, not English prose.
    if (ENGLISH.test(parsed.message.replace(/"[^"]*"/g, ''))) return 'an English message in a 4xx body';
  } else if (status >= 400 && /text\/(plain|html)/.test(type)) {
    // What the citizen reads: the page without its scripts (React Router's hydration data carries the
    // response's English status text, which is never shown).
    const visible = body.replace(/<script\b[\s\S]*?<\/script>/gi, '');
    if (/\bFST_[A-Z_]+|Unsupported Media Type|Internal Server Error|Unexpected Server Error|Not Found|Method Not Allowed/.test(visible)) return 'an English message in a 4xx page';
  }
  return null;
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

export interface FuzzOptions {
  count: number;
  seed: number;
  targets: FuzzTarget[];
  context: FuzzContext;
  /** called every 1,000 requests with the count so far */
  progress?: (done: number) => void;
}

type Injector = { inject: (options: InjectOptions) => Promise<{ statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }> };

export async function runFuzz(app: Injector, options: FuzzOptions): Promise<FuzzReport> {
  const r = prng(options.seed);
  const report: FuzzReport = { requests: 0, status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 0, traces: 0, english: 0, unsendable: 0, failures: [], ms: 0 };
  const started = Date.now();
  for (let i = 0; i < options.count; i++) {
    const { target, ...request } = fuzzRequest(r, options.targets, options.context);
    let response: Awaited<ReturnType<Injector['inject']>>;
    try {
      response = await app.inject(request);
    } catch (err) {
      // light-my-request validates some inputs (a header with a newline, say) before anything is sent.
      if (err instanceof TypeError || (err as { code?: string }).code?.startsWith('ERR_')) {
        report.unsendable++;
        continue;
      }
      throw err;
    }
    report.requests++;
    const status = response.statusCode;
    if (status < 300) report.status2xx++;
    else if (status < 400) report.status3xx++;
    else if (status < 500) report.status4xx++;
    else report.status5xx++;
    const type = String(response.headers['content-type'] ?? '');
    const body = response.rawPayload.toString('utf8');
    const problem = request.method === 'HEAD' && !body ? (status >= 500 ? `answered ${status}` : null) : inspect(status, type, body, target.kind);
    if (problem) {
      if (problem.startsWith('stack')) report.traces++;
      if (problem.includes('English') || problem.includes('4xx')) report.english++;
      const payload = request.payload === undefined ? undefined : clip(Buffer.isBuffer(request.payload) ? `<${request.payload.length} bytes>` : String(request.payload), 200);
      report.failures.push({
        target: `${target.method} ${target.path}`,
        request: { method: String(request.method), url: clip(String(request.url), 200), headers: Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k, clip(String(v), 80)])), ...(payload === undefined ? {} : { payload }) },
        status,
        problem,
        body: clip(body),
      });
    }
    if (options.progress && (i + 1) % 1000 === 0) options.progress(i + 1);
  }
  report.ms = Date.now() - started;
  return report;
}

/** All the targets of a built app: its OpenAPI operations, the identity forms and, when given, the pages. */
export async function collectTargets(app: Injector, webRoutes: RouteEntry[] | null): Promise<FuzzTarget[]> {
  const answer = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (answer.statusCode !== 200) throw new Error(`/openapi.json answered ${answer.statusCode}`);
  const api = targetsFromOpenApi(JSON.parse(answer.rawPayload.toString('utf8')) as OpenApiDocument);
  return [...api, ...IDENTITY_TARGETS, ...(webRoutes ? targetsFromRoutes(webRoutes) : [])];
}

/** The failures grouped by what went wrong where, most frequent first, with one example request each. */
export function groupFailures(failures: FuzzFailure[]): { key: string; count: number; example: FuzzFailure }[] {
  const groups = new Map<string, { key: string; count: number; example: FuzzFailure }>();
  for (const failure of failures) {
    const key = `${failure.status} ${failure.problem} — ${failure.request.method} on ${failure.target}`;
    const group = groups.get(key) ?? { key, count: 0, example: failure };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

export function summary(report: FuzzReport): string {
  return `${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s: ${report.status2xx} × 2xx, ${report.status3xx} × 3xx, ${report.status4xx} × 4xx, ${report.status5xx} × 5xx, ${report.traces} stack traces, ${report.english} non-Portuguese 4xx bodies${report.unsendable ? ` (${report.unsendable} not sendable)` : ''}`;
}

// ----- npm run fuzz ----------------------------------------------------------------------------------

async function main() {
  const count = Number(process.env.FUZZ_COUNT ?? 10_000);
  const seed = Number(process.env.FUZZ_SEED ?? 1);
  const { existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { sql } = await import('drizzle-orm');
  const { insertWebSession } = await import('../apps/server/src/modules/identity/identity.repository.ts');
  const { hashSessionId, newSessionId, SESSION_COOKIE } = await import('../apps/server/src/modules/identity/session.ts');
  const { createDatabase, seedTestDemo } = await import('@portal/db');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/plugins/config.ts');
  const { WEB_BUILD_DIR } = await import('../apps/server/src/plugins/web.ts');

  // The pages are fuzzed from the production build: made (or remade when stale) first, as `npm start` does.
  try {
    // @ts-expect-error: a plain ES module without type declarations
    const { ensureBuild } = await import('../apps/web/scripts/ensure-build.mjs');
    (ensureBuild as () => boolean)();
  } catch (err) {
    console.warn(`could not build the web app: ${(err as Error).message}`);
  }
  const built = existsSync(join(WEB_BUILD_DIR, 'server', 'index.js'));
  // The pages are half of what is fuzzed: without them the run proves too little to pass.
  if (!built) throw new Error('apps/web/build is missing and could not be built: the pages cannot be fuzzed.');
  console.log('preparing a demo database (PGlite)…');
  const database = await createDatabase();
  await database.migrate();
  await seedTestDemo(database.db);

  const issuer = 'https://login.fuzz.pi.gov.br/auth';
  const audience = 'urn:portal-piaui:api';
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fuzz', alg: 'RS256', use: 'sig' };
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    authKeys: createLocalJWKSet({ keys: [jwk] }),
    authIssuer: issuer,
    authAudience: audience,
    logger: false,
  });
  await app.ready();
  const users = (await database.db.execute(sql`select sub, username, name, roles from users where username in ('maria.silva', 'joao.souza')`)) as unknown as {
    rows: { sub: string; username: string; name: string; roles: string[] }[];
  };
  const tokens = await Promise.all(
    users.rows.map((u) =>
      new SignJWT({ preferred_username: u.username, name: u.name, roles: u.roles, aud: audience })
        .setProtectedHeader({ alg: 'RS256', kid: 'fuzz' })
        .setIssuer(issuer)
        .setSubject(u.sub)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey),
    ),
  );
  const routes = built ? ((await import('../apps/web/app/routes.ts')).default as RouteEntry[]) : null;
  const targets = await collectTargets(app, routes);
  console.log(`fuzzing ${targets.length} targets with ${count} requests (seed ${seed})…`);
  // React Router logs every error it renders; the report below says what matters.
  const logged = { count: 0 };
  const consoleError = console.error;
  console.error = () => void logged.count++;
  const sessions = await Promise.all(
    ['maria.silva', 'davi.central', 'ana.detran'].map(async (username) => {
      const user = (await database.db.execute(sql`select sub, name, roles from users where username = ${username}`)) as unknown as { rows: { sub: string; name: string; roles: string[] }[] };
      const { sub, name, roles } = user.rows[0]!;
      const accessToken = await new SignJWT({ preferred_username: username, name, roles, aud: audience })
        .setProtectedHeader({ alg: 'RS256', kid: 'fuzz' })
        .setIssuer(issuer)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(privateKey);
      const id = newSessionId();
      const expires = new Date(Date.now() + 2 * 3_600_000);
      await insertWebSession(database.db, { idHash: hashSessionId(id), userSub: sub, claims: { sub, preferred_username: username, name, roles }, accessToken, refreshToken: null, accessExpiresAt: expires, expiresAt: expires });
      return `${SESSION_COOKIE}=${id}`;
    }),
  );
  const report = await runFuzz(app, { count, seed, targets, context: { tokens, sessions }, progress: (n) => process.stdout.write(`  ${n}\n`) }).finally(() => {
    console.error = consoleError;
  });
  await app.close();
  await database.close();

  for (const group of groupFailures(report.failures)) console.log(`\n${group.count} × ${group.key}\n  e.g. ${JSON.stringify(group.example.request)}\n  → ${group.example.body}`);
  console.log(`\nrequests: ${report.requests}\n4xx: ${report.status4xx}\n5xx: ${report.status5xx}\nstack traces: ${report.traces}\nnon-Portuguese 4xx bodies: ${report.english}`);
  console.log(summary(report) + (built ? '' : ' — PAGES SKIPPED (no web build)'));

  const { machine, writeSection } = await import('./lib.ts');
  const n = (value: number) => value.toLocaleString('en');
  // CI checks the figures; only a developer's run records them in bench/README.md.
  if (!process.env.CI) await writeSection(
    'fuzz',
    `## Fuzzing (\`npm run fuzz\`, bench/fuzz.ts)

${n(report.requests)} seeded requests (seed ${seed}; \`FUZZ_COUNT\`, \`FUZZ_SEED\`) through \`app.inject\`, spread over ${targets.length} targets: every
operation of /openapi.json, ${built ? 'every page of apps/web/app/routes.ts (production build)' : '**no pages (apps/web/build missing)**'} and the login form. Malformed methods, paths
(NUL, \`%00\`, \`%ff\`, \`..\`, long segments, huge and negative integers, unicode), query strings, headers (content type and length,
cookies, bearer tokens) and bodies (wrong JSON types, deep nesting, huge strings, binary, broken multipart). Any 5xx, stack trace or source
path in a body, or a 4xx JSON without a Portuguese \`{statusCode, error, message}\`, fails the run (exit code 1).
\`apps/server/src/fuzz.test.ts\` sends 600 of them in \`npm test\`. Machine: ${await machine()}. Measured ${new Date().toISOString().slice(0, 10)}.

| requests | 2xx | 3xx | 4xx | 5xx | stack traces | non-Portuguese 4xx | seconds |
|---|---|---|---|---|---|---|---|
| ${n(report.requests)} | ${n(report.status2xx)} | ${n(report.status3xx)} | ${n(report.status4xx)} | **${report.status5xx}** | **${report.traces}** | ${report.english} | ${(report.ms / 1000).toFixed(1)} |`,
  );
  process.exit(report.status5xx || report.traces || report.english ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(2);
  });
}
