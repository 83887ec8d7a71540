// Placeholder while the prescriptions issue is built (replaced in this issue).
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
export default function Placeholder() {
  return null;
}
