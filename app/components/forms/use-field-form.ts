import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A form checked field by field with the one zod schema its action parses (DESIGN §4): the schema's native
 * constraints, so the browser checks without JavaScript (Conform would turn that off); once hydrated, a field is
 * checked when the shopper leaves it and again on every input after that. The action's refusal (`lastResult`)
 * shows the same messages.
 */
export function useFieldForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
  }: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
