import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { Form, Link, useFetcher, useNavigate } from "react-router";
import {
  normalizeSearchQuery,
  SEARCH_MIN_MATCH_CHAR_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchSuggestionsResponse,
} from "~/models/search";
import { useHydrated } from "~/components/ui/use-hydrated";

/** How long typing must pause before suggestions are loaded. */
const SUGGESTION_DEBOUNCE_MS = 200;

/**
 * The header search: a GET form to /search, so it works with or without JavaScript. It sits in a <details>
 * element, which expands and collapses natively. With JavaScript the input becomes a combobox (ARIA 1.2 pattern):
 * typing loads suggestions from /resources/search-suggestions into a listbox; arrow keys move through them, Enter
 * opens the highlighted product (or, with none highlighted, submits the search), Escape closes the list.
 */
export function SearchBox({ id }: { id: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SearchSuggestionsResponse>();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const listboxId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const suggestions = typed.length >= SEARCH_MIN_MATCH_CHAR_LENGTH.restrictive ? (fetcher.data?.suggestions ?? []) : [];
  const expanded = hydrated && open && suggestions.length > 0;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function openProduct(href: string) {
    close();
    void navigate(href);
  }

  function onChange(value: string) {
    const query = normalizeSearchQuery(value) ?? "";
    setTyped(query);
    setOpen(true);
    setActive(-1);
    clearTimeout(timer.current);
    if (query.length < SEARCH_MIN_MATCH_CHAR_LENGTH.restrictive) return;
    timer.current = setTimeout(() => {
      void fetcher.load(`/resources/search-suggestions?q=${encodeURIComponent(query)}`);
    }, SUGGESTION_DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      // -1 is the input itself: moving past either end returns there, as in the ARIA combobox examples.
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => {
        const next = (expanded ? index : -1) + step;
        return next >= count ? -1 : next < -1 ? count - 1 : next;
      });
    } else if (event.key === "Enter") {
      const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        openProduct(chosen.href);
      }
      // Otherwise the form submits its GET to /search.
    } else if (event.key === "Escape" && expanded) {
      // Only closes the list; a second Escape clears the input as usual.
      event.preventDefault();
      close();
    }
  }

  const comboboxProps = hydrated
    ? {
        role: "combobox",
        "aria-expanded": expanded,
        "aria-controls": listboxId,
        "aria-autocomplete": "list" as const,
        "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
        autoComplete: "off",
        onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value),
        onKeyDown,
        onBlur: close,
        onFocus: () => setOpen(true),
      }
    : {};

  return (
    <details className="header-search">
      <summary className="icon-button">
        <span className="visually-hidden">Search</span>
        <SearchIcon />
      </summary>
      <Form method="get" action="/search" role="search" className="header-search-form">
        <label htmlFor={id} className="visually-hidden">
          Search for lenses
        </label>
        <div className="search-combobox">
          <input
            id={id}
            type="search"
            name="q"
            placeholder="Search lenses, brands, solution"
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            {...comboboxProps}
          />
          {hydrated ? (
            <ul
              id={listboxId}
              role="listbox"
              aria-label="Suggestions"
              className="search-suggestion-list"
              hidden={!expanded}
              // Keeps focus in the input while an option is clicked, so the list stays until the link runs.
              onMouseDown={(event) => event.preventDefault()}
            >
              {expanded
                ? suggestions.map((suggestion, index) => (
                    <li
                      key={suggestion.href}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className="search-suggestion"
                    >
                      <Link to={suggestion.href} tabIndex={-1} onClick={close}>
                        <img src={suggestion.imageUrl} alt="" width="48" height="36" />
                        <span className="search-suggestion-text">
                          <span className="search-suggestion-name">{suggestion.name}</span>
                          <span className="search-suggestion-brand">{suggestion.brand}</span>
                        </span>
                      </Link>
                    </li>
                  ))
                : null}
            </ul>
          ) : null}
        </div>
        <button type="submit">Search</button>
        {hydrated ? (
          <p className="visually-hidden" role="status">
            {expanded ? `${suggestions.length} suggestions. Use the up and down arrows to choose one.` : ""}
          </p>
        ) : null}
      </Form>
    </details>
  );
}

export function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M15 15l6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
