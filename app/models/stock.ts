/** Spec: stock display. 20 or fewer units is 'Limited Quantity: n'; more 'In Stock: n'; none 'Out of Stock'. */
export const LIMITED_QUANTITY_THRESHOLD = 20;

export function stockText(units: number): string {
  if (units <= 0) return "Out of Stock";
  if (units <= LIMITED_QUANTITY_THRESHOLD) return `Limited Quantity: ${units}`;
  return `In Stock: ${units}`;
}

/** The submit-and-skip placeholder UPC (spec), shown as 'Upload' instead of a stock count. */
export const SUBMIT_AND_SKIP_UPC = "10999999999";
