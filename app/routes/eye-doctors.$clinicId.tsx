import { redirect } from "react-router";
import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/eye-doctors.$clinicId";

export const handle: PageHandle = { pageName: "EyeDoctor" };

export const meta: Route.MetaFunction = () => [{ title: "Eye doctor | Lenslane" }];

/** Spec 2.1 / 5: the clinic id must be numeric, else back to the doctor search. */
export function loader({ params }: Route.LoaderArgs) {
  if (!/^[0-9]{1,10}$/.test(params.clinicId)) throw redirect("/eye-doctor-search");
  return { clinicId: params.clinicId };
}

export default function EyeDoctorPage() {
  return <ComingSoon title="Eye doctor" />;
}
