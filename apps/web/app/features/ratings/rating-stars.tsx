import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { showSnackbar } from '../../components/snackbar/snackbar.tsx';
import { formatNumber } from '../../lib/format.ts';
import { ratingAfter, type RatingResult } from './rating.ts';
import styles from './ratings.module.css';

const format = (n: number) => formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Five stars; anyone may vote (spec §6). The new average shows at once (optimistic), the server's answer
 * confirms it, and a snackbar says how it went. Without JavaScript the stars are submit buttons of a
 * plain form and the answer is shown in the page.
 */
export function RatingStars({ average, count, noScriptResult }: { average: number; count: number; noScriptResult?: RatingResult }) {
  const fetcher = useFetcher<RatingResult>({ key: 'rating' });
  // What the stars show: the page's figures, replaced by each accepted vote's answer (adjusted while
  // rendering, not in an effect); the snackbar, a side effect, says each answer once.
  const [current, setCurrent] = useState({ average, count });
  const [source, setSource] = useState<{ average: number; count: number; at: number | null }>({ average, count, at: null });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (source.average !== average || source.count !== count) {
    setSource({ average, count, at: source.at });
    setCurrent({ average, count });
  } else if (result && result.at !== source.at) {
    setSource({ average, count, at: result.at });
    if (result.ok) setCurrent({ average: result.average, count: result.count });
  }
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!result || announced.current === result.at) return;
    announced.current = result.at;
    showSnackbar(result.message, result.ok ? 'success' : 'error');
  }, [result]);

  const busy = fetcher.state !== 'idle';
  const pending = fetcher.formData ? Number(fetcher.formData.get('value')) : null;
  const shown = pending ? ratingAfter(current.average, current.count, pending) : current;
  const rounded = Math.round(shown.average);

  return (
    <div className={styles.rating}>
      {/* While a vote is sent the stars are aria-disabled, not disabled: a disabled button drops the keyboard's focus. */}
      <fetcher.Form
        method="post"
        className={styles.stars}
        aria-label="Avaliar este serviço"
        onSubmit={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="rate" />
        <span className="visually-hidden">Avalie este serviço de 1 a 5 estrelas:</span>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="submit"
            name="value"
            value={value}
            className={styles.star}
            data-filled={value <= rounded || undefined}
            aria-label={`Avaliar com ${value} ${value === 1 ? 'estrela' : 'estrelas'}`}
            aria-disabled={busy || undefined}
          >
            <Star size={24} aria-hidden="true" />
          </button>
        ))}
      </fetcher.Form>
      <p className={styles.ratingText} data-testid="rating-summary">
        {shown.count ? (
          <>
            Nota <strong>{format(shown.average)}</strong> de 5 ({shown.count} {shown.count === 1 ? 'avaliação' : 'avaliações'})
          </>
        ) : (
          'Ainda sem avaliações. Seja o primeiro a avaliar.'
        )}
      </p>
      {noScriptResult ? (
        <p role="status" className={styles.inlineMessage} data-ok={noScriptResult.ok || undefined}>
          {noScriptResult.message}
        </p>
      ) : null}
    </div>
  );
}
