import type { ReactNode } from "react";
import { EXAM_MESSAGES } from "~/models/exams";

/** An exam page whose exam cannot be found (an unknown or spent voucher): the page's heading, the message, a way on. */
export function ExamDetailsError({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section className="narrow-page">
      <h1>{heading}</h1>
      <p className="notice" role="alert">
        {EXAM_MESSAGES.detailsFailed}
      </p>
      {children}
    </section>
  );
}
