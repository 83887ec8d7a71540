// Placeholder while the prescriptions issue is built (replaced in this issue).
export function loader() {
  return Response.json({ error: "Not found" }, { status: 404 });
}
export function action() {
  return Response.json({ error: "Not found" }, { status: 404 });
}
