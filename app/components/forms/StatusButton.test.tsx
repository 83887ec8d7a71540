import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { StatusButton } from "./StatusButton";

describe("StatusButton", () => {
  it("is a plain submit button in the server's HTML (and so without JavaScript)", () => {
    const Stub = createRoutesStub([
      {
        path: "/checkout",
        Component: () => (
          <StatusButton intent="place-order" pendingText="Placing your order…" className="button">
            Place order
          </StatusButton>
        ),
      },
    ]);
    expect(renderToStaticMarkup(<Stub initialEntries={["/checkout"]} />)).toBe(
      '<button type="submit" class="button">Place order</button>',
    );
  });

  it("keeps its own name and value (a form's intent button)", () => {
    const Stub = createRoutesStub([
      {
        path: "/rapid-reorder",
        Component: () => (
          <StatusButton name="intent" value="update-totals" disabled={false}>
            Update totals
          </StatusButton>
        ),
      },
    ]);
    expect(renderToStaticMarkup(<Stub initialEntries={["/rapid-reorder"]} />)).toBe(
      '<button type="submit" value="update-totals" name="intent">Update totals</button>',
    );
  });
});
