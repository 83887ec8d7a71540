/**
 * A drawn ×. A text browser prints nothing for it, so the control's words (visually hidden text beside it) are
 * all it reads, where a '×' character would print as a bare symbol.
 */
export function CloseIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
