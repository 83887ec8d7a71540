// A server process that dies between charge and confirmation: places one order against DATABASE_URL and, the moment
// the vault answers the charge, kills itself with SIGKILL (no cleanup, no finally, like a crash or an OOM kill).
// Run by tests/integration/payment-recovery.test.ts with the order's input as JSON in argv[2].
import { createPaymentGateway } from "~/server/adapters.server";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/place-order.server";
import { openDatabase } from "~/services/db/client.server";
import { createTestServices } from "./test-context";

const input = JSON.parse(process.argv[2]!) as PlaceOrderInput;
const database = await openDatabase({ driver: "postgres", url: process.env.DATABASE_URL!, poolSize: 2 });
const services = createTestServices(database);
const vault = createPaymentGateway(database.db);
const payments: PaymentGateway = {
  ...vault,
  async charge(token, amountCents, key) {
    const result = await vault.charge(token, amountCents, key);
    process.stdout.write(`charged ${JSON.stringify(result)}\n`);
    process.kill(process.pid, "SIGKILL");
    return result;
  },
};
await placeOrder({ ...services, payments }, input);
process.stdout.write("not killed\n");
