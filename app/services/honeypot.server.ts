import { Honeypot, SpamError } from "remix-utils/honeypot/server";

/**
 * Anonymous forms carry a honeypot: a field people never see (bots fill it in). The time-stamp part is off, so
 * every page renders the same inputs and anonymous pages stay cacheable.
 */
export const honeypot = new Honeypot({ nameFieldName: "name__confirm", validFromFieldName: null });

/** True when the form was filled in by a bot. */
export async function isSpam(formData: FormData): Promise<boolean> {
  try {
    await honeypot.check(formData);
    return false;
  } catch (error) {
    if (error instanceof SpamError) return true;
    throw error;
  }
}
