import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrackingFact } from "./TrackingNumber";

describe("TrackingFact", () => {
  it("is the Tracking row of an order's facts, linked to the carrier when there is a link", () => {
    expect(renderToStaticMarkup(<TrackingFact number="9400 1" url="https://carrier.example/t?n=9400" />)).toBe(
      '<div><dt>Tracking</dt><dd><a href="https://carrier.example/t?n=9400" rel="noreferrer" target="_blank">9400 1</a></dd></div>',
    );
    expect(renderToStaticMarkup(<TrackingFact number="9400 1" url={null} />)).toBe(
      "<div><dt>Tracking</dt><dd>9400 1</dd></div>",
    );
  });

  it("is nothing for an order without a tracking number", () => {
    expect(renderToStaticMarkup(<TrackingFact number={null} url={null} />)).toBe("");
    expect(renderToStaticMarkup(<TrackingFact number="" url="https://carrier.example" />)).toBe("");
  });
});
