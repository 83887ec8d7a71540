import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { isSimulatedExamToken } from "~/models/exam-simulator";
import { EXAM_STATUSES } from "~/models/exams";
import type { PageHandle } from "~/models/page";
import {
  createDevExam,
  recentSimulatedExams,
  setSimulatedExamStatus,
} from "~/services/adapters/exam-provider/simulated-doctor.server";
import { notFound } from "~/services/content/content-pages.server";
import { examFeeStates } from "~/services/exams/exam-receipts.server";
import { syncExamVoucher } from "~/services/exams/exam-sync.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.exams";
import { IntentForm } from "~/components/forms/IntentForm";

export const handle: PageHandle = { pageName: "DevExams", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const statusSchema = z.object({
  intent: z.literal("set-status"),
  token: z.string().refine((value) => isSimulatedExamToken(value)),
  status: z.enum(EXAM_STATUSES),
});
const createSchema = z.object({ intent: z.literal("create") });

export const meta: Route.MetaFunction = () => [
  { title: "Dev exams | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LIMIT = 50;

/** The simulated exam provider's exams, with the doctor's moves as forms; outside production only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const rows = await recentSimulatedExams(services.db, LIMIT);
  const fees = await examFeeStates(
    services.db,
    rows.map((row) => row.token),
  );
  return {
    exams: rows.map((row) => ({
      token: row.token,
      tokenPrefix: row.token.slice(0, 8),
      patient: `${row.patient.firstName} ${row.patient.lastName}`,
      lenses: [`right ${row.rightUpc ?? "none"}`, `left ${row.leftUpc ?? "none"}`].join(", "),
      status: row.status,
      statusDate: row.statusDate.toISOString().replace("T", " ").slice(0, 19),
      potentialEvidence: row.potentialEvidence,
      fee: fees.get(row.token) ?? "none",
      examUrl: services.examProvider.examUrl(row.token, "/dev/exams"),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const form = Object.fromEntries(await readForm(request));
  const { session } = context.get(visitorContext);
  if (createSchema.safeParse(form).success) {
    const token = await createDevExam(services.db, services.examProvider);
    flashToast(session, "success", `Test exam ${token.slice(0, 8)} created.`);
    return redirect("/dev/exams", 303);
  }
  const parsed = statusSchema.safeParse(form);
  if (!parsed.success) throw data({ error: "Choose an exam and one of the nine statuses." }, { status: 400 });
  const { token, status } = parsed.data;
  const result = await setSimulatedExamStatus(services.db, token, status);
  // The store sees the change at once, as a real provider's webhook would make it.
  if (result.ok) await syncExamVoucher(services, token);
  flashToast(session, result.ok ? "success" : "error", result.message);
  return redirect("/dev/exams", 303);
}

export default function DevExamsPage({ loaderData }: Route.ComponentProps) {
  const { exams } = loaderData;
  return (
    <section className="dev-orders">
      <h1>Dev exams</h1>
      <p>
        The simulated online vision exam provider&apos;s exams, newest first (the latest {LIMIT}). Play its doctor: move
        an exam to any status. Issued writes the doctor&apos;s prescription from the lenses the exam renews; the store
        reads every change at once (and the exams job reads open exams every minute). The store refunds its fee for an
        exam moved to Declined or Canceled.
      </p>
      <IntentForm intent="create">Create a test exam</IntentForm>
      {exams.length === 0 ? (
        <p data-testid="dev-exams-empty">No exams yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Exam</th>
              <th scope="col">Patient</th>
              <th scope="col">Lenses (UPC)</th>
              <th scope="col">Status</th>
              <th scope="col">Status date (UTC)</th>
              <th scope="col">Potential evidence</th>
              <th scope="col">Store&apos;s fee</th>
              <th scope="col">Move to</th>
            </tr>
          </thead>
          <tbody>
            {exams.map((exam) => (
              <tr key={exam.token} data-testid="dev-exam-row" data-token={exam.tokenPrefix}>
                <td>
                  <Link to={exam.examUrl}>{exam.tokenPrefix}</Link>
                </td>
                <td>{exam.patient}</td>
                <td>{exam.lenses}</td>
                <td data-testid="dev-exam-status">{exam.status}</td>
                <td>{exam.statusDate}</td>
                <td>{exam.potentialEvidence ? "yes" : "no"}</td>
                <td data-testid="dev-exam-fee">{exam.fee}</td>
                <td>
                  <Form method="post" className="dev-orders-actions">
                    <input type="hidden" name="intent" value="set-status" />
                    <input type="hidden" name="token" value={exam.token} />
                    <label>
                      Status of exam {exam.tokenPrefix}{" "}
                      <select name="status" defaultValue={exam.status}>
                        {EXAM_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {status}
                          </option>
                        ))}
                      </select>
                    </label>{" "}
                    <button type="submit" className="button">
                      Move
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
