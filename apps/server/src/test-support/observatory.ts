/**
 * Mozilla's HTTP Observatory scoring (the rules of mdn/mdn-http-observatory, as its scoring document states
 * them), applied to responses we get in-process. A start of 100, a modifier per test, bonuses only for a
 * score of at least 90 before them; A+ is 100 or more. Only header rules are here: the one rule that
 * needs the network (HTTP → HTTPS on port 80) is checked separately by the caller.
 */

export interface ObservedResponse {
  headers: Record<string, string | string[] | number | undefined>;
  /** every Set-Cookie seen on the way to this response (redirects included) */
  cookies: string[];
  /** the HTML body, when the response is a page */
  html?: string;
  /** the page's own origin, to tell first-party scripts from third-party ones */
  origin: string;
}

export interface Score {
  score: number;
  grade: string;
  results: { test: string; result: string; modifier: number }[];
}

const header = (r: ObservedResponse, name: string) => {
  const value = r.headers[name.toLowerCase()];
  return value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value);
};

function parseCsp(value: string): Map<string, string[]> | null {
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (!/^[a-z-]+$/i.test(name)) return null;
    const key = name.toLowerCase();
    if (directives.has(key)) return null;
    directives.set(key, sources);
  }
  return directives.size ? directives : null;
}

function contentSecurityPolicy(r: ObservedResponse): [string, number] {
  const value = header(r, 'content-security-policy');
  if (!value) return ['csp-not-implemented', -25];
  const csp = parseCsp(value);
  if (!csp) return ['csp-header-invalid', -25];
  const sources = (directive: string) => csp.get(directive) ?? csp.get('default-src') ?? ['*'];
  const script = sources('script-src').map((s) => s.toLowerCase());
  const style = sources('style-src').map((s) => s.toLowerCase());
  const object = sources('object-src').map((s) => s.toLowerCase());
  const hasNonceOrHash = script.some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  const broad = (list: string[]) => list.some((s) => s === '*' || s === 'http:' || s === 'https:' || s === 'data:' || /^http:\/\//.test(s));
  const unsafeInlineScript = script.includes("'unsafe-inline'") && !hasNonceOrHash && !script.includes("'strict-dynamic'");
  if (unsafeInlineScript || broad(script) || broad(object)) return ['csp-implemented-with-unsafe-inline', -20];
  if (script.includes("'unsafe-eval'")) return ['csp-implemented-with-unsafe-eval', -10];
  const passive = [...(csp.get('img-src') ?? []), ...(csp.get('media-src') ?? [])];
  if (passive.some((s) => s === 'http:' || /^http:\/\//.test(s))) return ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10];
  if (style.includes("'unsafe-inline'") || broad(style)) return ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  if (csp.get('default-src')?.join(' ') === "'none'") return ['csp-implemented-with-no-unsafe-default-src-none', 10];
  return ['csp-implemented-with-no-unsafe', 5];
}

const SESSION_NAME = /sess|login|auth|token|sid|_interaction/i;

function cookies(r: ObservedResponse): [string, number] {
  if (!r.cookies.length) return ['cookies-not-found', 0];
  const parsed = r.cookies.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const name = pair.slice(0, pair.indexOf('='));
    const has = (a: string) => attributes.some((x) => x.toLowerCase() === a || x.toLowerCase().startsWith(`${a}=`));
    const sameSite = attributes.find((x) => x.toLowerCase().startsWith('samesite='))?.split('=')[1]?.toLowerCase();
    return { name, secure: has('secure'), httpOnly: has('httponly'), sameSite, session: SESSION_NAME.test(name) };
  });
  if (parsed.some((c) => c.sameSite !== undefined && !['strict', 'lax', 'none'].includes(c.sameSite))) return ['cookies-samesite-flag-invalid', -20];
  if (parsed.some((c) => c.session && !c.secure)) return ['cookies-session-without-secure-flag', -40];
  if (parsed.some((c) => c.session && !c.httpOnly)) return ['cookies-session-without-httponly-flag', -30];
  if (parsed.some((c) => !c.secure)) return ['cookies-without-secure-flag', -20];
  if (parsed.every((c) => c.sameSite !== undefined)) return ['cookies-secure-with-httponly-sessions-and-samesite', 5];
  return ['cookies-secure-with-httponly-sessions', 0];
}

function crossOriginResourceSharing(r: ObservedResponse): [string, number] {
  const allow = header(r, 'access-control-allow-origin');
  if (!allow) return ['cross-origin-resource-sharing-not-implemented', 0];
  // Sent to a request from another origin (the caller asks with Origin: https://observatory.invalid).
  if (allow === 'https://observatory.invalid' && header(r, 'access-control-allow-credentials') === 'true') return ['cross-origin-resource-sharing-implemented-with-universal-access', -50];
  return allow === '*' ? ['cross-origin-resource-sharing-implemented-with-public-access', 0] : ['cross-origin-resource-sharing-implemented-with-restricted-access', 0];
}

function referrerPolicy(r: ObservedResponse): [string, number] {
  const value = header(r, 'referrer-policy');
  if (!value) return ['referrer-policy-not-implemented', 0];
  const policy = value.split(',').map((s) => s.trim().toLowerCase()).at(-1)!;
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(policy)) return ['referrer-policy-private', 5];
  if (policy === 'no-referrer-when-downgrade') return ['referrer-policy-no-referrer-when-downgrade', 0];
  if (['origin', 'origin-when-cross-origin', 'unsafe-url'].includes(policy)) return ['referrer-policy-unsafe', -5];
  return ['referrer-policy-header-invalid', -5];
}

function strictTransportSecurity(r: ObservedResponse): [string, number] {
  const value = header(r, 'strict-transport-security');
  if (!value) return ['hsts-not-implemented', -20];
  const maxAge = /max-age=(\d+)/i.exec(value)?.[1];
  if (!maxAge) return ['hsts-header-invalid', -20];
  // The preload bonus needs the browsers' preload list, which the portal's host joins outside this code.
  return Number(maxAge) >= 15_768_000 ? ['hsts-implemented-max-age-at-least-six-months', 0] : ['hsts-implemented-max-age-less-than-six-months', -10];
}

function subresourceIntegrity(r: ObservedResponse): [string, number] {
  if (r.html === undefined) return ['sri-not-implemented-response-not-html', 0];
  const scripts = [...r.html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attrs) => /\bsrc=/i.test(attrs));
  if (!scripts.length) return ['sri-not-implemented-but-no-scripts-loaded', 0];
  const external = scripts.filter((attrs) => {
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1] ?? '';
    return /^(https?:)?\/\//i.test(src) && new URL(src, r.origin).origin !== r.origin;
  });
  if (!external.length) return ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0];
  const insecure = external.some((attrs) => /\bsrc="http:/i.test(attrs));
  const withIntegrity = external.every((attrs) => /\bintegrity=/i.test(attrs));
  if (withIntegrity) return insecure ? ['sri-implemented-but-external-scripts-not-loaded-securely', -20] : ['sri-implemented-and-external-scripts-loaded-securely', 5];
  return insecure ? ['sri-not-implemented-and-external-scripts-not-loaded-securely', -50] : ['sri-not-implemented-but-external-scripts-loaded-securely', -5];
}

function contentTypeOptions(r: ObservedResponse): [string, number] {
  const value = header(r, 'x-content-type-options');
  if (!value) return ['x-content-type-options-not-implemented', -5];
  return value.trim().toLowerCase() === 'nosniff' ? ['x-content-type-options-nosniff', 0] : ['x-content-type-options-header-invalid', -5];
}

function frameOptions(r: ObservedResponse): [string, number] {
  const csp = parseCsp(header(r, 'content-security-policy') ?? '');
  if (csp?.has('frame-ancestors')) return ['x-frame-options-implemented-via-csp', 5];
  const value = header(r, 'x-frame-options')?.trim().toUpperCase();
  if (!value) return ['x-frame-options-not-implemented', -20];
  return ['DENY', 'SAMEORIGIN'].includes(value) ? ['x-frame-options-sameorigin-or-deny', 0] : ['x-frame-options-header-invalid', -20];
}

function crossOriginResourcePolicy(r: ObservedResponse): [string, number] {
  const value = header(r, 'cross-origin-resource-policy');
  if (!value) return ['cross-origin-resource-policy-not-implemented', 0];
  return ['same-origin', 'same-site', 'cross-origin'].includes(value.trim()) ? [`cross-origin-resource-policy-implemented-with-${value.trim()}`, 0] : ['cross-origin-resource-policy-header-invalid', -5];
}

const TESTS = {
  'content-security-policy': contentSecurityPolicy,
  cookies,
  'cross-origin-resource-sharing': crossOriginResourceSharing,
  'referrer-policy': referrerPolicy,
  'strict-transport-security': strictTransportSecurity,
  'subresource-integrity': subresourceIntegrity,
  'x-content-type-options': contentTypeOptions,
  'x-frame-options': frameOptions,
  'cross-origin-resource-policy': crossOriginResourcePolicy,
};

const GRADES: [number, string][] = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];

export function observatoryScore(response: ObservedResponse): Score {
  const results = Object.entries(TESTS).map(([test, rule]) => {
    const [result, modifier] = rule(response);
    return { test, result, modifier };
  });
  const penalties = 100 + results.filter((r) => r.modifier < 0).reduce((sum, r) => sum + r.modifier, 0);
  const bonuses = results.filter((r) => r.modifier > 0).reduce((sum, r) => sum + r.modifier, 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return { score, grade: GRADES.find(([min]) => score >= min)![1], results };
}
