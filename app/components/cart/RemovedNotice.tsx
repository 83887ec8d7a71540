/** The cart's notice after it removed discontinued items (spec 2 §4), one line per product. */
export function RemovedNotice({ names }: { names: string[] }) {
  return (
    <div className="notice" role="status" data-testid="removed-notice">
      {names.map((name) => (
        <p key={name}>{name} is no longer available and was removed from your cart.</p>
      ))}
    </div>
  );
}
