import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { z } from "zod";
import {
  ACUITY_LETTER_MM,
  ACUITY_LINE_LENGTH,
  ACUITY_LINE_NAME,
  ACUITY_PASS_CORRECT,
  acuitySchema,
  EXAM_QUESTIONS,
  examAnswersSchema,
  finishSchema,
  startSchema,
  type AcuityEye,
  type ExamAnswers,
} from "~/models/exam-simulator";
import { FieldError } from "~/components/forms/FieldError";

/**
 * The simulated exam provider's steps (routes/exam-provider.$token.tsx). Each is a plain form posting to the page
 * (`action`, which keeps the step and returnTo in the URL), checked by the same zod schema in the browser and the
 * action; without JavaScript the browser's own checks and the server's messages do the same job.
 */

type LastResult = SubmissionResult<string[]> | undefined;

function useStepForm<S extends z.ZodObject>(id: string, schema: S, lastResult: LastResult, defaultValue?: object) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
}

export function IntroStep(props: { action: string; firstName: string; restart: boolean; lastResult: LastResult }) {
  const [form] = useStepForm("exam-start", startSchema, props.lastResult);
  return (
    <>
      <p>
        Hi {props.firstName}. This exam renews the prescription for the contact lenses you wear now. It takes about 5
        minutes: a few questions about your eyes, then a short reading check for each eye. One of our doctors reviews
        it, usually within a day, and either writes your new prescription or tells you to see an eye doctor in person.
      </p>
      <p>You will need your contact lenses in, and a screen you can hold at arm&apos;s length.</p>
      <Form method="post" action={props.action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="start" />
        <FieldError as="p" field={form} />
        <button type="submit" className="button">
          {props.restart ? "Start the exam again" : "Start the exam"}
        </button>
      </Form>
    </>
  );
}

export function QuestionsStep(props: { action: string; answers: ExamAnswers | null; lastResult: LastResult }) {
  const [form, fields] = useStepForm("exam-questions", examAnswersSchema, props.lastResult, props.answers ?? undefined);
  return (
    <Form method="post" action={props.action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="answers" />
      <p>Please answer every question.</p>
      {EXAM_QUESTIONS.map((question) => {
        const field = fields[question.name];
        return (
          <fieldset key={question.name} aria-describedby={field.errors ? field.errorId : undefined}>
            <legend>{question.text}</legend>
            {getCollectionProps(field, { type: "radio", options: ["yes", "no"] }).map((radio) => (
              // A block per choice, so each reads on a line of its own without CSS.
              <div key={radio.key}>
                <label htmlFor={radio.id}>
                  <input {...radio} key={radio.key} /> {radio.value === "yes" ? "Yes" : "No"}
                </label>
              </div>
            ))}
            <FieldError as="p" field={field} />
          </fieldset>
        );
      })}
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Save answers and go on
      </button>
    </Form>
  );
}

const EYE_WORDS = { right: { eye: "right", other: "left" }, left: { eye: "left", other: "right" } } as const;

export function AcuityStep(props: {
  action: string;
  eye: AcuityEye;
  letters: string;
  lastCorrect: number | null;
  nextHref: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useStepForm(`exam-acuity-${props.eye}`, acuitySchema, props.lastResult);
  const words = EYE_WORDS[props.eye];
  return (
    <>
      <p>
        Hold your screen at arm&apos;s length (about 65 cm or 26 inches) and cover your <strong>{words.other}</strong>{" "}
        eye with your hand. With your <strong>{words.eye}</strong> eye, read the line of {ACUITY_LINE_LENGTH} letters
        below. The letters are {ACUITY_LETTER_MM} mm tall: at arm&apos;s length, that is the {ACUITY_LINE_NAME} line of
        an eye chart.
      </p>
      <p className="acuity-line" data-testid="acuity-line" style={{ fontSize: `${ACUITY_LETTER_MM / 0.7}mm` }}>
        {props.letters}
      </p>
      {props.lastCorrect !== null ? (
        <p role="status">
          Last time you read {props.lastCorrect} of {ACUITY_LINE_LENGTH} letters with this eye
          {props.lastCorrect >= ACUITY_PASS_CORRECT ? "." : ". You can try a new line, or go on."}{" "}
          <Link to={props.nextHref}>Go on without trying again</Link>
        </p>
      ) : null}
      <Form method="post" action={props.action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="acuity" />
        <input type="hidden" name="eye" value={props.eye} />
        <p className="form-field">
          <label htmlFor={fields.reading.id}>Letters you read with your {words.eye} eye</label>{" "}
          <input
            {...getInputProps(fields.reading, { type: "text" })}
            key={fields.reading.key}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <FieldError field={fields.reading} />
        </p>
        <FieldError as="p" field={form} />
        <button type="submit" className="button">
          Save what I read
        </button>
      </Form>
    </>
  );
}

export function FinishStep(props: {
  action: string;
  rightCorrect: number;
  leftCorrect: number;
  questionsHref: string;
  lastResult: LastResult;
}) {
  const [form] = useStepForm("exam-finish", finishSchema, props.lastResult);
  return (
    <>
      <p>You have answered the questions and checked both eyes:</p>
      <ul>
        <li>
          Right eye: {props.rightCorrect} of {ACUITY_LINE_LENGTH} letters read.
        </li>
        <li>
          Left eye: {props.leftCorrect} of {ACUITY_LINE_LENGTH} letters read.
        </li>
      </ul>
      <p>
        <Link to={props.questionsHref}>Change your answers</Link>
      </p>
      <p>When you send your exam, a doctor reviews it. We&apos;ll let you know the result.</p>
      <Form method="post" action={props.action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="finish" />
        <FieldError as="p" field={form} />
        <button type="submit" className="button">
          Send my exam to the doctor
        </button>
      </Form>
    </>
  );
}

/** 'Leave the exam': back to the store; the exam can be started again later. */
export function LeaveForm({ action }: { action: string }) {
  return (
    <Form method="post" action={action} className="exam-leave">
      <input type="hidden" name="intent" value="leave" />
      <button type="submit" className="link-button">
        Leave the exam
      </button>
    </Form>
  );
}

const CLOSED_WORDS: Record<string, string> = {
  Taken: "Your exam is with the doctor. We'll let you know when they have reviewed it.",
  Issued: "The doctor reviewed your exam and wrote your new prescription.",
  Declined:
    "The doctor reviewed your exam and could not renew your prescription online. Please see an eye doctor in person.",
  Expired: "This exam has expired. You can start a new one from Lenslane.",
  Canceled: "This exam was canceled. You can start a new one from Lenslane.",
};

export function ClosedExam({ status, returnTo }: { status: string; returnTo: string }) {
  return (
    <>
      <p role="status" data-testid="exam-state">
        {CLOSED_WORDS[status] ?? `This exam is ${status}.`}
      </p>
      <p>
        <Link to={returnTo}>Back to Lenslane</Link>
      </p>
    </>
  );
}
