import { Link } from "react-router";
import type { PrescriptionReminderView } from "~/models/prescriptions";

/**
 * The expiring-prescription reminder under the header (spec 1 §2.5, 2 §8): "{name}'s prescription expires {date}",
 * the badge ('You have n days left to order.'), and words to act on: order again, or upload a new prescription.
 * Plain text and links, so it reads the same in a text browser. The root loader words it
 * (prescriptionReminderView): the date formatting (luxon) stays out of the shell's JavaScript.
 */
export function PrescriptionReminder({ reminder }: { reminder: PrescriptionReminderView }) {
  return (
    <aside className="rx-reminder" aria-label="Prescription reminder" data-testid="rx-reminder">
      <div className="rx-reminder-body">
        <p>
          <strong>{reminder.headline}.</strong> <span data-testid="rx-reminder-badge">{reminder.badge}</span>
        </p>
        <p className="rx-reminder-links">
          <Link to={reminder.reorderHref}>Order again with this prescription</Link>
          <Link to={reminder.uploadHref}>Upload a new prescription</Link>
        </p>
      </div>
    </aside>
  );
}
