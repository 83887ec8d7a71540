/** Filled in with the authentication API. */
export function loader() {
  return Response.json({ error: "Not available yet." }, { status: 404 });
}
