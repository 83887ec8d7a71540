import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { EYE_NAMES, LENS_PARAMETER_LABELS, LENS_PARAMETER_NAMES } from "~/models/lens-parameters";
import type { PageHandle } from "~/models/page";
import { SIMULATED_PRESCRIBER } from "~/services/adapters/prescriber-verification/simulated-prescriber.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { flashToast } from "~/services/platform/session.server";
import { answerAsDoctor, recentVerifications } from "~/services/prescriptions/verification-operations.server";
import { runVerificationPass } from "~/services/prescriptions/verification.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.verifications";
import { FieldError } from "~/components/forms/FieldError";
import { IntentForm } from "~/components/forms/IntentForm";

export const handle: PageHandle = { pageName: "DevVerifications", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const reference = z.string().regex(/^pv_sim_[0-9a-f]{24}$/, "Choose a verification request from the list.");
const answerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["confirm", "invalid", "expired"]), reference }),
  z.object({
    intent: z.literal("correct"),
    reference,
    eye: z.enum(["right", "left"], "Choose the right or left eye."),
    parameter: z.enum(LENS_PARAMETER_NAMES, "Choose a lens parameter to correct."),
    value: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9+.\- ]{1,16}$/,
        "Type the corrected value: up to 16 letters, digits, signs or dots (e.g. -1.50).",
      ),
  }),
  z.object({ intent: z.literal("run-pass") }),
]);

export const meta: Route.MetaFunction = () => [
  { title: "Dev verifications | Lenslane" },
  { name: "robots", content: "noindex" },
];

const LIMIT = 50;

/** Outside production, and only with the simulated prescriber (a real one answers on its own side). */
function requireSimulator(context: Route.LoaderArgs["context"], request: Request) {
  const services = context.get(servicesContext);
  if (services.config.isProduction || services.prescriberVerifier.name !== SIMULATED_PRESCRIBER) {
    notFound(services, request);
  }
  return services;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = requireSimulator(context, request);
  return { verifications: await recentVerifications(services.db, LIMIT) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireSimulator(context, request);
  const parsed = answerSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Choose a request and an answer." }, { status: 400 });
  }
  const { session } = context.get(visitorContext);
  const input = parsed.data;
  if (input.intent === "run-pass") {
    const summary = await runVerificationPass(services);
    const resolved = Object.entries(summary.resolved).map(([state, n]) => `${n} ${state}`);
    flashToast(
      session,
      "success",
      `Verification: ${summary.sent} sent, ${resolved.length > 0 ? resolved.join(", ") : "none resolved"}, ${summary.waiting} waiting.`,
    );
    return redirect("/dev/verifications", 303);
  }
  const result = await answerAsDoctor(
    services,
    input.intent === "correct"
      ? { kind: "correct", reference: input.reference, eye: input.eye, parameter: input.parameter, value: input.value }
      : { kind: input.intent, reference: input.reference },
  );
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  flashToast(session, "success", result.message);
  return redirect("/dev/verifications", 303);
}

const ANSWER_BUTTONS = { confirm: "Confirm", invalid: "Reject as invalid", expired: "Expired" } as const;

export default function DevVerificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { verifications } = loaderData;
  return (
    <section className="dev-orders">
      <h1>Dev verifications</h1>
      <p>
        Prescriptions verified with the doctor (decision 30). Answer as the doctor&apos;s office: the store reads the
        answer in its verification job (every minute), which runs once more right after an answer here. Without an
        answer, the prescription is verified passively at the deadline (8 business hours, Boise time). See the orders on{" "}
        <Link to="/dev/orders">dev orders</Link>.
      </p>
      <FieldError as="p" errors={actionData?.error} data-testid="dev-verifications-error" />
      <IntentForm intent="run-pass">Run verification job now</IntentForm>
      {verifications.length === 0 ? (
        <p data-testid="dev-verifications-empty">No verification requests yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Doctor</th>
              <th scope="col">Patient</th>
              <th scope="col">Asked</th>
              <th scope="col">Sent</th>
              <th scope="col">Deadline</th>
              <th scope="col">State</th>
              <th scope="col">Answer as the doctor</th>
            </tr>
          </thead>
          <tbody>
            {verifications.map((row) => (
              <tr key={row.id} data-testid="dev-verification-row" data-order={row.orderNumber}>
                <td>{row.orderNumber}</td>
                <td>{row.doctor}</td>
                <td>{row.patient}</td>
                <td>
                  {row.asked.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </td>
                <td>{row.sent ?? "not sent yet"}</td>
                <td>{row.deadline ?? ""}</td>
                <td>
                  {row.state}
                  {row.answer ? ` (doctor: ${row.answer})` : ""}
                </td>
                <td>
                  {row.reference && !row.answer && row.state === "sent" ? (
                    <AnswerForms reference={row.reference} eyes={row.eyes} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AnswerForms({
  reference,
  eyes,
}: {
  reference: string;
  eyes: { right: Record<string, string> | null; left: Record<string, string> | null };
}) {
  const askedEyes = (["right", "left"] as const).filter((eye) => eyes[eye]);
  return (
    <div className="dev-orders-actions">
      {(["confirm", "invalid", "expired"] as const).map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name="reference" value={reference} />
          <button type="submit" name="intent" value={intent} className="button">
            {ANSWER_BUTTONS[intent]}
          </button>
        </Form>
      ))}
      <Form method="post">
        <input type="hidden" name="reference" value={reference} />
        <label>
          Eye{" "}
          <select name="eye" required>
            {askedEyes.map((eye) => (
              <option key={eye} value={eye}>
                {EYE_NAMES[eye]}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Parameter{" "}
          <select name="parameter" defaultValue="power" required>
            {LENS_PARAMETER_NAMES.map((name) => (
              <option key={name} value={name}>
                {LENS_PARAMETER_LABELS[name]}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Value <input name="value" required maxLength={16} size={6} placeholder="-1.50" />
        </label>{" "}
        <button type="submit" name="intent" value="correct" className="button">
          Correct
        </button>
      </Form>
    </div>
  );
}
