import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { catalogPath } from '../../lib/paths.ts';
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

/**
 * The keyword search of the header, the home and the list sidebar. Without JavaScript it is a GET form to
 * /buscar, which redirects to /search/{text} or /list/{category}/{text}; with JavaScript an empty text does
 * nothing and a non-empty one navigates there directly.
 */
export function SearchForm({ label, hideLabel, defaultValue = '', category, size = 'compact' }: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(defaultValue);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(catalogPath(category ? `/list/${category}/${encodeURIComponent(query)}` : `/search/${encodeURIComponent(query)}`));
  };
  return (
    <Form method="get" action={catalogPath('/buscar')} role="search" aria-label={label} className={`${styles.form} ${styles[size]}`} onSubmit={onSubmit}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.group}>
        <input
          id={id}
          name="q"
          type="search"
          className={styles.input}
          placeholder="Qual serviço você procura?"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          maxLength={200}
        />
        {category ? <input type="hidden" name="categoria" value={category} /> : null}
        <button type="submit" className={styles.button}>
          <Search size={18} aria-hidden="true" />
          <span>Buscar</span>
        </button>
      </div>
    </Form>
  );
}
