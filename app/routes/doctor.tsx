import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { AddDoctorForm } from "~/components/doctor/AddDoctorForm";
import { DoctorResults, type DoctorResultSummary } from "~/components/doctor/DoctorResults";
import { DoctorSearchForm } from "~/components/doctor/DoctorSearchForm";
import { formatPhone } from "~/models/account";
import { isInternational } from "~/models/address";
import {
  addDoctorSchema,
  ALL_GROUPS,
  chooseDoctorSchema,
  doctorDisplayName,
  DOCTOR_SEARCH_MESSAGES,
  SEARCH_LOCATION_MAX,
  SEARCH_TERM_MAX,
  toNewDoctorInput,
} from "~/models/doctor-search";
import { isSkipped, type FunnelState } from "~/models/funnel";
import type { PageHandle } from "~/models/page";
import { cartExists } from "~/services/cart/cart.server";
import { servicesContext, visitorContext, type Visitor } from "~/services/platform/context.server";
import type { Database } from "~/services/db/client.server";
import { addDoctor, doctorSearchFromQuery, findDoctor } from "~/services/doctors/doctors.server";
import { fillDoctorsByPatient, setGroupDoctor } from "~/services/doctors/group-doctors.server";
import { loadFunnelState, redirectToNextStep } from "~/services/funnel/funnel.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { flashToast } from "~/services/platform/session.server";
import doctorStyles from "~/styles/doctors.css?url";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/doctor";
import { FieldError } from "~/components/forms/FieldError";

export const handle: PageHandle = { pageName: "Doctor", headerType: "simple", footerSimplified: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: doctorStyles }];

export const meta: Route.MetaFunction = () => [
  { title: "Your eye doctor | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The working groups the doctor step still has to do: each one the step would not skip on its own. */
function groupsNeedingDoctor(state: FunnelState) {
  return state.groups.filter((group) => !isSkipped("Doctor", { ...state, groups: [group] }));
}

const patientName = (patient: { firstName: string; lastName: string } | null) =>
  patient ? `${patient.firstName} ${patient.lastName}`.trim() : "";

/** Spec 2 §5: an empty location searches near the primary address (for a guest, the cart's shipping address). */
function homePostalCode(state: FunnelState): string | null {
  for (const address of [state.address.primary, state.address.shipping]) {
    if (address?.postalCode && !isInternational(address.country)) return address.postalCode.slice(0, 5);
  }
  return null;
}

/** The shopper's cart id when the cart still exists, else null. */
async function currentCartId(db: Database, visitor: Visitor): Promise<string | null> {
  const cartId = visitor.session.get("cartId");
  return cartId && (await cartExists(db, cartId)) ? cartId : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const cartId = await currentCartId(db, visitor);
  if (!cartId) throw redirect("/cart");
  // Spec 2 §4: the step is skipped when a doctor is optional, after trying to set doctors by patient.
  if (visitor.customer) await fillDoctorsByPatient(db, cartId, visitor.customer.id);
  const state = await loadFunnelState(db, visitor);
  const pending = groupsNeedingDoctor(state);
  if (pending.length === 0) throw await redirectToNextStep(db, visitor, "Doctor");

  const primaryPostalCode = homePostalCode(state);
  const search = await doctorSearchFromQuery(db, new URL(request.url).searchParams, primaryPostalCode);
  return {
    groups: pending.map((group, index) => ({
      id: group.id,
      // Before the patient step has named them, groups are told apart by their place in the cart.
      label: patientName(group.patient) || (pending.length === 1 ? "your lenses" : `lenses ${index + 1}`),
    })),
    primaryPostalCode,
    search,
  };
}

/** The search the shopper was looking at, kept across a choice that leaves more groups to do. */
function searchQuery(formData: FormData): string {
  const params = new URLSearchParams();
  const q = String(formData.get("q") ?? "").slice(0, SEARCH_TERM_MAX);
  const location = String(formData.get("location") ?? "").slice(0, SEARCH_LOCATION_MAX);
  if (q || location) {
    params.set("q", q);
    params.set("location", location);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  const cartId = await currentCartId(db, visitor);
  if (!cartId) return redirect("/cart", 303);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  let doctorId: number;
  let groupId: string;
  if (intent === "add-doctor") {
    if (await isSpam(formData))
      throw data({ error: "We couldn't accept that form. Please try again." }, { status: 400 });
    const submission = parseWithZod(formData, { schema: addDoctorSchema });
    if (submission.status !== "success") return reply("add-doctor", submission.reply());
    const added = await addDoctor(db, toNewDoctorInput(submission.value), visitor.customer?.id ?? null);
    if (!added.ok) return reply("add-doctor", submission.reply({ fieldErrors: { [added.field]: [added.message] } }));
    doctorId = added.doctorId;
    groupId = submission.value.groupId;
  } else if (intent === "choose-doctor") {
    const submission = parseWithZod(formData, { schema: chooseDoctorSchema });
    if (submission.status !== "success")
      return reply("choose-doctor", submission.reply({ formErrors: [DOCTOR_SEARCH_MESSAGES.invalidDoctor] }));
    doctorId = submission.value.doctorId;
    groupId = submission.value.groupId;
  } else {
    return refuse("choose-doctor", DOCTOR_SEARCH_MESSAGES.invalidDoctor);
  }

  const set = await setGroupDoctor(db, cartId, groupId, doctorId);
  if (!set.ok) return refuse(intent === "add-doctor" ? "add-doctor" : "choose-doctor", set.message);
  const doctor = await findDoctor(db, doctorId);
  flashToast(visitor.session, "success", `${doctorDisplayName(doctor!.doctor)} is your eye doctor.`);
  // With more groups still to do, the shopper stays on the step (and on the same search).
  const state = await loadFunnelState(db, visitor);
  if (groupsNeedingDoctor(state).length > 0) return redirect(`/doctor${searchQuery(formData)}`, 303);
  return redirectToNextStep(db, visitor, "Doctor");
}

type DoctorForm = "add-doctor" | "choose-doctor";

/** A refused form's result, shown next to that form (status 400, the same with or without JavaScript). */
function reply(form: DoctorForm, result: SubmissionResult<string[]>) {
  return data({ form, result }, { status: 400 });
}

/** A refusal that is the form's own message, not a field's. */
function refuse(form: DoctorForm, message: string) {
  return reply(form, { status: "error", error: { "": [message] } });
}

export default function DoctorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, primaryPostalCode, search } = loaderData;
  const chooseError = actionData?.form === "choose-doctor" ? actionData.result.error?.[""]?.join(" ") : undefined;
  const single = groups.length === 1 ? groups[0]! : null;
  return (
    <section className="doctor-step">
      <h1>Your eye doctor</h1>
      <p className="doctor-step-lead">
        We check every prescription with the doctor who wrote it.{" "}
        {single
          ? `Find the doctor for ${single.label}.`
          : `Find the doctor for ${groups.map((group) => group.label).join(" and ")}.`}
      </p>
      <DoctorSearchForm action="/doctor" state={search.form} primaryPostalCode={primaryPostalCode} />
      <FieldError as="p" errors={chooseError} />
      {search.heading && (search.results.length > 0 || !search.phoneNotFound) ? (
        <DoctorResults
          heading={search.heading}
          results={search.results}
          action={(result) => <ChooseButtons result={result} groups={groups} search={search.form} />}
        />
      ) : null}
      {search.phoneNotFound ? (
        <AddDoctorForm
          key={search.phoneNotFound}
          groupId={single ? single.id : ALL_GROUPS}
          phone={formatPhone(search.phoneNotFound)}
          lastResult={actionData?.form === "add-doctor" ? actionData.result : undefined}
        />
      ) : null}
    </section>
  );
}

/** "Choose" for one group; with several groups, "Choose for everyone" and one button per patient. */
function ChooseButtons({
  result,
  groups,
  search,
}: {
  result: DoctorResultSummary;
  groups: ReadonlyArray<{ id: string; label: string }>;
  search: { q: string; location: string };
}) {
  const name = doctorDisplayName(result.doctor);
  return (
    <Form method="post" className="choose-doctor-form">
      <input type="hidden" name="intent" value="choose-doctor" />
      <input type="hidden" name="doctorId" value={result.doctor.id} />
      <input type="hidden" name="q" value={search.q} />
      <input type="hidden" name="location" value={search.location} />
      {groups.length === 1 ? (
        <button type="submit" name="groupId" value={groups[0]!.id} className="button button-primary">
          Choose <span className="visually-hidden">{name}</span>
        </button>
      ) : (
        <>
          <button type="submit" name="groupId" value={ALL_GROUPS} className="button button-primary">
            Choose for everyone <span className="visually-hidden">: {name}</span>
          </button>
          {groups.map((group) => (
            <button key={group.id} type="submit" name="groupId" value={group.id} className="button">
              For {group.label} <span className="visually-hidden">: {name}</span>
            </button>
          ))}
        </>
      )}
    </Form>
  );
}
