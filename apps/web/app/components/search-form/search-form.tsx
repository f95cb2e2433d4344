import type { SearchSuggestions } from '@portal/contracts';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { catalogPath, servicePath } from '../../lib/paths.ts';
import { useFieldValue } from '../../lib/use-field-value.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import styles from './search-form.module.css';

export interface SearchFormProps {
  /** the visible label ('Serviços') or a hidden one */
  label: string;
  hideLabel?: boolean;
  defaultValue?: string;
  /** with a category the keyword searches inside it (spec §4) */
  category?: string;
  size?: 'large' | 'compact';
}

type Suggestion = SearchSuggestions['services'][number];

/** Suggestions begin at this many characters, a moment after the last key (GET /v1/search/suggestions). */
const MIN_CHARS = 2;
const DELAY_MS = 150;

/** The services that begin with what is typed, asked a moment after typing stops; the latest text wins. */
function useSuggestions(text: string, enabled: boolean): Suggestion[] {
  const [found, setFound] = useState<{ text: string; services: Suggestion[] }>({ text: '', services: [] });
  const query = text.trim();
  const wanted = enabled && query.length >= MIN_CHARS;
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/v1/search/suggestions?${new URLSearchParams({ q: query })}`, { signal: controller.signal });
        if (!response.ok) return;
        const body = (await response.json()) as SearchSuggestions;
        setFound({ text: query, services: body.services });
      } catch {
        // offline or aborted: the form still searches on submit
      }
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, wanted]);
  return wanted && found.text === query ? found.services : [];
}

/**
 * The keyword search of the header, the home and the list sidebar. Without JavaScript it is a GET form to
 * /buscar, which redirects to /search/{text} or /list/{category}/{text}; with JavaScript an empty text does
 * nothing and a non-empty one navigates there directly. Once the page is interactive the text box is a
 * combobox (WAI-ARIA 1.2, list autocomplete): services beginning with the text are offered below it,
 * ↓/↑ move through them, Enter opens the one chosen (or searches the text), Escape closes the list.
 */
/** What the search box asks (spec §2), as its placeholder. */
const QUESTION = 'Qual serviço você procura?';

export function SearchForm({ label, hideLabel, defaultValue = '', category, size = 'compact' }: SearchFormProps) {
  const id = useId();
  const listId = `${id}-sugestoes`;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // What was typed before the page hydrated stays, and opens the suggestions as typing would have.
  const [text, setText, field] = useFieldValue(defaultValue, (_value, focused) => setOpen(focused));
  const [active, setActive] = useState(-1);
  // A page with other words (the header's box on a results page) puts them in the box, adjusted while rendering:
  // the box stays the same element, so a citizen who searched with Enter keeps the focus in it.
  const [words, setWords] = useState(defaultValue);
  if (words !== defaultValue) {
    setWords(defaultValue);
    setText(defaultValue);
    setOpen(false);
    setActive(-1);
  }
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Inside a category the box searches that category: no service suggestions there.
  const services = useSuggestions(text, hydrated && !category);
  const expanded = open && services.length > 0;
  const activeIndex = expanded && active < services.length ? active : -1;

  const go = (service: Suggestion) => {
    setOpen(false);
    setText(service.title);
    navigate(servicePath(service));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (activeIndex >= 0) return go(services[activeIndex]!);
    const query = text.trim();
    if (!query) return;
    setOpen(false);
    navigate(catalogPath(category ? `/list/${category}/${encodeURIComponent(query)}` : `/search/${encodeURIComponent(query)}`));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!services.length) return;
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : services.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + services.length) % services.length);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Form method="get" action={catalogPath('/buscar')} role="search" aria-label={label} className={`${styles.form} ${styles[size]}`} onSubmit={onSubmit}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.group}>
        <div className={styles.field}>
          <input
            ref={field}
            id={id}
            name="q"
            type="search"
            className={styles.input}
            placeholder={QUESTION}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => clearTimeout(blurTimer.current)}
            onBlur={() => {
              blurTimer.current = setTimeout(() => setOpen(false), 150);
            }}
            autoComplete="off"
            maxLength={200}
            // An empty search does nothing (spec §4): the browser refuses it before any script, and says why.
            required
            pattern=".*\S.*"
            title="Digite o nome do serviço que você procura."
            {...(hydrated && !category
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': expanded,
                  'aria-controls': listId,
                  'aria-activedescendant': activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined,
                }
              : {})}
          />
          {/* The question again, drawn in the box's place where the accessibility bar made the text larger: a
              placeholder never wraps, and at those sizes it was cut (issue 24). The placeholder still names it. */}
          <span className={styles.question} aria-hidden="true">
            {QUESTION}
          </span>
          {hydrated && !category ? (
            <ul id={listId} role="listbox" aria-label="Serviços sugeridos" className={styles.listbox} hidden={!expanded}>
              {services.map((service, i) => (
                // Keys reach the options through the text box (aria-activedescendant), as the combobox pattern asks.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={service.slug}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === activeIndex}
                  className={styles.option}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(service)}
                >
                  <span>{service.title}</span>
                  <span className={styles.optionDepartment}>{service.departmentShortName}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {hydrated && !category ? (
            <span className="visually-hidden" aria-live="polite">
              {expanded ? `${services.length} ${services.length === 1 ? 'serviço sugerido' : 'serviços sugeridos'}: use as setas para escolher.` : ''}
            </span>
          ) : null}
        </div>
        {category ? <input type="hidden" name="categoria" value={category} /> : null}
        <button type="submit" className={styles.button}>
          <Search size={18} aria-hidden="true" />
          <span>Buscar</span>
        </button>
      </div>
    </Form>
  );
}
