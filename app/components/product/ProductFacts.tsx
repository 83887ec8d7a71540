import { Link } from "react-router";
import { REBATE_DIALOG_QUERY } from "~/components/product/RebateDialog";
import { formatCents } from "~/models/catalog";

/** The top of a product page: brand, name, price per box, stock, the rebates and (for a lens) the rebate dialog link. */
export function ProductSummary({
  product,
  stock,
  rebates,
  rebateLink,
  instalmentNote,
}: {
  product: {
    brandName: string;
    displayName: string;
    displayNameSubHeading: string | null;
    unitPriceCents: number | null;
  };
  stock: string | null;
  rebates: string[];
  rebateLink: boolean;
  /** "or 4 payments of $x.xx with Afterpay" when instalments are on (issue 27), else null. */
  instalmentNote: string | null;
}) {
  return (
    <>
      <p className="product-brand">{product.brandName}</p>
      <h1>{product.displayName}</h1>
      {product.displayNameSubHeading ? <p className="product-subheading">{product.displayNameSubHeading}</p> : null}
      {product.unitPriceCents !== null ? (
        <p className="product-price">{formatCents(product.unitPriceCents)} per box</p>
      ) : null}
      {instalmentNote ? (
        <p className="product-instalments" data-testid="instalment-note">
          {instalmentNote}
        </p>
      ) : null}
      {stock ? <p className="stock-text">{stock}</p> : null}
      {rebates.length > 0 ? (
        <ul className="product-rebates" data-testid="product-rebates">
          {rebates.map((rebate) => (
            <li key={rebate}>{rebate}</li>
          ))}
        </ul>
      ) : null}
      {rebateLink ? (
        <p>
          <Link to={`?${REBATE_DIALOG_QUERY.name}=${REBATE_DIALOG_QUERY.value}`} preventScrollReset rel="nofollow">
            Rebate information
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** The product's specifications, and its pack size. */
export function ProductSpecifications({
  specifications,
  packSize,
}: {
  specifications: ReadonlyArray<{ label: string; value: string }>;
  packSize: string;
}) {
  return (
    <dl className="specifications">
      {specifications.map((spec) => (
        <div key={spec.label}>
          <dt>{spec.label}</dt>
          <dd>{spec.value}</dd>
        </div>
      ))}
      <div>
        <dt>Pack size</dt>
        <dd>{packSize}</dd>
      </div>
    </dl>
  );
}
