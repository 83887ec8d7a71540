import { useEffect, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { CloseIcon } from "./CloseIcon";
import { keepTabInside } from "./focus-trap";

/**
 * A dialog whose open state lives in the URL. The server renders it open, right after the header (DialogSlot.tsx),
 * and its close control is a link back to the page without the dialog's parameters, so without JavaScript it is a
 * plain section at the top of the page: no modal claim, since nothing keeps focus in it.
 *
 * With JavaScript it becomes modal (showModal): the page behind turns inert, Tab stays inside, the dialog takes
 * focus, Escape closes it back to the page, and focus returns where it was.
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
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.matches(":modal")) {
      // showModal() refuses a dialog that is already open; dropping the attribute fires no close event.
      dialog.removeAttribute("open");
      dialog.showModal();
    }
    dialog.focus();
    const releaseTab = keepTabInside(dialog);
    // Escape closes a modal dialog natively; whatever closed it, go back to the page without its parameters.
    // (Leaving by a link or a form unmounts the dialog first, and then this listener is gone.)
    let mounted = true;
    const onClose = () => {
      if (mounted) void navigate(closeHref, { replace: true, preventScrollReset: true });
    };
    dialog.addEventListener("close", onClose);
    return () => {
      mounted = false;
      releaseTab();
      dialog.removeEventListener("close", onClose);
      previous?.focus();
    };
  }, [closeHref, navigate]);

  return (
    <div className="dialog-backdrop">
      <dialog open ref={dialogRef} className="url-dialog" aria-labelledby={titleId} tabIndex={-1}>
        <div className="url-dialog-header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeHref} className="url-dialog-close" replace preventScrollReset>
            <CloseIcon size={20} />
            <span className="visually-hidden">Close</span>
          </Link>
        </div>
        {children}
      </dialog>
    </div>
  );
}
