/** An order's tracking number, linked to the carrier's page when there is one. */
export function TrackingNumber({ number, url }: { number: string; url: string | null }) {
  return url ? (
    <a href={url} rel="noreferrer" target="_blank">
      {number}
    </a>
  ) : (
    <>{number}</>
  );
}

/** The Tracking row of an order's facts (a `<dl>`), when the order has a tracking number. */
export function TrackingFact({ number, url }: { number: string | null | undefined; url: string | null | undefined }) {
  if (!number) return null;
  return (
    <div>
      <dt>Tracking</dt>
      <dd>
        <TrackingNumber number={number} url={url ?? null} />
      </dd>
    </div>
  );
}
