import type { ReactNode } from "react";
import { describedByErrors, FieldError, type ErrorSource } from "~/components/forms/FieldError";
import type { CardChoice } from "~/models/card-choice";

/**
 * "Pay with": the saved cards as radios (checkout's place-order form, a subscription's card, the rapid reorder), the
 * chosen one checked, an expired one shown but not choosable, and the choice's errors. Checkout adds the saved
 * pay-in-4 methods, whose detail (their payments, or why not) stands where a card's expiry does. Each card is its own block
 * (a div), so the list reads one card a line in a text browser too.
 */
export function SavedCardChoices({
  field,
  cards,
  selectedId,
  className,
  children,
}: {
  field: ErrorSource & { name: string };
  cards: readonly CardChoice[];
  selectedId: number | null;
  /** The fieldset's classes besides `saved-cards`. */
  className?: string;
  /** After the cards, before the errors (a link to add a card). */
  children?: ReactNode;
}) {
  return (
    <fieldset
      className={className ? `${className} saved-cards` : "saved-cards"}
      aria-describedby={describedByErrors(field)}
    >
      <legend>Pay with</legend>
      {cards.map((card) => (
        <div key={card.id}>
          <label className="saved-card" data-testid="saved-card">
            <input
              type="radio"
              name={field.name}
              value={card.id}
              defaultChecked={card.id === selectedId && !card.expired}
              disabled={card.expired}
              required
            />{" "}
            <span className="saved-card-label">{card.label}</span>{" "}
            <span className="saved-card-expiry">
              {card.detail ?? `${card.expired ? "Expired" : "Expires"} ${card.expiry}`}
              {card.isPreferred ? " · Preferred" : ""}
            </span>
          </label>
        </div>
      ))}
      {children}
      <FieldError field={field} />
    </fieldset>
  );
}
