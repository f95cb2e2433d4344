import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/** Where the browser reports its web vitals (POST /v1/vitals, stored by the server's vitals module). */
const ENDPOINT = '/v1/vitals';

/** Batches the metrics and sends them when the page is hidden, the moment browsers reliably deliver a beacon. */
export function reportWebVitals() {
  const queue = new Map<string, Metric>();
  const page = () => window.location.pathname;
  const add = (metric: Metric) => queue.set(metric.name, metric);
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
