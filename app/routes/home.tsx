import { data, Link } from "react-router";
import { ContentSlot } from "~/components/content/ContentSlot";
import { BrandTiles } from "~/components/shell/LinkList";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/models/http-cache";
import type { PageHandle } from "~/models/page";
import { HOME_OG_IMAGE_PATH, ogCard } from "~/models/og-image";
import { pageMeta } from "~/models/seo";
import { slotsForPage } from "~/server/page-slots.server";
import { servicesContext } from "~/services/platform/context.server";
import slotStyles from "~/styles/content-slots.css?url";
import type { Route } from "./+types/home";

export const handle: PageHandle = { pageName: "Home", cache: "public", liveChat: true };

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta({ ...loaderData.home.meta, canonical: "/", image: ogCard(HOME_OG_IMAGE_PATH) }, loaderData.siteUrl)
    : [];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: slotStyles }];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The home page's content, and its offer slot chosen for the visitor (decision 61). An anonymous visitor without
 * cookies always gets the same choice (a new customer, the running promotions), so that page stays shareable; a
 * page with personal cookies is made private by the root middleware.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { content, config } = context.get(servicesContext);
  const [home, { slots, personalizationEvents }] = await Promise.all([
    content.getHome(),
    slotsForPage(context, "home"),
  ]);
  return data(
    {
      home,
      siteUrl: config.siteUrl,
      offer: slots.find((view) => view.slot === "home-offer") ?? null,
      personalizationEvents,
    },
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { home, offer, personalizationEvents } = loaderData;
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <p className="eyebrow">{home.hero.eyebrow}</p>
        <h1 id="hero-heading">{home.hero.heading}</h1>
        <p className="hero-text">{home.hero.text}</p>
        {/* A list: without CSS (a text browser) the two calls to action are two lines, not one run-on phrase. */}
        <ul className="hero-actions">
          <li>
            <Link to={home.hero.primaryCta.href} className="button button-primary">
              {home.hero.primaryCta.label}
            </Link>
          </li>
          <li>
            <Link to={home.hero.secondaryCta.href} className="button">
              {home.hero.secondaryCta.label}
            </Link>
          </li>
        </ul>
      </section>

      {offer ? <ContentSlot view={offer} events={personalizationEvents} variant="panel" /> : null}

      <section aria-labelledby="lens-types-heading">
        <h2 id="lens-types-heading">{home.lensTypes.heading}</h2>
        <ul className="tile-grid">
          {home.lensTypes.tiles.map((tile) => (
            <li key={tile.href}>
              <Link to={tile.href} className="tile">
                {/* A block, not a span: without CSS (the flex column) the text still starts on a line of its own. */}
                <strong>{tile.label}</strong>
                <div>{tile.text}</div>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading">{home.brands.heading}</h2>
        <p>{home.brands.text}</p>
        <BrandTiles />
      </section>

      <section className="exam-teaser" aria-labelledby="exam-heading">
        <h2 id="exam-heading">{home.exam.heading}</h2>
        <p>{home.exam.text}</p>
        <ul className="checklist">
          {home.exam.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
        <Link to={home.exam.cta.href} className="button button-primary">
          {home.exam.cta.label}
        </Link>
      </section>

      {home.steps.items.length > 0 ? (
        <section aria-labelledby="steps-heading">
          <h2 id="steps-heading">{home.steps.heading}</h2>
          <ol className="steps">
            {home.steps.items.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {home.promises.items.length > 0 ? (
        <section aria-labelledby="promises-heading">
          <h2 id="promises-heading">{home.promises.heading}</h2>
          <ul className="promises">
            {home.promises.items.map((item) => (
              <li key={item.title}>
                <strong>{item.title}</strong>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
