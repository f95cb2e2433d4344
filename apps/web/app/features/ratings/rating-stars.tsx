import { Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { showSnackbar } from '../../components/snackbar/snackbar.tsx';
import { formatNumber } from '../../lib/format.ts';
import { ratingAfter, type RatingResult } from './rating.ts';
import styles from './ratings.module.css';

const format = (n: number) => formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const STARS = [1, 2, 3, 4, 5];
const starsText = (value: number) => `${value} ${value === 1 ? 'estrela' : 'estrelas'}`;

/**
 * Rating (spec §6: anyone may rate, 5 stars): one radio group and one 'Avaliar' button (issue 24: five buttons
 * sent a vote each on Space then Enter, and arrow keys did not move between them). The new average shows at
 * once (optimistic), the server's answer confirms it, and a snackbar says how it went; this browser's ballot
 * makes a second vote change the first, and the page says so. Without JavaScript it is a plain form and the
 * answer is shown in the page. The choice is the browser's own radio state, so one made before the page
 * hydrated stays, and so does the ballot (BALLOT_SCRIPT).
 */
export function RatingStars({ average, count, noScriptResult }: { average: number; count: number; noScriptResult?: RatingResult }) {
  const fetcher = useFetcher<RatingResult>({ key: 'rating' });
  // What the summary shows: the page's figures, replaced by each accepted vote's answer (adjusted while
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
  const noScriptVote = noScriptResult?.ok ? noScriptResult.value : null;
  const voted = (result?.ok ? result.value : null) ?? noScriptVote;

  return (
    <div className={styles.rating}>
      <fetcher.Form
        method="post"
        className={styles.form}
        onSubmit={(event) => {
          // One vote at a time: a second press while the first is on its way is the same vote.
          if (busy) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="rate" />
        {/* Filled as the form is sent by the page's BALLOT_SCRIPT (rating.ts), with or without the app's scripts. */}
        <input type="hidden" name="ballot" defaultValue="" />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Avalie este serviço</legend>
          <div className={styles.stars}>
            {STARS.map((value) => (
              <label key={value} className={styles.star}>
                {/* After a vote answered in the page (without scripts), the star chosen stays chosen. */}
                <input type="radio" name="value" value={value} required className={styles.radio} defaultChecked={noScriptVote === value} />
                <Star size={24} aria-hidden="true" />
                <span className="visually-hidden">{starsText(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {/* aria-disabled while a vote is sent, not disabled: a disabled button drops the keyboard's focus. */}
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined}>
          Avaliar
        </button>
      </fetcher.Form>
      <p className={styles.ratingText} data-testid="rating-summary">
        {shown.count ? (
          <>
            Nota <strong>{format(shown.average)}</strong> de 5 ({shown.count} {shown.count === 1 ? 'avaliação' : 'avaliações'})
          </>
        ) : (
          'Ainda sem avaliações. Seja o primeiro a avaliar.'
        )}
        {voted ? <span className={styles.yours}> Sua avaliação: {starsText(voted)}.</span> : null}
      </p>
      {noScriptResult ? (
        <p role="status" className={styles.inlineMessage} data-ok={noScriptResult.ok || undefined}>
          {noScriptResult.message}
        </p>
      ) : null}
    </div>
  );
}
