import type { Page } from "@playwright/test";

/**
 * Chromium stands in for Safari on an Apple device: ApplePaySession and a Payment Request whose sheet validates the
 * merchant with Apple's test gateway URL and answers the embedded vault's simulated token (a Visa ending in 1881).
 * The sheet's total is kept on `window.__applePayTotal` so a test can read what the shopper was shown.
 */
export async function simulateApplePlatform(page: Page) {
  await page.addInitScript(
    ({ year }) => {
      (window as unknown as Record<string, unknown>).ApplePaySession = { canMakePayments: () => true };
      class SimulatedPaymentRequest {
        onmerchantvalidation: ((event: unknown) => void) | null = null;
        constructor(_methods: unknown, details: { total: { amount: { value: string } } }) {
          (window as unknown as Record<string, unknown>).__applePayTotal = details.total.amount.value;
        }
        async show() {
          let session: Promise<unknown> = Promise.resolve(null);
          this.onmerchantvalidation?.({
            validationURL: "https://apple-pay-gateway-cert.apple.com/paymentservices/startSession",
            complete: (promise: Promise<unknown>) => (session = promise),
          });
          await session;
          return {
            details: {
              token: {
                paymentData: {
                  simulator: "embedded-test-vault",
                  network: "visa",
                  lastFour: "1881",
                  expirationMonth: 9,
                  expirationYear: year,
                },
              },
            },
            payerName: "Ann Lee",
            shippingAddress: null,
            complete: async () => {},
          };
        }
        async abort() {}
      }
      (window as unknown as Record<string, unknown>).PaymentRequest = SimulatedPaymentRequest;
    },
    { year: new Date().getFullYear() + 3 },
  );
}
