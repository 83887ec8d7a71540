import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/** Spec: the coupon notification auto-dismisses after 7 s. */
export const TOAST_AUTO_DISMISS_MS = 7000;

export interface ToastData {
  id: string;
  kind: "success" | "info" | "error";
  message: string;
}

/**
 * A one-time notice after a form post (read from the session flash, so it shows once, with or without
 * JavaScript). With JavaScript it closes itself after 7 s and has a close button; without, it simply stays on
 * this one page.
 */
export function Toast({ toast }: { toast: ToastData }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), TOAST_AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"} data-testid="toast">
      <p>{toast.message}</p>
      {hydrated ? (
        <button type="button" className="toast-close" aria-label="Close notification" onClick={() => setOpen(false)}>
          ×
        </button>
      ) : null}
    </div>
  );
}
