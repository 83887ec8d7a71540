import { getCollectionProps, getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { TextField } from "~/components/account/FormFields";
import { BODY_MAX, BODY_MIN, DISPLAY_NAME_MAX, RATING_WORDS, RATINGS, reviewSchema, TITLE_MAX } from "~/models/reviews";
import { FieldError } from "~/components/forms/FieldError";

const RATING_OPTIONS = RATINGS.map(String);

/** What the form posts (the schema's input, as the browser sends it). */
interface ReviewFormFields {
  productId: string;
  rating: string;
  displayName: string;
  title: string;
  body: string;
}

export interface ReviewFormDefaults {
  rating: number | null;
  displayName: string;
  title: string;
  body: string;
}

/**
 * One product's review form on /rate-and-review: the rating as radio buttons (a line each, "5 stars: Excellent"),
 * the name to show, a title and the text. The browser checks the native limits without JavaScript; Conform checks the
 * same zod schema as the action once hydrated.
 */
export function ReviewForm({
  productId,
  productName,
  defaults,
  lastResult,
  isEdit,
}: {
  productId: number;
  productName: string;
  defaults: ReviewFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  isEdit: boolean;
}) {
  const [form, fields] = useForm<ReviewFormFields, z.output<typeof reviewSchema>>({
    id: `review-form-${productId}`,
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(reviewSchema),
    defaultValue: {
      productId: String(productId),
      rating: defaults.rating === null ? "" : String(defaults.rating),
      displayName: defaults.displayName,
      title: defaults.title,
      body: defaults.body,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const bodyHintId = `${fields.body.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} className="review-form">
      <input type="hidden" name="productId" value={productId} />
      <FieldError as="p" field={form} />
      <fieldset
        className="choice-list rating-choices"
        aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}
      >
        <legend>Your rating of {productName}</legend>
        {getCollectionProps(fields.rating, { type: "radio", options: RATING_OPTIONS }).map((props) => (
          // A block per choice: without CSS each reads on a line of its own.
          <div key={props.key}>
            <label htmlFor={props.id}>
              <input {...props} key={props.key} />{" "}
              <span>
                {props.value} {props.value === "1" ? "star" : "stars"}: {RATING_WORDS[Number(props.value)]}
              </span>
            </label>
          </div>
        ))}
      </fieldset>
      <FieldError as="p" field={fields.rating} />
      <TextField
        label="Your name as shown with the review"
        field={fields.displayName}
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX}
      />
      <TextField label="Title" field={fields.title} autoComplete="off" maxLength={TITLE_MAX} />
      <p className="form-field">
        <label htmlFor={fields.body.id}>Your review</label>
        <textarea
          {...getTextareaProps(fields.body, { ariaDescribedBy: bodyHintId })}
          key={fields.body.key}
          rows={6}
          minLength={BODY_MIN}
          maxLength={BODY_MAX}
        />
        <span className="form-hint" id={bodyHintId}>
          {BODY_MIN} to {BODY_MAX} characters, plain text.
        </span>
        <FieldError field={fields.body} />
      </p>
      <button type="submit" className="button button-primary">
        {isEdit ? "Update review" : "Submit review"}
      </button>
    </Form>
  );
}
