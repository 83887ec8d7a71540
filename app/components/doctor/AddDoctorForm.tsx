import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { ADDRESS_LINE_MAX, CITY_MAX, POSTAL_CODE_MAX } from "~/models/address";
import { addDoctorSchema, CLINIC_NAME_MAX, CLINIC_STATES, DOCTOR_NAME_MAX } from "~/models/doctor-search";
import { SelectField, TextField } from "~/components/account/FormFields";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";

/**
 * "Add your doctor", offered when a phone search finds nobody (spec 2 §7): the doctor, the clinic and its US
 * address. It posts intent=add-doctor; the action adds the doctor and chooses them for `groupId`.
 */
export function AddDoctorForm({
  groupId,
  phone,
  lastResult,
}: {
  /** A line item group's id, or "all". */
  groupId: string;
  /** The phone number the shopper searched for, formatted. */
  phone: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useFieldForm(addDoctorSchema, {
    id: "add-doctor",
    lastResult,
    defaultValue: { intent: "add-doctor", groupId, phone },
  });
  return (
    <section className="add-doctor" aria-labelledby="add-doctor-heading">
      <h2 id="add-doctor-heading">Add your doctor</h2>
      <p>We couldn&apos;t find a doctor with that phone number. Tell us who they are and we&apos;ll add them.</p>
      <Form method="post" {...getFormProps(form)} className="add-doctor-form">
        <input type="hidden" name="intent" value="add-doctor" />
        <input type="hidden" name="groupId" value={groupId} />
        <HoneypotInputs label="Please leave this field blank" />
        <FieldError as="p" field={form} />
        <div className="form-row">
          <TextField
            label="Doctor's first name"
            field={fields.firstName}
            autoComplete="off"
            maxLength={DOCTOR_NAME_MAX}
          />
          <TextField
            label="Doctor's last name"
            field={fields.lastName}
            autoComplete="off"
            maxLength={DOCTOR_NAME_MAX}
          />
        </div>
        <TextField
          label="Clinic or practice"
          field={fields.clinicName}
          autoComplete="organization"
          maxLength={CLINIC_NAME_MAX}
        />
        <TextField label="Clinic phone" field={fields.phone} type="tel" autoComplete="off" maxLength={20} />
        <TextField label="Street address" field={fields.address1} autoComplete="off" maxLength={ADDRESS_LINE_MAX} />
        <TextField
          label="Suite, floor, etc. (optional)"
          field={fields.address2}
          autoComplete="off"
          maxLength={ADDRESS_LINE_MAX}
        />
        <div className="form-row">
          <TextField label="City" field={fields.city} autoComplete="off" maxLength={CITY_MAX} />
          <SelectField
            label="State"
            field={fields.state}
            options={CLINIC_STATES}
            placeholder="Choose a state"
            autoComplete="off"
          />
          <TextField label="ZIP code" field={fields.postalCode} autoComplete="off" maxLength={POSTAL_CODE_MAX} />
        </div>
        <p className="form-actions">
          <button type="submit" className="button button-primary">
            Add and choose this doctor
          </button>
        </p>
      </Form>
    </section>
  );
}
