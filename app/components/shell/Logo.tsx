import { Link } from "react-router";

export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Lenslane home">
      <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <circle cx="14" cy="14" r="12" fill="none" stroke="currentColor" strokeWidth="3" />
        <circle cx="14" cy="14" r="5" fill="currentColor" />
      </svg>
      <span className="logo-text">Lenslane</span>
    </Link>
  );
}
