import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { describedByErrors, FieldError } from "./FieldError";

describe("FieldError", () => {
  it("renders a field's errors under its errorId, announced, so aria-describedby finds them", () => {
    const field = { errors: ["Enter the city.", "At most 40 characters."], errorId: "city-error" };
    expect(renderToStaticMarkup(<FieldError field={field} />)).toBe(
      '<span class="field-error" id="city-error" role="alert">Enter the city. At most 40 characters.</span>',
    );
    expect(describedByErrors(field)).toBe("city-error");
  });

  it("renders a form's errors as a paragraph", () => {
    expect(renderToStaticMarkup(<FieldError as="p" field={{ errors: ["Try again."], errorId: "f-error" }} />)).toBe(
      '<p class="field-error" id="f-error" role="alert">Try again.</p>',
    );
  });

  it("takes messages and an id (one message, or several), and a test id", () => {
    expect(renderToStaticMarkup(<FieldError errors="Enter a ZIP code." id="zip-error" />)).toBe(
      '<span class="field-error" id="zip-error" role="alert">Enter a ZIP code.</span>',
    );
    expect(renderToStaticMarkup(<FieldError as="p" errors={["A.", "B."]} data-testid="upload-error" />)).toBe(
      '<p class="field-error" role="alert" data-testid="upload-error">A. B.</p>',
    );
  });

  it("renders nothing without errors (and describes nothing)", () => {
    for (const element of [
      <FieldError key="1" field={{ errors: undefined, errorId: "x" }} />,
      <FieldError key="2" field={{ errors: [], errorId: "x" }} />,
      <FieldError key="3" field={undefined} />,
      <FieldError key="4" errors={null} id="x" />,
      <FieldError key="5" errors={[]} />,
      <FieldError key="6" errors="" />,
    ]) {
      expect(renderToStaticMarkup(element)).toBe("");
    }
    expect(describedByErrors({ errors: undefined, errorId: "x" })).toBeUndefined();
  });
});
