import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useIsPending } from "./use-is-pending";

type StatusButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  /**
   * The submission this button waits for: the form's `intent` (by default the button's own value when it is the
   * pressed `name="intent"` button; with neither, any post of this route's action).
   */
  intent?: string;
  /** What the button says while its submission is on its way ("Placing your order…"); by default its label. */
  pendingText?: ReactNode;
  children: ReactNode;
};

/**
 * A form's submit button that says so and cannot be pressed twice while its submission is on its way (with
 * JavaScript). Without JavaScript, and in the server's HTML, it is a plain submit button.
 */
export function StatusButton({ intent, pendingText, disabled, children, ...button }: StatusButtonProps) {
  const ownIntent = button.name === "intent" && typeof button.value === "string" ? button.value : undefined;
  const pending = useIsPending({ intent: intent ?? ownIntent });
  return (
    <button type="submit" {...button} disabled={disabled || pending}>
      {pending && pendingText !== undefined ? pendingText : children}
    </button>
  );
}
