import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { IntentForm } from "./IntentForm";

describe("IntentForm", () => {
  it("is a POST form of one submit button named intent (a plain form without JavaScript)", () => {
    const Stub = createRoutesStub([
      {
        path: "/dev/orders",
        Component: () => <IntentForm intent="place-due">Place due orders</IntentForm>,
        action: () => null,
      },
    ]);
    expect(renderToStaticMarkup(<Stub initialEntries={["/dev/orders"]} />)).toBe(
      '<form data-discover="true" action="/dev/orders" method="post">' +
        '<button type="submit" value="place-due" class="button" name="intent">Place due orders</button></form>',
    );
  });

  it("takes the button's class", () => {
    const Stub = createRoutesStub([
      {
        path: "/cart",
        Component: () => (
          <IntentForm intent="remove-coupon" className="link-button">
            Remove coupon
          </IntentForm>
        ),
      },
    ]);
    expect(renderToStaticMarkup(<Stub initialEntries={["/cart"]} />)).toContain(
      '<button type="submit" value="remove-coupon" class="link-button" name="intent">Remove coupon</button>',
    );
  });
});
