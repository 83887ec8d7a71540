import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { HONEYPOT_INPUT_PROPS } from "~/models/honeypot";

/** Checks the honeypot the forms render from HONEYPOT_INPUT_PROPS. */
const honeypot = new Honeypot({
  nameFieldName: HONEYPOT_INPUT_PROPS.nameFieldName,
  validFromFieldName: HONEYPOT_INPUT_PROPS.validFromFieldName,
});

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
