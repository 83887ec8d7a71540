import type { Database } from "~/services/db/client.server";
import type { ExamProvider } from "./exam-provider";
import { createSimulatedExamProvider } from "./simulated-provider.server";

/**
 * Chosen once at start-up. Only the embedded simulated provider exists for now; a real online-exam provider's client
 * (configured by its key) would be chosen here. Its pages (/exam-provider/…) are served outside production only,
 * unless EXAM_SIMULATOR=true says so on purpose (config.server.ts).
 */
export function createExamProvider(db: Database): ExamProvider {
  return createSimulatedExamProvider({ db });
}
