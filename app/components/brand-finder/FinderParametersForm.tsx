import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import type { EyeParameters } from "~/models/brand-finder-match";
import { BRAND_FINDER_PATHS, brandFinderParametersSchema } from "~/models/brand-finder-query";
import { EyeChoiceFieldset, EyeFieldset, EyeParameterSelects } from "~/components/product/EyeParameterFields";
import type { LensParameter } from "~/models/lens-parameters";
import type { Eye } from "~/models/line-item-group";
import { EYE_CHOICES, eyesFor, singleOptionDefaults, type EyeChoice } from "~/models/product-order";
import { FieldError } from "~/components/forms/FieldError";

/**
 * The finder's parameters step: the current lens's parameters per eye, as on its product page (same field names,
 * `right-power`, `left-baseCurve`, ...). A GET form to its own page, so the URL carries the parameters; the page
 * moves on to calculating when they are complete, or shows the errors with the values kept. With JavaScript,
 * Conform checks the same schema before the request and shows only the chosen eyes.
 */
export function FinderParametersForm({
  productId,
  parameters,
  lastResult,
}: {
  productId: number;
  parameters: readonly LensParameter[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const schema = useMemo(() => brandFinderParametersSchema(parameters), [parameters]);
  const [form, fields] = useForm<Record<string, string>, EyeParameters[]>({
    id: `brand-finder-${productId}`,
    lastResult,
    defaultValue: {
      eyes: "both",
      ...singleOptionDefaults(parameters),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const all = fields as unknown as Record<string, FieldMetadata<string>>;
  const eyeChoice = all.eyes?.value as EyeChoice | undefined;
  const shownEyes: Eye[] = eyeChoice && EYE_CHOICES.includes(eyeChoice) ? eyesFor(eyeChoice) : ["right", "left"];

  return (
    <Form method="get" action={BRAND_FINDER_PATHS.parameters} {...getFormProps(form)} className="order-form">
      <input type="hidden" name="productId" value={productId} />
      <FieldError as="p" field={form} />
      <EyeChoiceFieldset field={all.eyes!} legend="I wear this lens in" />

      <div className="eye-columns">
        {(["right", "left"] as const).map((eye) => (
          <EyeFieldset key={eye} eye={eye} shown={shownEyes.includes(eye)}>
            <EyeParameterSelects eye={eye} parameters={parameters} fields={all} />
          </EyeFieldset>
        ))}
      </div>

      <div className="order-form-actions">
        <button type="submit" className="button button-primary">
          Find my matches
        </button>
      </div>
    </Form>
  );
}
