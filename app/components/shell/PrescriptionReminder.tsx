import { Link } from "react-router";
import { UPLOAD_RX_PATH } from "~/models/funnel";
import { expiringHeadline, expiryBadge } from "~/models/prescriptions";

/** What the root loader gives the reminder (the wallet service's first-expiring prescription). */
export interface PrescriptionReminderData {
  firstName: string;
  expirationDate: string;
  days: number;
  /** The prescription's page, at its 'Order again' form. */
  reorderHref: string;
}

/**
 * The expiring-prescription reminder under the header (spec 1 §2.5, 2 §8): "{name}'s prescription expires {date}",
 * the badge ('You have n days left to order.'), and words to act on: order again, or upload a new prescription.
 * Plain text and links, so it reads the same in a text browser.
 */
export function PrescriptionReminder({ reminder }: { reminder: PrescriptionReminderData }) {
  return (
    <aside className="rx-reminder" aria-label="Prescription reminder" data-testid="rx-reminder">
      <div className="rx-reminder-body">
        <p>
          <strong>{expiringHeadline(reminder.firstName, reminder.expirationDate)}.</strong>{" "}
          <span data-testid="rx-reminder-badge">{expiryBadge(reminder.days)}</span>
        </p>
        <p className="rx-reminder-links">
          <Link to={reminder.reorderHref}>Order again with this prescription</Link>
          <Link to={UPLOAD_RX_PATH}>Upload a new prescription</Link>
        </p>
      </div>
    </aside>
  );
}
