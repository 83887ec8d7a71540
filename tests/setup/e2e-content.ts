import fs from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { pauseExperiments } from "./test-content";

/**
 * The notification centre's content for the e2e store (decision 60): one dismissible banner on the public-policy
 * pages (tests/e2e/notifications.spec.ts), and nothing elsewhere, so the other specs see their pages as written.
 */
export const E2E_NOTIFICATIONS = [
  {
    key: "e2e-public-policy",
    type: "banner",
    sourceName: "promo",
    title: "Our public policy work",
    message: "Read how we stand up for shoppers' right to their own prescription.",
    link: { label: "Prescription release", href: "/public-policy/prescription-release" },
    paths: ["/public-policy"],
  },
];

/**
 * The e2e server reads a copy of content/ whose promo ribbon ends 2 days from now (Mountain time), so the
 * countdown rule is exercised whatever the date of the run, and whose notifications are E2E_NOTIFICATIONS.
 */
export function prepareE2eContent(target: string): string {
  fs.cpSync(path.resolve("content"), target, { recursive: true });
  const slotFile = path.join(target, "slots", "sitecartpromoconfig.json");
  const slot = JSON.parse(fs.readFileSync(slotFile, "utf8"));
  slot.ribbon.promo_end_date = DateTime.now()
    .setZone("America/Boise")
    .plus({ days: 2, hours: 3 })
    .toFormat("yyyy-MM-dd'T'HH:mm:ss");
  fs.writeFileSync(slotFile, JSON.stringify(slot, null, 2));
  // Each e2e test is a new browser (a new visitor id): running campaigns would give it a random price book or
  // redirect. Specs ask for a variation with ?experiment=<id>:<variant>.
  pauseExperiments(target, ["affiliate-partners"]);
  fs.writeFileSync(
    path.join(target, "notifications.json"),
    JSON.stringify({ notifications: E2E_NOTIFICATIONS }, null, 2),
  );
  return target;
}
