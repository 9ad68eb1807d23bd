import { jsonError } from "~/lib/http.server";

// Unknown /api paths answer JSON, not the HTML not-found page.
const notFound = () => jsonError(404, "Not found");
export const loader = notFound;
export const action = notFound;
