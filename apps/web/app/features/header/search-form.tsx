import { useId } from 'react';
import { Form } from 'react-router';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { SearchIcon } from '~/components/ui/icons.tsx';

/**
 * The header search (spec §2: /sok with query parameter q). A plain GET form, so it works
 * before hydration. Focusing it opens the 'search' panel, which closes the main menu (§4).
 */
export function SearchForm({ placeholder, label }: { placeholder: string; label: string }) {
  const inputId = useId();
  const search = usePanel('search');
  return (
    <Form
      method="get"
      action="/sok"
      role="search"
      aria-label={label}
      className={search.isOpen ? 'search-form search-form--active' : 'search-form'}
      onFocus={() => search.setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) search.setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') search.setOpen(false);
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Sök
      </label>
      <input
        id={inputId}
        className="search-form__input"
        type="search"
        name="q"
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      <button type="submit" className="search-form__submit" aria-label="Sök">
        <SearchIcon />
      </button>
    </Form>
  );
}
