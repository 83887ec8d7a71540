import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import type { PageHandle } from "~/models/page";
import { WALLET_NETWORKS } from "~/services/adapters/payments/vault-payloads";
import {
  CHARGE_DECLINED_TEST_NUMBER,
  DECLINED_TEST_NUMBERS,
  TEST_VAULT_CLIENT_KEY,
} from "~/services/adapters/payments/test-vault.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.payments";

export const handle: PageHandle = { pageName: "DevPayments", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Dev payments | Lenslane" },
  { name: "robots", content: "noindex" },
];

const EMBEDDED = "embedded-test-vault";

/** The simulated Apple Pay payment the form hands the vault (the simulator's token, decision 56). */
const walletPaymentSchema = z.object({
  network: z.enum(Object.keys(WALLET_NETWORKS) as [string, ...string[]]),
  lastFour: z.string().regex(/^[0-9]{4}$/, { error: "Four digits." }),
  expirationMonth: z.coerce.number().int().min(1).max(12),
  expirationYear: z.coerce.number().int().min(2000).max(2100),
  outcome: z.enum(["approve", "decline"]),
});

async function requireEmbeddedVault({ request, context }: { request: Request; context: Route.LoaderArgs["context"] }) {
  const services = context.get(servicesContext);
  if (services.config.isProduction || (await services.payments.clientKeys()).provider !== EMBEDDED) {
    notFound(services, request);
  }
  return services;
}

/**
 * The embedded test vault (decision 56), outside production and only with the embedded vault: the card numbers that
 * decline, its public keys, and a simulated Apple Pay payment to turn into a nonce for POST api/paymentMethods/nonce
 * (as an Apple device would hand the vault a payment token).
 */
export async function loader(args: Route.LoaderArgs) {
  const services = await requireEmbeddedVault(args);
  const keys = await services.payments.clientKeys();
  return {
    declined: [...DECLINED_TEST_NUMBERS.entries()].map(([number, reason]) => ({ number, reason })),
    chargeDeclined: CHARGE_DECLINED_TEST_NUMBER,
    clientKey: TEST_VAULT_CLIENT_KEY,
    publicKey: keys.encryptionPublicKey,
    networks: Object.keys(WALLET_NETWORKS),
  };
}

export async function action(args: Route.ActionArgs) {
  const services = await requireEmbeddedVault(args);
  const submission = parseWithZod(await readForm(args.request), { schema: walletPaymentSchema });
  if (submission.status !== "success") return data({ nonce: null, error: "Check the fields." }, { status: 400 });
  const accepted = await services.payments.tokenizeWalletPayment({
    paymentData: { simulator: EMBEDDED, ...submission.value },
  });
  return accepted.ok
    ? { nonce: accepted.nonce, error: null }
    : data({ nonce: null, error: `The vault refused the payment (${accepted.reason}).` }, { status: 400 });
}

export default function DevPaymentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const year = new Date().getFullYear() + 2;
  return (
    <section className="dev-orders">
      <h1>Dev payments</h1>
      <p>
        The embedded test vault. Any valid card number saves (Visa 4242 4242 4242 4242, Mastercard 5555 5555 5555 4444)
        except these, which decline; {loaderData.chargeDeclined} saves but every charge on it is declined.
      </p>
      <ul>
        {loaderData.declined.map((item) => (
          <li key={item.number}>
            {item.number}: {item.reason}
          </li>
        ))}
      </ul>
      <h2>Simulated Apple Pay payment → nonce</h2>
      <p>
        Hands the vault a payment as Apple Pay would; the nonce it answers saves a card once, within 3 hours, with{" "}
        <code>POST /api/paymentMethods/nonce</code> <code>{"{ paymentNonce }"}</code>.
      </p>
      {actionData?.nonce ? (
        <p role="status">
          Nonce: <code data-testid="nonce">{actionData.nonce}</code>
        </p>
      ) : null}
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      <Form method="post">
        <label>
          Network{" "}
          <select name="network" defaultValue="visa">
            {loaderData.networks.map((network) => (
              <option key={network}>{network}</option>
            ))}
          </select>
        </label>{" "}
        <label>
          Last four <input name="lastFour" defaultValue="1881" required pattern="[0-9]{4}" maxLength={4} />
        </label>{" "}
        <label>
          Month <input name="expirationMonth" type="number" min={1} max={12} defaultValue={9} required />
        </label>{" "}
        <label>
          Year <input name="expirationYear" type="number" min={2000} max={2100} defaultValue={year} required />
        </label>{" "}
        <label>
          Outcome{" "}
          <select name="outcome" defaultValue="approve">
            <option>approve</option>
            <option>decline</option>
          </select>
        </label>{" "}
        <button type="submit">Make a nonce</button>
      </Form>
      <h2>Keys</h2>
      <p>
        Client key (GET /api/sitePreferences/brainTree): <code>{loaderData.clientKey}</code>
      </p>
      <p>Public key (GET sitePreferences/ccgEncryptionKey):</p>
      <pre>{loaderData.publicKey}</pre>
    </section>
  );
}
