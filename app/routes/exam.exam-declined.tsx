import { Link } from "react-router";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/exam.exam-declined";

/** ExamDeclined (spec: /exam/exam-declined; the server's 'Exam Declined' leads here). */
export const handle: PageHandle = { pageName: "ExamDeclined" };

export const meta: Route.MetaFunction = () => [
  { title: "The doctor couldn't renew your prescription online | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ExamDeclinedPage() {
  return (
    <section className="narrow-page">
      <h1>Exam Declined</h1>
      <p>
        The doctor couldn&apos;t renew your prescription online. This usually means your eyes should be checked in
        person: an eye doctor can examine them fully and write a new prescription.
      </p>
      <ul>
        <li>
          <Link to="/eye-doctor-search">Find an eye doctor near you</Link>
        </li>
        <li>
          Already have a current prescription? <Link to="/upload-rx">Upload it</Link> and order your lenses.
        </li>
        <li>
          <Link to="/contact-us">Contact us</Link> with any question about your exam.
        </li>
      </ul>
    </section>
  );
}
