import { useEffect } from "react";
import { useRevalidator } from "react-router";
import {
  READING_REFRESH_SECONDS,
  READING_WORDS,
  type ReadField,
  type ReadingPhase,
  type ReadingView,
} from "~/models/rx-reading";

/**
 * What the reader made of an upload (decision 46): 'Reading your prescription…' while the queued reading runs — the
 * page refreshes itself without JavaScript (a meta refresh in noscript) and asks again with it (the route's loader,
 * revalidated on an interval) —, then every field read, confident ones plain and the others marked 'please check',
 * or, for a glasses prescription, a plain word that it is one. An upload nobody reads (submit-and-skip, decision 67)
 * says the store's team takes the values from it.
 */
export function ReadingResult({ phase, view }: { phase: ReadingPhase; view: ReadingView | null }) {
  if (phase === "reading") return <ReadingNow />;
  if (phase === "not-requested") {
    return (
      <p role="status" className="reading-note" data-testid="reading-not-requested">
        {READING_WORDS.notRequested}
      </p>
    );
  }
  if (view?.spectaclesOnly) {
    return (
      <p role="status" className="reading-note" data-testid="reading-spectacles">
        {READING_WORDS.spectaclesOnly}
      </p>
    );
  }
  if (phase === "unread" || !view || (view.eyes.length === 0 && view.other.length === 0)) {
    return (
      <p role="status" className="reading-note" data-testid="reading-unread">
        {READING_WORDS.unread}
      </p>
    );
  }
  return (
    <section className="reading-result" aria-labelledby="reading-title" data-testid="reading-result">
      <h2 id="reading-title">What we read</h2>
      <p role="status">{READING_WORDS.readLead}</p>
      {view.eyes.map((eye) => (
        <dl key={eye.key} className="reading-fields" data-testid={`reading-${eye.key}`}>
          <dt className="reading-eye">{eye.title}</dt>
          <dd className="reading-eye-values">
            <dl>
              {eye.fields.map((field) => (
                <FieldRow key={field.path} field={field} />
              ))}
            </dl>
          </dd>
        </dl>
      ))}
      {view.other.length > 0 ? (
        <dl className="reading-fields" data-testid="reading-other">
          {view.other.map((field) => (
            <FieldRow key={field.path} field={field} />
          ))}
        </dl>
      ) : null}
    </section>
  );
}

function FieldRow({ field }: { field: ReadField }) {
  return (
    <div className="reading-field" data-path={field.path} data-confident={field.confident}>
      <dt>{field.label}</dt>
      <dd>
        {field.value}
        {field.confident ? null : <em className="reading-check"> ({READING_WORDS.pleaseCheck})</em>}
      </dd>
    </div>
  );
}

function ReadingNow() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, READING_REFRESH_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="reading-now" aria-busy="true" data-testid="reading-now">
      {/* Without JavaScript the browser asks again by itself; with it, React ignores noscript and revalidates above. */}
      <noscript>
        <meta httpEquiv="refresh" content={String(READING_REFRESH_SECONDS)} />
      </noscript>
      <p role="status">
        <strong>{READING_WORDS.reading}</strong>
      </p>
      <p>{READING_WORDS.readingLead}</p>
    </div>
  );
}
