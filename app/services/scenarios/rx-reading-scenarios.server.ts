import { eq } from "drizzle-orm";
import { z } from "zod";
import { rxAnalysisSchema } from "~/models/ai-result";
import { rxImages } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import { isRxImageId } from "../prescriptions/rx-images.server";

/**
 * An uploaded image's reading as an end-to-end test needs it (decision 46): held `reading` under a fresh claim (no
 * job takes it over for the claim's lease, so the page says 'Reading your prescription…' for as long as the test
 * looks), then `read` with the analysis the test gives — what a reader sure of its fields would have saved. The test
 * uploads through the pages first; this only decides what the reader "found", as the integration tests' fake reader
 * does. Reached only through /dev/e2e-fixtures/rx-reading (E2E_FIXTURES=true, never in production).
 */

export const rxReadingScenarioSchema = z.discriminatedUnion("state", [
  z.object({ imageId: z.string().refine(isRxImageId), state: z.literal("reading") }),
  z.object({
    imageId: z.string().refine(isRxImageId),
    state: z.literal("read"),
    analysis: rxAnalysisSchema,
  }),
]);

export async function setRxReadingForTest(
  services: Pick<AppServices, "db">,
  input: z.infer<typeof rxReadingScenarioSchema>,
): Promise<boolean> {
  const now = new Date();
  const rows = await services.db
    .update(rxImages)
    .set(
      input.state === "reading"
        ? { readingState: "reading", readingStartedAt: now, updatedAt: now }
        : {
            readingState: "read",
            classification: "Prescription",
            analysis: { correlationId: input.imageId, ...input.analysis },
            readAt: now,
            updatedAt: now,
          },
    )
    .where(eq(rxImages.id, input.imageId))
    .returning({ id: rxImages.id });
  return rows.length > 0;
}
