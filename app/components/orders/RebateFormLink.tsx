import { REBATE_FORM_LINK_TEXT, rebateFormFileName } from "~/models/rebate-form";

/** The order's mail-in rebate form (a plain download link: it works without JavaScript); nothing when none. */
export function RebateFormLink({ path, orderNumber }: { path: string | null; orderNumber: string }) {
  if (!path) return null;
  return (
    <p>
      <a href={path} download={rebateFormFileName(orderNumber)} data-testid="rebate-form-link">
        {REBATE_FORM_LINK_TEXT}
      </a>
    </p>
  );
}
