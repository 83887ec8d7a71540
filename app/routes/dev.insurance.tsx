import type { PageHandle } from "~/models/page";
import { SIMULATED_ELIGIBILITY } from "~/services/adapters/insurance/simulated-eligibility.server";
import { SEED_MEMBERS } from "~/services/adapters/insurance/simulated-members";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import styles from "~/styles/orders.css?url";
import type { Route } from "./+types/dev.insurance";

export const handle: PageHandle = { pageName: "DevInsurance", headerType: "simple" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: "Dev insurance | Lenslane" },
  { name: "robots", content: "noindex" },
];

/**
 * The simulated eligibility service's members (decision 52), outside production and only with the simulator: who to
 * search for to see each state. Invented people; their dates of birth and SSN digits exist only in the seed.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction || services.insurance.name !== SIMULATED_ELIGIBILITY) notFound(services, request);
  return {
    members: SEED_MEMBERS.map((member) => ({
      key: member.key,
      name: `${member.firstName} ${member.lastName}`,
      dateOfBirth: member.dateOfBirth,
      postalCode: member.postalCode,
      ssnLastFour: member.ssnLastFour,
      provider: member.provider,
      planName: member.planName,
      shows: member.shows,
      benefits: member.benefits.map(
        (benefit) =>
          `${benefit.insuranceType} ${benefit.benefitId}: $${(benefit.remainingAllowance / 100).toFixed(2)} left` +
          (benefit.coinsurance > 0 ? `, ${benefit.coinsurance}% coinsurance` : "") +
          (benefit.isOneTimeUse ? ", one-time use" : "") +
          `, expires ${benefit.expireDate}`,
      ),
    })),
  };
}

export default function DevInsurancePage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dev-orders">
      <h1>Dev insurance</h1>
      <p>
        The simulated insurance eligibility service&apos;s members. Search for one (first and last name in any case,
        date of birth, ZIP, and optionally the provider) with <code>POST /api/insurance/memberBenefitSearch</code> and
        poll <code>GET /api/insurance/memberBenefitSearchResult/&#123;token&#125;</code>; each member shows one state.
        Anyone else is NotFound. A search can be read for an hour.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Member</th>
            <th scope="col">Date of birth</th>
            <th scope="col">ZIP</th>
            <th scope="col">SSN last four</th>
            <th scope="col">Plan</th>
            <th scope="col">Benefits</th>
            <th scope="col">What a search shows</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.members.map((member) => (
            <tr key={member.key} data-testid="dev-insurance-member" data-member={member.key}>
              <td>{member.name}</td>
              <td>{member.dateOfBirth}</td>
              <td>{member.postalCode}</td>
              <td>{member.ssnLastFour}</td>
              <td>
                {member.planName} ({member.provider})
              </td>
              <td>
                {member.benefits.length === 0
                  ? "none"
                  : member.benefits.map((line) => (
                      <div key={line}>
                        <code>{line}</code>
                      </div>
                    ))}
              </td>
              <td>{member.shows}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
