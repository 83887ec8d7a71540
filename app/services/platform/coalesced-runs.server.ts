/**
 * A background job run once at a time per process: a kick during a run asks for one more pass when it ends (the
 * e-mail outbox's delivery, the analytics events' forwarding). `idle` waits for the runs to finish (tests, shutdown).
 */
export function coalescedRuns(run: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await run();
        } while (again);
      })()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      while (running) await running;
    },
  };
}
