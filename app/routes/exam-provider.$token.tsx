import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import {
  AcuityStep,
  ClosedExam,
  FinishStep,
  IntroStep,
  LeaveForm,
  QuestionsStep,
} from "~/components/exam-provider/ExamSteps";
import {
  acuitySchema,
  examAnswersSchema,
  examStepToShow,
  finishSchema,
  isSimulatedExamToken,
  safeReturnTo,
  SIMULATED_PRACTICE_NAME,
  startSchema,
  type AcuityEye,
  type ExamStep,
} from "~/models/exam-simulator";
import type { PageHandle } from "~/models/page";
import {
  acuityOf,
  answersOf,
  findSimulatedExam,
  finishExam,
  isOpenExam,
  leaveExam,
  progressOf,
  saveAnswers,
  saveReading,
  startExam,
} from "~/services/adapters/exam-provider/simulated-exams.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/exam-provider.$token";

/**
 * The simulated exam provider's exam pages (decision 31): what a real provider would serve on its own site, here in
 * the store, outside production unless EXAM_SIMULATOR=true. The voucher token in the path is the only key (as a
 * provider's link is); the step lives in the URL (?step=), the answers and the letters in the exam's row. Every
 * step works without JavaScript, and finishing or leaving sends the shopper to `returnTo` (a path on the store).
 */

export const handle: PageHandle = {
  pageName: "ExamProvider",
  headerType: "simple",
  footerSimplified: true,
  headerPromoVisible: false,
};

export const meta: Route.MetaFunction = () => [
  { title: `Online vision exam | ${SIMULATED_PRACTICE_NAME}` },
  { name: "robots", content: "noindex" },
];

const STEP_TITLES: Record<ExamStep, string> = {
  intro: "Before you start",
  questions: "Step 1 of 3: Questions about your eyes",
  "right-eye": "Step 2 of 3: Check your right eye",
  "left-eye": "Step 3 of 3: Check your left eye",
  finish: "Send your exam",
};

function pageHref(token: string, step: ExamStep, returnTo: string): string {
  return `/exam-provider/${token}?${new URLSearchParams({ step, returnTo }).toString()}`;
}

/** The exam of the URL's token, or a 404 (also in production, unless the simulator is configured on). */
async function examOf(context: Route.LoaderArgs["context"], request: Request, token: string | undefined) {
  const services = context.get(servicesContext);
  if (!services.config.examSimulator || !isSimulatedExamToken(token)) notFound(services, request);
  const row = await findSimulatedExam(services.db, token);
  if (!row) notFound(services, request);
  return { services, row, token };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { row, token } = await examOf(context, request, params.token);
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const open = isOpenExam(row);
  const step = examStepToShow(url.searchParams.get("step"), progressOf(row));
  const acuity = acuityOf(row);
  const eye: AcuityEye | null = step === "right-eye" ? "right" : step === "left-eye" ? "left" : null;
  return {
    token,
    returnTo,
    status: row.status,
    open,
    step,
    firstName: row.patient.firstName,
    answers: step === "questions" ? answersOf(row) : null,
    // Only the line this step shows leaves the server; the other eye's stays unseen until its turn.
    eye: eye ? { eye, letters: acuity[eye]?.shown ?? "", lastCorrect: acuity[eye]?.correct ?? null } : null,
    correct: { right: acuity.right?.correct ?? 0, left: acuity.left?.correct ?? 0 },
    href: {
      action: pageHref(token, step, returnTo),
      questions: pageHref(token, "questions", returnTo),
      next: pageHref(token, step === "right-eye" ? "left-eye" : "finish", returnTo),
    },
  };
}

type FormName = "start" | "answers" | "acuity" | "finish";

function reply(form: FormName, result: SubmissionResult<string[]>) {
  return data({ form, result }, { status: 400 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, row, token } = await examOf(context, request, params.token);
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"));
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const { db } = services;
  const go = (step: ExamStep) => redirect(pageHref(token, step, returnTo), 303);

  if (intent === "leave") {
    await leaveExam(db, token);
    return redirect(returnTo, 303);
  }
  // A closed exam only shows its state: a late post from an old tab lands there.
  if (!isOpenExam(row)) return go("intro");

  switch (intent) {
    case "start": {
      const submission = parseWithZod(formData, { schema: startSchema });
      if (submission.status !== "success") return reply("start", submission.reply());
      const outcome = await startExam(db, token);
      if (!outcome.ok) return reply("start", submission.reply({ formErrors: [outcome.message] }));
      return go("questions");
    }
    case "answers": {
      const submission = parseWithZod(formData, { schema: examAnswersSchema });
      if (submission.status !== "success") return reply("answers", submission.reply());
      const { intent: _, ...answers } = submission.value;
      const outcome = await saveAnswers(db, token, answers);
      if (!outcome.ok) return reply("answers", submission.reply({ formErrors: [outcome.message] }));
      return go("right-eye");
    }
    case "acuity": {
      const submission = parseWithZod(formData, { schema: acuitySchema });
      if (submission.status !== "success") return reply("acuity", submission.reply());
      const { eye, reading } = submission.value;
      const outcome = await saveReading(db, token, eye, reading);
      if (!outcome.ok) return reply("acuity", submission.reply({ formErrors: [outcome.message] }));
      return go(eye === "right" ? "left-eye" : "finish");
    }
    case "finish": {
      const submission = parseWithZod(formData, { schema: finishSchema });
      if (submission.status !== "success") return reply("finish", submission.reply());
      const outcome = await finishExam(db, token);
      if (!outcome.ok) return reply("finish", submission.reply({ formErrors: [outcome.message] }));
      return redirect(returnTo, 303);
    }
    default:
      throw data({ error: "We couldn't tell which step that was. Please go back and try again." }, { status: 400 });
  }
}

export default function ExamProviderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { step, open, status, href, returnTo, eye } = loaderData;
  const last = (form: FormName) => (actionData?.form === form ? actionData.result : undefined);
  return (
    <section className="exam-provider" aria-labelledby="exam-provider-title">
      <p>
        {SIMULATED_PRACTICE_NAME} · online vision exam{" "}
        <small>(a simulated exam provider: no real doctor reviews this exam)</small>
      </p>
      <h1 id="exam-provider-title">{open ? STEP_TITLES[step] : "Your online vision exam"}</h1>
      {!open ? (
        <ClosedExam status={status} returnTo={returnTo} />
      ) : step === "intro" ? (
        <IntroStep
          action={href.action}
          firstName={loaderData.firstName}
          restart={status === "Retake" || status === "Abandoned"}
          lastResult={last("start")}
        />
      ) : step === "questions" ? (
        <QuestionsStep action={href.action} answers={loaderData.answers} lastResult={last("answers")} />
      ) : eye ? (
        <AcuityStep
          key={eye.eye}
          action={href.action}
          eye={eye.eye}
          letters={eye.letters}
          lastCorrect={eye.lastCorrect}
          nextHref={href.next}
          lastResult={last("acuity")}
        />
      ) : (
        <FinishStep
          action={href.action}
          rightCorrect={loaderData.correct.right}
          leftCorrect={loaderData.correct.left}
          questionsHref={href.questions}
          lastResult={last("finish")}
        />
      )}
      {open ? <LeaveForm action={href.action} /> : null}
    </section>
  );
}
