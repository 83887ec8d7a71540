import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

/**
 * A dialog whose open state lives in the URL: the server renders it open, the close control is a link back to
 * the page without the parameter, so it works without JavaScript. With JavaScript it takes focus, closes on
 * Escape, and gives focus back when it closes.
 */
export function UrlDialog({
  titleId,
  title,
  closeHref,
  children,
}: {
  titleId: string;
  title: string;
  closeHref: string;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") void navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      previous?.focus();
    };
  }, [closeHref, navigate]);

  return (
    <div className="dialog-backdrop">
      <dialog open ref={dialogRef} className="url-dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="url-dialog-header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeHref} className="url-dialog-close" aria-label="Close" replace preventScrollReset>
            ×
          </Link>
        </div>
        {children}
      </dialog>
    </div>
  );
}
