import { z } from "zod";
import { CONTROL_CHARACTERS, SEARCH_QUERY_MAX_LENGTH } from "./search";

// Apart from search.ts, whose query rules the header's search box uses in the browser: this schema runs on the
// server only, so the header ships no validation code.

/**
 * The suggestions resource's `q`: present, not longer than the header input allows, and without control
 * characters. Shorter than the restrictive minimum is valid (it just suggests nothing).
 */
export const suggestionQuerySchema = z
  .string({ error: "Add a search term as ?q=." })
  .max(SEARCH_QUERY_MAX_LENGTH, `A search term is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`)
  .refine(
    (value) => !new RegExp(CONTROL_CHARACTERS.source).test(value),
    "The search term has characters we can't read.",
  );
