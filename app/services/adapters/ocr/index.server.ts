import type { AppConfig } from "~/services/platform/config.server";
import type { Logger } from "~/services/platform/logger.server";
import type { PrescriptionReader } from "./prescription-reader";

/** Chosen once at start-up: the on-machine reader (placeholder while the prescriptions issue is built). */
export function createPrescriptionReader(config: Pick<AppConfig, "ocrWorkers">, logger: Logger): PrescriptionReader {
  void config;
  void logger;
  return { read: async () => null, close: async () => {} };
}
