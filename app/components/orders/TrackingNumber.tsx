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
