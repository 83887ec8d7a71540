import { data, Form } from "react-router";
import type { PageHandle } from "~/models/page";
import { rxAnalysisFields } from "~/models/rx-text";
import type { TesseractReader } from "~/services/adapters/ocr/tesseract-reader.server";
import { notFound } from "~/services/content/content-pages.server";
import { servicesContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/dev.rx-reader";

export const handle: PageHandle = { pageName: "DevRxReader", headerType: "simple" };

export const meta: Route.MetaFunction = () => [
  { title: "Dev prescription reader | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** The upload page's own limit (spec 2 §3 Prescription upload). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The multipart envelope around the file: boundaries, headers, the other field. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The on-machine prescription reader, outside production only (decision 0021): upload, read, nothing stored. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  return { maxMegabytes: MAX_IMAGE_BYTES / 1024 / 1024, workers: services.config.ocrWorkers };
}

function hasTimings(reader: unknown): reader is TesseractReader {
  return typeof (reader as Partial<TesseractReader>).readTimed === "function";
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (services.config.isProduction) notFound(services, request);
  const form = await readForm(request, {
    maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES,
    message: `That file is too large or the form is malformed: images up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`,
  });
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) {
    return data({ error: "Choose an image (JPEG, PNG, HEIC, TIFF) or a PDF to read." }, { status: 400 });
  }
  const bytes = Buffer.from(await file.arrayBuffer());
  const input = { bytes, contentType: file.type || "application/octet-stream" };
  const correlationId = `dev-${crypto.randomUUID()}`;
  const reader = services.rxReader;
  // First what the upload request does (inspect), then what the queued job does (read).
  let started = performance.now();
  const inspected = hasTimings(reader) ? await reader.inspectTimed(input, { correlationId }) : null;
  const inspection = inspected ? inspected.inspection : await reader.inspect(input, { correlationId });
  const inspectMs = inspected?.ms ?? Math.round(performance.now() - started);
  started = performance.now();
  const timed = hasTimings(reader) ? await reader.readTimed(input, { correlationId }) : null;
  const reading = timed ? timed.reading : await reader.read(input, { correlationId });
  const ms = timed?.ms ?? Math.round(performance.now() - started);
  const page = inspection?.pageImage;
  return {
    error: null,
    file: { name: file.name, type: input.contentType, kilobytes: Math.round(file.size / 1024) },
    inspect: {
      outcome: inspected?.outcome ?? (inspection ? "read" : "null"),
      ms: inspectMs,
      classification: inspection ? (inspection.classification ?? "(none: a PDF)") : null,
      bands: inspected?.details.bands ? `${inspected.details.bands.read} of ${inspected.details.bands.of}` : null,
      pageImage: page
        ? { src: `data:image/png;base64,${page.bytes.toString("base64")}`, width: page.width, height: page.height }
        : null,
    },
    outcome: timed?.outcome ?? (reading ? "read" : "null"),
    ms,
    timings: timed ? { prepareMs: Math.round(timed.timings.prepareMs), ocrMs: Math.round(timed.timings.ocrMs) } : null,
    classification: reading ? (reading.classification ?? "(none: a PDF)") : null,
    fields: reading?.analysis ? rxAnalysisFields(reading.analysis) : [],
    text: reading?.text ?? "",
    details: timed?.details ? JSON.stringify(timed.details, null, 2) : null,
  };
}

export default function DevRxReaderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { maxMegabytes, workers } = loaderData;
  return (
    <section className="dev-rx-reader">
      <h1>Dev prescription reader</h1>
      <p>
        Reads an upload the way the store does: OCR on this machine ({workers} tesseract worker
        {workers === 1 ? "" : "s"}; 0 turns reading off), the image classifier, then the prescription parser. A PDF is
        read from its text layer, or drawn and read like a photo when it is a scan. First the upload's quick inspection
        (classification, a PDF's page image), then the full reading. Nothing is stored and nothing leaves this machine.
        Up to {maxMegabytes} MB.
      </p>
      <Form method="post" encType="multipart/form-data" className="search-page-form">
        <label htmlFor="rx-image">Image or PDF</label>
        <div className="search-page-form-row">
          <input
            id="rx-image"
            name="image"
            type="file"
            required
            accept="image/jpeg,image/png,image/heic,image/tiff,application/pdf,.jpg,.jpeg,.png,.heic,.tif,.tiff,.pdf"
          />
          <button type="submit">Read</button>
        </div>
      </Form>
      {actionData?.error ? (
        <p role="alert" data-testid="rx-reader-error">
          {actionData.error}
        </p>
      ) : null}
      {actionData && !actionData.error && "file" in actionData ? <Result result={actionData} /> : null}
    </section>
  );
}

type ReadResult = Extract<NonNullable<Route.ComponentProps["actionData"]>, { file: unknown }>;

function Result({ result }: { result: ReadResult }) {
  return (
    <div className="prose" data-testid="rx-reader-result">
      <h2>
        {result.file.name}{" "}
        <small>
          ({result.file.type}, {result.file.kilobytes} KB)
        </small>
      </h2>
      <h3>At upload (inspect)</h3>
      <dl>
        <dt>Classification</dt>
        <dd data-testid="rx-reader-inspect-classification">
          {result.inspect.classification ?? "none (the inspection failed)"}
        </dd>
        <dt>Outcome</dt>
        <dd>{result.inspect.outcome}</dd>
        <dt>Time</dt>
        <dd>
          {(result.inspect.ms / 1000).toFixed(2)} s
          {result.inspect.bands ? ` (quick OCR: ${result.inspect.bands} bands read)` : ""}
        </dd>
      </dl>
      {result.inspect.pageImage ? (
        <figure>
          <img
            src={result.inspect.pageImage.src}
            width={result.inspect.pageImage.width}
            height={result.inspect.pageImage.height}
            alt="The PDF's first page, as staff and the shopper see it"
            style={{ maxWidth: "100%", height: "auto", border: "1px solid #ccc" }}
          />
          <figcaption>
            The PDF's first page ({result.inspect.pageImage.width} × {result.inspect.pageImage.height} px)
          </figcaption>
        </figure>
      ) : null}
      <h3>Queued reading (read)</h3>
      <dl>
        <dt>Classification</dt>
        <dd data-testid="rx-reader-classification">{result.classification ?? "none (the read failed)"}</dd>
        <dt>Outcome</dt>
        <dd>{result.outcome}</dd>
        <dt>Time</dt>
        <dd>
          {(result.ms / 1000).toFixed(2)} s
          {result.timings
            ? ` (preparing ${(result.timings.prepareMs / 1000).toFixed(2)} s, OCR ${(result.timings.ocrMs / 1000).toFixed(2)} s)`
            : ""}
        </dd>
      </dl>
      {result.fields.length === 0 ? (
        <p>No prescription values found.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {result.fields.map((row) => (
              <tr key={`${row.part}.${row.field}`} data-testid="rx-reader-field">
                <td>{row.part}</td>
                <td>{row.field}</td>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result.text ? (
        <details>
          <summary>Text read</summary>
          <pre>{result.text}</pre>
        </details>
      ) : null}
      {result.details ? (
        <details>
          <summary>Why (features and image analysis)</summary>
          <pre>{result.details}</pre>
        </details>
      ) : null}
    </div>
  );
}
