import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Where the browser reports its web vitals (POST /v1/vitals, stored by the server's vitals module). */
const ENDPOINT = '/v1/vitals';

/** The metrics of a page's arrival: sent together as soon as both are measured, while the page is still open. */
const ARRIVAL = ['TTFB', 'FCP'];

/**
 * Batches the metrics: those of the page's arrival as soon as they are measured, the rest (LCP, CLS, INP, final only
 * once the citizen has acted or left) when the page is hidden, the moment browsers still deliver a beacon. A beacon sent
 * as a page goes is best effort: under load, or when a phone kills the tab, it is lost, and with it every metric that
 * waited for it (a lost batch turned the browser test red on a busy CI run, 2026-11-29).
 */
export function reportWebVitals() {
  const queue = new Map<string, Metric>();
  const page = () => window.location.pathname;
  const flush = () => {
    if (!queue.size) return;
    const body = JSON.stringify(
      [...queue.values()].map((m) => ({
        name: m.name,
        value: m.value,
        rating: m.rating,
        page: page(),
        navigationType: m.navigationType ?? '',
      })),
    );
    queue.clear();
    const blob = new Blob([body], { type: 'application/json' });
    if (!navigator.sendBeacon?.(ENDPOINT, blob)) {
      void fetch(ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
    }
  };
  let arrived = false;
  const add = (metric: Metric) => {
    queue.set(metric.name, metric);
    if (!arrived && ARRIVAL.every((name) => queue.has(name))) {
      arrived = true;
      flush();
    }
  };
  onCLS(add);
  onFCP(add);
  onINP(add);
  onLCP(add);
  onTTFB(add);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
