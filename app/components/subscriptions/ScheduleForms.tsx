import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form } from "react-router";
import { z } from "zod";
import {
  addDays,
  EMAIL_SNOOZE_DAYS,
  formatShortDate,
  frequencyLabel,
  FREQUENCY_CHOICES,
  frequencySchema,
  isIsoDate,
  MAX_DAYS_AHEAD,
  nextDateSchema,
  reorderDateParts,
  snoozeSchema,
} from "~/models/subscription";
import { AUTO_REORDER_FREQUENCIES } from "~/models/supply";
import { FieldError } from "~/components/forms/FieldError";

type Result = SubmissionResult<string[]> | undefined;

/** What the three schedule forms start with, for a subscription's frequency and next reorder date. */
export function scheduleDefaults(frequencyDays: number, nextReorderDate: string, today: string) {
  const custom = !(FREQUENCY_CHOICES as readonly number[]).includes(frequencyDays);
  const current = reorderDateParts(nextReorderDate);
  // From the current date's year (it may be overdue) to the last year a date may be chosen in.
  const firstYear = Math.min(current.year, reorderDateParts(today).year);
  const lastYear = reorderDateParts(addDays(today, MAX_DAYS_AHEAD)).year;
  return {
    frequency: {
      currentDays: custom ? null : frequencyDays,
      customLabel: custom ? `${frequencyLabel(frequencyDays)} (every ${frequencyDays} days)` : null,
    },
    nextDate: {
      today,
      current,
      yearOptions: Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index),
    },
    snooze: {
      reorderDate: nextReorderDate,
      choices: EMAIL_SNOOZE_DAYS.map((days) => ({
        days,
        label: `${SNOOZE_WORDS[days]} (to ${formatShortDate(addDays(nextReorderDate, days))})`,
      })),
    },
  };
}

const SNOOZE_WORDS: Record<number, string> = { 14: "2 weeks", 30: "1 month", 60: "2 months" };

/** Change frequency (intent=set-frequency). A custom frequency shows as the current choice until another is made. */
export function FrequencyForm({
  currentDays,
  customLabel,
  lastResult,
}: {
  /** Null when the frequency is custom (not one of the choices). */
  currentDays: number | null;
  customLabel: string | null;
  lastResult: Result;
}) {
  const [form, fields] = useForm<z.input<typeof frequencySchema>, z.output<typeof frequencySchema>>({
    id: "subscription-frequency",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(frequencySchema),
    defaultValue: { frequencyDays: currentDays === null ? "" : String(currentDays) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: frequencySchema }),
    shouldValidate: "onSubmit",
  });
  const field = fields.frequencyDays;
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="set-frequency" />
      <p className="form-field">
        <label htmlFor={field.id}>How often</label>
        <select
          {...getSelectProps(field)}
          // Conform reads "" as no value; a custom frequency shows itself (a placeholder: a choice is required).
          {...(customLabel && !field.initialValue ? { defaultValue: "" } : {})}
          key={field.key}
        >
          {customLabel ? (
            <option value="" disabled>
              {customLabel}
            </option>
          ) : null}
          {AUTO_REORDER_FREQUENCIES.map((frequency) => (
            <option key={frequency.days} value={frequency.days}>
              {frequency.label}
            </option>
          ))}
        </select>
        <FieldError field={field} />
      </p>
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Change frequency
      </button>
    </Form>
  );
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** Set the next reorder date (intent=set-next-date): month, day and year, not in the past. */
export function NextDateForm({
  today,
  current,
  yearOptions,
  lastResult,
}: {
  /** The business day the schema counts from (the server checks again). */
  today: string;
  current: { month: number; day: number; year: number };
  yearOptions: number[];
  lastResult: Result;
}) {
  const schema = useMemo(() => nextDateSchema(today), [today]);
  const [form, fields] = useForm<z.input<typeof schema>, z.output<typeof schema>>({
    id: "subscription-next-date",
    defaultNoValidate: false,
    lastResult,
    // Written out: getZodConstraint cannot read a schema whose root is a transform (the three parts → one date).
    constraint: { month: { required: true }, day: { required: true }, year: { required: true } },
    defaultValue: { month: String(current.month), day: String(current.day), year: String(current.year) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  const parts = [
    { field: fields.month, label: "Month", options: MONTH_NAMES.map((name, index) => ({ value: index + 1, name })) },
    { field: fields.day, label: "Day", options: DAYS.map((day) => ({ value: day, name: String(day) })) },
    { field: fields.year, label: "Year", options: yearOptions.map((year) => ({ value: year, name: String(year) })) },
  ];
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="set-next-date" />
      <fieldset className="subscription-date">
        <legend>Next order date</legend>
        {parts.map(({ field, label, options }) => (
          <p key={label} className="form-field">
            <label htmlFor={field.id}>{label}</label>
            <select {...getSelectProps(field)} key={field.key}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </select>
            <FieldError field={field} />
          </p>
        ))}
      </fieldset>
      <FieldError as="p" field={form} />
      <button type="submit" className="button">
        Change date
      </button>
    </Form>
  );
}

export const STALE_SNOOZE_MESSAGE =
  "Your next order date changed since this page was shown. Check the new date and snooze again if you still want to.";

/**
 * The page's snooze: the model's days, plus the reorder date the page showed. The service snoozes from that date,
 * so a second press of the same form is 'already snoozed' rather than a second snooze.
 */
export const webSnoozeSchema = snoozeSchema.extend({
  reorderDate: z.string({ error: STALE_SNOOZE_MESSAGE }).refine(isIsoDate, { error: STALE_SNOOZE_MESSAGE }),
});

/** Snooze (intent=snooze) by 2 weeks, 1 month or 2 months; each choice says the date it moves the order to. */
export function SnoozeForm({
  reorderDate,
  choices,
  lastResult,
}: {
  reorderDate: string;
  choices: Array<{ days: number; label: string }>;
  lastResult: Result;
}) {
  const [form, fields] = useForm<z.input<typeof webSnoozeSchema>, z.output<typeof webSnoozeSchema>>({
    id: "subscription-snooze",
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(webSnoozeSchema),
    defaultValue: { days: String(choices[0]?.days ?? ""), reorderDate },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: webSnoozeSchema }),
    shouldValidate: "onSubmit",
  });
  const field = fields.days;
  return (
    <Form method="post" {...getFormProps(form)} className="subscription-form">
      <input type="hidden" name="intent" value="snooze" />
      <input {...getInputProps(fields.reorderDate, { type: "hidden" })} key={fields.reorderDate.key} />
      <p className="form-field">
        <label htmlFor={field.id}>Snooze my next order by</label>
        <select {...getSelectProps(field)} key={field.key}>
          {choices.map((choice) => (
            <option key={choice.days} value={choice.days}>
              {choice.label}
            </option>
          ))}
        </select>
        <FieldError field={field} />
      </p>
      <FieldError as="p" errors={[...(form.errors ?? []), ...(fields.reorderDate.errors ?? [])]} id={form.errorId} />
      <button type="submit" className="button">
        Snooze
      </button>
    </Form>
  );
}
