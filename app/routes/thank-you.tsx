import { ComingSoon } from "~/components/ui/ComingSoon";
import type { PageHandle } from "~/models/page";
import type { Route } from "./+types/thank-you";

export const handle: PageHandle = { pageName: "ThankYou", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Thank you for your order | Lenslane" },
  { name: "robots", content: "noindex" },
];

export default function ThankYouPage() {
  return <ComingSoon title="Thank you for your order" />;
}
