import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A form of one button that posts one `intent` to the page's action ("Remove coupon", "Place due orders"): a
 * mutation is a POST, never a link, and works the same without JavaScript.
 */
export function IntentForm({
  intent,
  className = "button",
  children,
}: {
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
