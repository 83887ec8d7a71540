import { data, Link } from "react-router";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { isBrandSlugShaped, REBATE_RULES } from "~/models/rebates";
import { pageMeta } from "~/models/seo";
import { brandRebatesPage } from "~/services/cart/rebates.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import type { Route } from "./+types/rebates.$brand";

export const handle: PageHandle = { pageName: "BrandRebates", cache: "public" };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta(
        {
          title: `${loaderData.brand.name} rebates | Lenslane`,
          description: `Current manufacturer rebates on ${loaderData.brand.name} contact lenses: how much you get back, what qualifies and how to claim it.`,
          canonical: `/rebates/${loaderData.brand.slug}`,
        },
        loaderData.siteUrl,
      )
    : [];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** /rebates/{brand}: the brand's rebates (the same for every shopper, so shared caches may keep it); 404 otherwise. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (!isBrandSlugShaped(params.brand)) notFound(services, request);
  const page = await brandRebatesPage(services.db, params.brand, new Date(), services.logger);
  if (!page) notFound(services, request);
  return data(
    { ...page, siteUrl: services.config.siteUrl },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function BrandRebatesRoute({ loaderData }: Route.ComponentProps) {
  const { brand, offers, otherBrands } = loaderData;
  return (
    <article className="content-page">
      <h1>{`${brand.name} rebates`}</h1>
      <div className="prose">
        {offers.length > 0 ? (
          <p>
            {brand.manufacturerName} pays these rebates on {brand.name} contact lenses bought from Lenslane. The more
            boxes in one order, the more you get back.
          </p>
        ) : (
          <p data-testid="no-rebates">
            There is no rebate on {brand.name} lenses right now. You can still{" "}
            <Link to={`/lenses/${brand.slug}`}>shop {brand.name} contact lenses</Link>.
          </p>
        )}

        {offers.map((offer) => (
          <section
            key={`${offer.promotionId}-${offer.type}`}
            aria-labelledby={`rebate-${offer.promotionId}-${offer.type}`}
            data-testid="rebate-offer"
          >
            <h2 id={`rebate-${offer.promotionId}-${offer.type}`}>{offer.title}</h2>
            <p>
              {offer.type === "Rebate"
                ? `Paid by ${brand.manufacturerName} after your order, as a prepaid card.`
                : "Taken off the price in your cart, with nothing to send in."}
            </p>
            <ul data-testid="rebate-amounts">
              {offer.amounts.map((amount) => (
                <li key={amount}>{amount}</li>
              ))}
            </ul>
            {offer.conditions.length > 0 ? (
              <ul data-testid="rebate-conditions">
                {offer.conditions.map((condition) => (
                  <li key={condition}>{condition}</li>
                ))}
              </ul>
            ) : null}
            <h3>Lenses it applies to</h3>
            <ul data-testid="rebate-products">
              {offer.products.map((product) => (
                <li key={product.href}>
                  <Link to={product.href}>{product.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}

        <section aria-labelledby="rebate-rules">
          <h2 id="rebate-rules">How mail-in rebates work</h2>
          <ul data-testid="rebate-rules">
            {REBATE_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p>
            Read <Link to="/rebates">how rebates work</Link>, the{" "}
            <Link to="/terms/terms-and-conditions#rebates">rebate terms and conditions</Link> and our{" "}
            <Link to="/best-price-guarantee">best price guarantee</Link>.
          </p>
        </section>

        {otherBrands.length > 0 ? (
          <section aria-labelledby="other-rebates">
            <h2 id="other-rebates">Rebates on other brands</h2>
            <ul>
              {otherBrands.map((other) => (
                <li key={other.slug}>
                  <Link to={`/rebates/${other.slug}`}>{`${other.name} rebates`}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
