import { getFormProps, getInputProps } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FieldError } from "./FieldError";
import { useFieldForm } from "./use-field-form";

const schema = z.object({ city: z.string({ error: "Enter the city." }).max(40) });

function CityForm({ lastResult }: { lastResult?: Parameters<typeof useFieldForm>[1]["lastResult"] }) {
  const [form, fields] = useFieldForm(schema, { id: "city-form", lastResult, defaultValue: { city: "Boise" } });
  return (
    <form {...getFormProps(form)}>
      <input {...getInputProps(fields.city, { type: "text" })} />
      <FieldError field={fields.city} />
    </form>
  );
}

describe("useFieldForm", () => {
  it("leaves the browser's own checks on and gives the inputs the schema's constraints and defaults", () => {
    const html = renderToStaticMarkup(<CityForm />);
    expect(html).not.toContain("novalidate");
    expect(html).toMatch(/<input[^>]*required=""/);
    expect(html).toContain('value="Boise"');
  });

  it("shows the action's refusal next to its field", () => {
    const html = renderToStaticMarkup(
      <CityForm lastResult={{ status: "error", initialValue: { city: "" }, error: { city: ["Enter the city."] } }} />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('<span class="field-error" id="city-form-city-error" role="alert">Enter the city.</span>');
  });
});
