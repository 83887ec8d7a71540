/** The confirmation of a prescription request (issue 17): a React Email component in templates/ (decision 0048). */
export { prescriptionRequestEmail, type PrescriptionRequestEmailInput } from "./templates/prescription-request";
