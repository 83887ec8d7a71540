import type { InstalmentAvailability } from "~/models/payment-options";
import { PAY_IN_4_NAME } from "~/models/payment-methods";

/**
 * The instalment line under a total (the cart and checkout): "or 4 payments of $12.50 with
 * Afterpay", or why paying in 4 is not available for this cart.
 */
export function InstalmentNote({ payIn4 }: { payIn4: InstalmentAvailability }) {
  return (
    <p className="instalment-note" data-testid="instalment-note">
      {payIn4.available ? `or ${payIn4.label} with ${PAY_IN_4_NAME}` : payIn4.message}
    </p>
  );
}
