import { getCollectionProps, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { z } from "zod";
import { useHydrated } from "~/components/ui/use-hydrated";
import { STEP_MESSAGES } from "~/models/funnel-steps";
import type { PageHandle } from "~/models/page";
import {
  FIRST_NAME_MAX,
  fullName,
  LAST_NAME_MAX,
  matchPatient,
  NEW_PATIENT,
  patientFormSchema,
  type PatientForm as PatientFormValue,
} from "~/models/patient";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { redirectToNextStep } from "~/services/funnel/funnel.server";
import {
  customerPatients,
  pendingStepGroup,
  redirectAfterGroupStep,
  setGroupPatient,
} from "~/services/funnel/group-steps.server";
import styles from "~/styles/funnel-steps.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/patient";
import { FieldError } from "~/components/forms/FieldError";
import { TextField } from "~/components/account/FormFields";

export const handle: PageHandle = { pageName: "Patient", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Who are these lenses for? | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The current lens group's patient; signed in, the customer's patients to choose from (the matching one chosen). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const [group, patients] = await Promise.all([
    pendingStepGroup(db, visitor, "Patient"),
    visitor.customer ? customerPatients(db, visitor.customer.id) : [],
  ]);
  if (!group) throw await redirectToNextStep(db, visitor, "Patient");
  const matched = matchPatient(group.patient, patients);
  return {
    groupId: group.id,
    lenses: group.lines.map((line) => ({ id: line.id, eye: line.eyeTitle, productName: line.productName })),
    patients: patients.map((patient) => ({ value: String(patient.patientId), name: fullName(patient) })),
    defaultValue: {
      patientId: patients.length > 0 ? (matched ? String(matched.patientId) : NEW_PATIENT) : undefined,
      firstName: group.patient?.firstName ?? "",
      lastName: group.patient?.lastName ?? "",
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const submission = parseWithZod(await readForm(request), { schema: patientFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const cartId = visitor.session.get("cartId");
  const gone = () => data(submission.reply({ formErrors: [STEP_MESSAGES.groupGone] }), { status: 400 });
  if (!cartId) return gone();
  const { value } = submission;
  const result = await setGroupPatient(
    db,
    cartId,
    value.groupId,
    value.kind === "existing"
      ? { patientId: value.patientId }
      : { firstName: value.firstName, lastName: value.lastName },
    visitor.customer?.id ?? null,
  );
  if (result.status === "invalid") return data(submission.reply({ fieldErrors: result.errors }), { status: 400 });
  if (result.status === "not-found") return gone();
  return redirectAfterGroupStep(db, visitor, "Patient");
}

export default function PatientPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groupId, lenses } = loaderData;
  return (
    <section className="funnel-step" aria-labelledby="patient-title">
      <h1 id="patient-title">Who are these lenses for?</h1>
      <ul className="funnel-step-lenses">
        {lenses.map((lens) => (
          <li key={lens.id}>
            {lens.productName}
            {lens.eye ? ` · ${lens.eye}` : null}
          </li>
        ))}
      </ul>
      <PatientForm
        key={groupId}
        groupId={groupId}
        patients={loaderData.patients}
        defaultValue={loaderData.defaultValue}
        lastResult={actionData}
      />
    </section>
  );
}

type PatientFields = z.input<typeof patientFormSchema>;

function PatientForm({
  groupId,
  patients,
  defaultValue,
  lastResult,
}: {
  groupId: string;
  patients: Array<{ value: string; name: string }>;
  defaultValue: Omit<PatientFields, "groupId">;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<PatientFields, PatientFormValue>({
    id: `patient-${groupId}`,
    // Without JavaScript the browser checks the native constraints; Conform takes over once hydrated.
    defaultNoValidate: false,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: patientFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const hydrated = useHydrated();
  const choosing = patients.length > 0;
  // Without JavaScript the name fields always show (they count only with "New patient" chosen).
  const namesShown = !choosing || !hydrated || fields.patientId.value === NEW_PATIENT;
  return (
    <Form method="post" {...getFormProps(form)} className="order-form patient-form">
      <input type="hidden" name="groupId" value={groupId} />
      <FieldError as="p" field={form} />
      {choosing ? (
        <fieldset className="choice-list">
          <legend>Choose a patient</legend>
          {getCollectionProps(fields.patientId, {
            type: "radio",
            options: [...patients.map((patient) => patient.value), NEW_PATIENT],
          }).map((props) => (
            // A block per choice: without CSS (which shows the labels as blocks) each reads on a line of its own.
            <div key={props.key}>
              <label htmlFor={props.id}>
                <input {...props} key={props.key} />{" "}
                {props.value === NEW_PATIENT
                  ? "New patient"
                  : patients.find((patient) => patient.value === props.value)?.name}
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <FieldError field={fields.patientId} />
      <fieldset className="patient-name" hidden={!namesShown}>
        <legend>{choosing ? "New patient" : "Patient name"}</legend>
        <TextField
          label="First name"
          field={fields.firstName}
          autoComplete="given-name"
          maxLength={FIRST_NAME_MAX}
          required={!choosing}
        />
        <TextField
          label="Last name"
          field={fields.lastName}
          autoComplete="family-name"
          maxLength={LAST_NAME_MAX}
          required={!choosing}
        />
      </fieldset>
      <button type="submit" className="button button-primary">
        Continue
      </button>
    </Form>
  );
}
