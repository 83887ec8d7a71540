/**
 * The header search: a GET form to /search, so it works with or without JavaScript. It sits in a <details>
 * element, which expands and collapses natively.
 */
export function SearchBox({ id }: { id: string }) {
  return (
    <details className="header-search">
      <summary className="icon-button" aria-label="Search">
        <SearchIcon />
      </summary>
      <form method="get" action="/search" role="search" className="header-search-form">
        <label htmlFor={id} className="visually-hidden">
          Search for lenses
        </label>
        <input id={id} type="search" name="q" placeholder="Search lenses, brands, solution" maxLength={100} />
        <button type="submit">Search</button>
      </form>
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
