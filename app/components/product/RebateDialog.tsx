import { Link } from "react-router";
import { UrlDialog } from "../ui/UrlDialog";

export const REBATE_DIALOG_QUERY = { name: "rebates", value: "one-and-done" } as const;

/** Spec 3 §2: the 'One-and-done rebates' information dialog, three steps and three links. */
export function RebateDialog({ closeHref }: { closeHref: string }) {
  return (
    <UrlDialog titleId="rebate-dialog-title" title="One-and-done rebates" closeHref={closeHref}>
      <ol className="rebate-steps">
        <li>
          <strong>Buy an annual supply.</strong> Manufacturer rebates apply when you order enough boxes for a year.
        </li>
        <li>
          <strong>We file it for you.</strong> After your order ships we send your rebate form, already filled in — just
          sign and send it.
        </li>
        <li>
          <strong>Get your prepaid card.</strong> The manufacturer e-mails your rebate as a prepaid card; allow 6 to 8
          weeks.
        </li>
      </ol>
      <ul className="rebate-links">
        <li>
          <Link to="/rebates">Current rebates</Link>
        </li>
        <li>
          <Link to="/terms/terms-and-conditions#rebates">Rebate terms and conditions</Link>
        </li>
        <li>
          <Link to="/best-price-guarantee">Best price guarantee</Link>
        </li>
      </ul>
    </UrlDialog>
  );
}
