import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { adChoicesFormSchema, type AdChoice } from "~/models/ad-choices";
import { UrlDialog } from "../ui/UrlDialog";
import { FieldError } from "~/components/forms/FieldError";

const LABELS: Record<AdChoice, string> = {
  "opt-in": "Allow advertising cookies",
  "opt-out": "Don't allow advertising cookies",
};

/** Spec 2.8: the consent dialog behind the footer's Ad choices link. */
export function AdChoicesDialog({ current, closeHref }: { current: AdChoice | null; closeHref: string }) {
  const [form, fields] = useForm({
    id: "ad-choices",
    defaultNoValidate: false,
    constraint: getZodConstraint(adChoicesFormSchema),
    defaultValue: { choice: current ?? "opt-in", redirectTo: closeHref },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adChoicesFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <UrlDialog titleId="ad-choices-title" title="Your ad choices" closeHref={closeHref}>
      <p>
        We and our advertising partners use cookies to show you Lenslane ads that are more likely to be useful, and to
        measure them. We never use your prescription or exam results for ads. Your choice applies to this browser.
      </p>
      <Form method="post" action="/resources/ad-choices" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={closeHref} />
        <fieldset className="choice-list">
          <legend>Advertising cookies</legend>
          {getCollectionProps(fields.choice, { type: "radio", options: ["opt-in", "opt-out"] }).map((props) => (
            <label key={props.key} htmlFor={props.id}>
              <input {...props} key={props.key} /> {LABELS[props.value as AdChoice]}
            </label>
          ))}
        </fieldset>
        <FieldError
          as="p"
          // One plain sentence whatever the schema said.
          errors={fields.choice.errors ? "Please choose whether to allow advertising cookies." : null}
          id={fields.choice.errorId}
        />
        <button type="submit" className="button button-primary">
          Save my choice
        </button>
      </Form>
      <p>
        <Link to="/ad-choices">Learn more about your ad choices</Link>
      </p>
    </UrlDialog>
  );
}
