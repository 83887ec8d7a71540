import { data, Link } from "react-router";
import { WalletDeleteConfirm, WalletPrescription } from "~/components/prescriptions/WalletPrescription";
import type { PageHandle } from "~/models/page";
import { parsePrescriptionId, prescriptionPath, WALLET_PATH } from "~/models/prescriptions";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import { walletAction, type WalletActionReply } from "~/services/prescriptions/wallet-actions.server";
import { walletPrescription } from "~/services/prescriptions/wallet.server";
import ordersStyles from "~/styles/orders.css?url";
import styles from "~/styles/rx-wallet.css?url";
import type { Route } from "./+types/account.prescriptions.$prescriptionId";
import { FieldError } from "~/components/forms/FieldError";

export const handle: PageHandle = { pageName: "RxWallet", headerType: "standard" };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: styles },
];

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData ? `Prescription for ${loaderData.prescription.patientName}` : "Prescription"} | Lenslane` },
  { name: "robots", content: "noindex" },
];

/**
 * One of the signed-in customer's prescriptions: its values, status, images, Order again, Copy and Delete
 * (`?delete={id}` asks to confirm). Another customer's, a malformed or a missing id is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const id = parsePrescriptionId(params.prescriptionId);
  const { db } = context.get(servicesContext);
  const prescription = id === null ? null : await walletPrescription(db, customer.id, id);
  if (!prescription) throw data(null, { status: 404 });
  const confirmDelete = parsePrescriptionId(new URL(request.url).searchParams.get("delete")) === prescription.id;
  return { prescription, confirmDelete };
}

/** The wallet's forms: a copy opens the copy's page, a delete goes back to the wallet. */
export async function action({ request, context }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  return walletAction(context.get(servicesContext), context.get(visitorContext), customer, await readForm(request), {
    cloned: (id) => prescriptionPath(id),
    deleted: WALLET_PATH,
  });
}

export default function PrescriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { prescription, confirmDelete } = loaderData;
  const reply = actionData as WalletActionReply | undefined;
  const here = prescriptionPath(prescription.id);
  return (
    <section className="orders-page rx-wallet-page" aria-labelledby="prescription-title">
      <p>
        <Link to={WALLET_PATH}>← All my prescriptions</Link>
      </p>
      <h1 id="prescription-title">Prescription for {prescription.patientName}</h1>
      {confirmDelete ? <WalletDeleteConfirm prescription={prescription} cancelHref={here} /> : null}
      <FieldError as="p" errors={reply && reply.intent !== "order-again" ? reply.result.error?.[""] : null} />
      {prescription.clonedFromId ? (
        <p>
          A copy of <Link to={prescriptionPath(prescription.clonedFromId)}>another prescription</Link>.
        </p>
      ) : null}
      <WalletPrescription
        prescription={prescription}
        headingLevel={2}
        orderAgainResult={reply?.intent === "order-again" ? reply.result : undefined}
        deleteHref={`${here}?delete=${prescription.id}`}
        detailsHref={null}
      />
    </section>
  );
}
