import { Link } from "react-router";
import { UploadedPrescriptions } from "~/components/prescriptions/UploadedPrescriptions";
import { WalletDeleteConfirm, WalletPrescription } from "~/components/prescriptions/WalletPrescription";
import { UPLOAD_RX_PATH } from "~/models/funnel";
import type { PageHandle } from "~/models/page";
import { parsePrescriptionId, prescriptionPath } from "~/models/prescriptions";
import { requireCustomer } from "~/services/accounts/auth/guard.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { walletAction, type WalletActionReply } from "~/services/prescriptions/wallet-actions.server";
import { uploadedPrescriptions, walletView } from "~/services/prescriptions/wallet.server";
import ordersStyles from "~/styles/orders.css?url";
import styles from "~/styles/rx-wallet.css?url";
import type { Route } from "./+types/rx-wallet";
import { FieldError } from "~/components/forms/FieldError";

// Serves both /account/prescriptions and /rx-wallet (spec 1 §2.1, 2 §2): the same wallet at either address.

export const handle: PageHandle = { pageName: "RxWallet", headerType: "standard" };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = () => [
  { title: "My prescriptions | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The wallet's own address the shopper is on (either spelling), for the forms' redirects. */
const walletPath = (request: Request) =>
  new URL(request.url).pathname === "/rx-wallet" ? "/rx-wallet" : "/account/prescriptions";

/**
 * Signed in only (signed out: the sign-in dialog, then back here). The customer's prescriptions by patient;
 * `?delete={id}` asks to confirm deleting one of them. Personal health data: never cached (the root middleware sends
 * `private, no-store` for every page that does not opt in to sharing).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = requireCustomer(context, request);
  const { db } = context.get(servicesContext);
  const [patients, uploads] = await Promise.all([walletView(db, customer.id), uploadedPrescriptions(db, customer.id)]);
  const path = walletPath(request);
  const deleteId = parsePrescriptionId(new URL(request.url).searchParams.get("delete"));
  const confirmDelete =
    deleteId === null
      ? null
      : (patients.flatMap((patient) => patient.prescriptions).find((prescription) => prescription.id === deleteId) ??
        null);
  return { patients, uploads, path, confirmDelete };
}

/** intent=order-again (to the cart), clone or delete (back to the wallet, read again), each with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = requireCustomer(context, request);
  const services = context.get(servicesContext);
  const path = walletPath(request);
  return walletAction(services, context.get(visitorContext), customer, await readForm(request), {
    cloned: (id) => `${path}#prescription-${id}`,
    deleted: path,
  });
}

export default function RxWalletPage({ loaderData, actionData }: Route.ComponentProps) {
  const { patients, uploads, path, confirmDelete } = loaderData;
  const reply = actionData as WalletActionReply | undefined;
  const count = patients.reduce((sum, patient) => sum + patient.prescriptions.length, 0);
  return (
    <section className="orders-page rx-wallet-page" aria-labelledby="rx-wallet-title">
      <h1 id="rx-wallet-title">My prescriptions</h1>
      {confirmDelete ? <WalletDeleteConfirm prescription={confirmDelete} cancelHref={path} /> : null}
      <FieldError as="p" errors={reply && reply.intent !== "order-again" ? reply.result.error?.[""] : null} />
      {count === 0 && uploads.length === 0 ? (
        <div className="orders-empty" data-testid="wallet-empty">
          <p>
            You have no saved prescriptions yet. The prescription you order lenses with is saved here, so you can order
            again in a few clicks.
          </p>
          <p>
            <Link to="/lenses" className="button button-primary">
              Shop contact lenses
            </Link>{" "}
            <Link to={UPLOAD_RX_PATH}>Upload a prescription</Link>
          </p>
        </div>
      ) : (
        <>
          <p className="rx-wallet-lead">
            Prescriptions you ordered lenses with, by patient, the soonest to expire first.{" "}
            <Link to={UPLOAD_RX_PATH}>Upload a new prescription</Link>
          </p>
          <UploadedPrescriptions uploads={uploads} />
          {patients.map((patient) => (
            <section key={patient.name} className="rx-patient" aria-label={patient.name} data-testid="wallet-patient">
              <h2>{patient.name}</h2>
              <div className="order-list">
                {patient.prescriptions.map((prescription) => (
                  <WalletPrescription
                    key={prescription.id}
                    prescription={prescription}
                    orderAgainResult={
                      reply?.intent === "order-again" && reply.prescriptionId === prescription.id
                        ? reply.result
                        : undefined
                    }
                    deleteHref={`${path}?delete=${prescription.id}`}
                    detailsHref={prescriptionPath(prescription.id)}
                  />
                ))}
              </div>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
