import { useRef } from "react";
import { Form, useSubmit } from "react-router";
import { FieldError } from "~/components/forms/FieldError";

export interface ShippingChoice {
  shippingLevel: number;
  label: string;
  priceLabel: string;
  estimatedDelivery: string;
  selected: boolean;
}

/**
 * The shipping method: radio choices and an Update button (a plain form, intent=set-shipping). With JavaScript a
 * change submits at once; the button stays for keyboard users and browsers without it.
 */
export function ShippingMethods({ methods, error }: { methods: ShippingChoice[]; error?: string | null }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form method="post" ref={formRef} className="shipping-methods" aria-labelledby="shipping-heading">
      <input type="hidden" name="intent" value="set-shipping" />
      <fieldset>
        <legend id="shipping-heading">Shipping method</legend>
        {/* A block per choice, so that without CSS one choice's estimate and the next choice are lines apart. */}
        {methods.map((method) => (
          <div key={method.shippingLevel}>
            <label className="shipping-choice">
              <input
                type="radio"
                name="shippingLevel"
                value={method.shippingLevel}
                defaultChecked={method.selected}
                onChange={() => formRef.current && submit(formRef.current, { preventScrollReset: true })}
              />
              {/* A label holds no blocks: the space and the <br> separate its parts for reading without CSS (with
                  CSS the grid places them and hides the <br>). */}
              <span className="shipping-choice-label">{method.label}</span>{" "}
              <span className="shipping-choice-price">{method.priceLabel}</span>
              <br />
              <span className="shipping-choice-estimate">Estimated delivery {method.estimatedDelivery}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError as="p" errors={error} />
      <button type="submit" className="button">
        Update shipping
      </button>
    </Form>
  );
}
