import { data, Form, Link, redirect } from "react-router";
import { ClinicAddress } from "~/components/doctor/DoctorResults";
import { AddressLines } from "~/components/ui/AddressLines";
import { featureSwitchFormSchema } from "~/models/feature-switches";
import { isTestDataSet, TEST_DATA_SETS } from "~/models/internal-tools";
import type { PageHandle } from "~/models/page";
import { SITE } from "~/models/site";
import { notFound } from "~/services/content/content-pages.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { featureSwitches, setFeatureSwitch } from "~/services/scenarios/feature-switches.server";
import { pageFeatures } from "~/services/growth/page-features.server";
import { readForm } from "~/services/platform/http.server";
import { testData, visitorSnapshot } from "~/services/scenarios/internal-tools.server";
import { flashToast } from "~/services/platform/session.server";
import type { Route } from "./+types/non-production";
import { FieldError } from "~/components/forms/FieldError";

export const handle: PageHandle = { pageName: "InternalTools" };

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData ? TOOL_TITLES[loaderData.tool] : "Internal tools"} | Lenslane` },
  { name: "robots", content: "noindex" },
];

const TOOL_TITLES = {
  sandbox: "Sandbox: what the store sends",
  "customer-data-platform": "Customer data platform",
  "style-guide": "Style guide",
  "test-data": "Test data",
  settings: "Session settings",
} as const;
type Tool = keyof typeof TOOL_TITLES;

/** Internal tools exist only outside production (spec 1 §2.1); in production settings goes home, the rest are 404. */
function toolOf(request: Request, context: Route.LoaderArgs["context"]): Tool {
  const services = context.get(servicesContext);
  const tool = new URL(request.url).pathname.split("/")[1] ?? "";
  if (services.config.isProduction) {
    if (tool === "settings") throw redirect("/");
    notFound(services, request);
  }
  if (!Object.hasOwn(TOOL_TITLES, tool)) notFound(services, request);
  return tool as Tool;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tool = toolOf(request, context);
  const services = context.get(servicesContext);
  const visitor = context.get(visitorContext);
  switch (tool) {
    case "test-data": {
      const name = params.name ?? "";
      if (!isTestDataSet(name)) notFound(services, request);
      return { tool, name, table: await testData(services, name) };
    }
    case "settings":
      return { tool, switches: featureSwitches(visitor.session, services.config, await pageFeatures(services)) };
    case "sandbox":
    case "customer-data-platform":
      return { tool, snapshot: await visitorSnapshot(services, visitor, context.get(requestInfoContext), request) };
    case "style-guide":
      return { tool };
  }
}

/** /settings: turns one session feature switch on or off, then back to the page with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const tool = toolOf(request, context);
  if (tool !== "settings") throw data({ error: "Nothing to save here." }, { status: 405 });
  const parsed = featureSwitchFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ error: parsed.error.issues[0]?.message ?? "Choose a switch." }, { status: 400 });
  const { session } = context.get(visitorContext);
  const services = context.get(servicesContext);
  setFeatureSwitch(session, parsed.data.key, parsed.data.value === "on", await pageFeatures(services));
  flashToast(session, "success", `${parsed.data.key} is ${parsed.data.value} for this session.`);
  return redirect("/settings", 303);
}

export default function InternalToolPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="internal-tool">
      <h1>{TOOL_TITLES[loaderData.tool]}</h1>
      <p>
        An internal page: it exists only outside production. Other tools: <Link to="/sandbox">sandbox</Link>,{" "}
        <Link to="/customer-data-platform">customer data platform</Link>, <Link to="/style-guide">style guide</Link>,{" "}
        <Link to="/test-data/cards">test data</Link>, <Link to="/settings">settings</Link>,{" "}
        <Link to="/dev/mailbox">mailbox</Link>.
      </p>
      {loaderData.tool === "test-data" ? <TestData name={loaderData.name} table={loaderData.table} /> : null}
      {loaderData.tool === "settings" ? <Settings switches={loaderData.switches} /> : null}
      {loaderData.tool === "sandbox" ? <Sandbox snapshot={loaderData.snapshot} /> : null}
      {loaderData.tool === "customer-data-platform" ? <CustomerDataPlatform snapshot={loaderData.snapshot} /> : null}
      {loaderData.tool === "style-guide" ? <StyleGuide /> : null}
    </section>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Snapshot = Extract<LoaderData, { tool: "sandbox" | "customer-data-platform" }>["snapshot"];

function TestData({ name, table }: Omit<Extract<LoaderData, { tool: "test-data" }>, "tool">) {
  return (
    <>
      <nav aria-label="Test data sets">
        <ul>
          {Object.entries(TEST_DATA_SETS).map(([key, label]) => (
            <li key={key}>{key === name ? <strong>{label}</strong> : <Link to={`/test-data/${key}`}>{label}</Link>}</li>
          ))}
        </ul>
      </nav>
      <table>
        <caption>{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length === 0 ? <p>Nothing here yet.</p> : null}
    </>
  );
}

function Settings({ switches }: Pick<Extract<LoaderData, { tool: "settings" }>, "switches">) {
  return (
    <>
      <p>Feature switches for this browser&apos;s session only. Signing out or clearing cookies resets them.</p>
      <ul className="feature-switches">
        {switches.map((item) => (
          <li key={item.key}>
            <h2>{item.label}</h2>
            <p>{item.description}</p>
            <p>
              Now: <strong data-testid={`switch-${item.key}`}>{item.on ? "on" : "off"}</strong>
            </p>
            <Form method="post">
              <input type="hidden" name="key" value={item.key} />
              <input type="hidden" name="value" value={item.on ? "off" : "on"} />
              <button type="submit" className="button">
                Turn {item.on ? "off" : "on"}: {item.label}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}

function Sandbox({ snapshot }: { snapshot: Snapshot }) {
  return (
    <>
      <h2>Request headers an app client sends (spec 3 §7)</h2>
      <dl>
        {Object.entries(snapshot.headers).map(([name, value]) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{value || "(empty)"}</dd>
          </div>
        ))}
      </dl>
      <h2>This visitor</h2>
      <pre>{JSON.stringify(snapshot.visitor, null, 2)}</pre>
    </>
  );
}

function CustomerDataPlatform({ snapshot }: { snapshot: Snapshot }) {
  return (
    <>
      <p>
        The page-configuration request (POST api/customerDataPlatform/pageConfiguration) the store would send for this
        visitor on this page. No event leaves this machine.
      </p>
      <pre data-testid="cdp-payload">{JSON.stringify(snapshot.pageConfiguration, null, 2)}</pre>
    </>
  );
}

const COLORS = ["--ink", "--muted", "--line", "--surface", "--wash", "--brand", "--brand-dark", "--accent"];

function StyleGuide() {
  return (
    <>
      <h2>Colours</h2>
      <ul className="style-guide-swatches">
        {COLORS.map((name) => (
          <li key={name}>
            <span aria-hidden="true" style={{ background: `var(${name})` }} className="style-guide-swatch" />{" "}
            <code>{name}</code>
          </li>
        ))}
      </ul>
      <h2>Typography</h2>
      <h3>Heading 3: Contact lenses, delivered</h3>
      <h4>Heading 4: Your prescription</h4>
      <p>
        Body text in the store&apos;s voice: friendly, short, plain. {SITE.helpText} <a href="/help-center">A link</a>,{" "}
        <strong>strong</strong> and <em>emphasis</em>.
      </p>
      <ul>
        <li>A list item</li>
        <li>Another list item</li>
      </ul>
      <h2>Buttons</h2>
      <p>
        <button type="button" className="button button-primary">
          Primary
        </button>{" "}
        <button type="button" className="button">
          Secondary
        </button>{" "}
        <button type="button" className="button" disabled>
          Disabled
        </button>
      </p>
      <h2>Form fields</h2>
      <form className="style-guide-form" onSubmit={(event) => event.preventDefault()} aria-label="Sample form">
        <p className="form-field">
          <label htmlFor="sg-name">First name</label>
          <input id="sg-name" name="firstName" defaultValue="Ann" aria-describedby="sg-name-hint" />
          <span className="form-hint" id="sg-name-hint">
            A hint under the field.
          </span>
        </p>
        <p className="form-field">
          <label htmlFor="sg-email">E-mail</label>
          <input id="sg-email" name="email" type="email" aria-invalid aria-describedby="sg-email-error" />
          <FieldError errors="Enter a valid e-mail address." id="sg-email-error" />
        </p>
        <fieldset className="choice-list">
          <legend>Choices</legend>
          <label>
            <input type="checkbox" defaultChecked /> E-mail me about reorders
          </label>
          <label>
            <input type="radio" name="sg-radio" defaultChecked /> Standard shipping
          </label>
        </fieldset>
      </form>
      <h2>Addresses</h2>
      <address>
        <AddressLines lines={["Ann Lee", "12 Main St", "Boise, ID 83702"]} />
      </address>
      <ClinicAddress
        clinic={{
          id: 1,
          name: "Boise Eye Care",
          phone: "2085550100",
          address1: "1 Vista Ave",
          address2: "",
          city: "Boise",
          state: "ID",
          postalCode: "83705",
        }}
      />
    </>
  );
}
