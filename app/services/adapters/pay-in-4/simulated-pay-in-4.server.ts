export { createSimulatedPayIn4 } from "../payments/simulated-redirect.server";
