const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/** Whether Tab stops at a radio: the checked one of its group, else (none checked) the first. */
function isRadioTabStop(radio: HTMLInputElement): boolean {
  if (radio.checked || !radio.name) return true;
  const group = radio.form?.elements.namedItem(radio.name);
  if (!(group instanceof RadioNodeList)) return true;
  const radios = [...group].filter((item): item is HTMLInputElement => item instanceof HTMLInputElement);
  return !radios.some((item) => item.checked) && radios[0] === radio;
}

/** The elements Tab stops at inside `root`, in document order (rendered, enabled, not taken out of the order). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.matches(":disabled") || element.closest("[inert]")) return false;
    if (element.getClientRects().length === 0) return false;
    return !(element instanceof HTMLInputElement && element.type === "radio") || isRadioTabStop(element);
  });
}

/**
 * Keeps Tab inside a modal dialog. showModal() makes the page behind inert, but Chromium still lets Tab leave the
 * last control for the browser's own toolbar; this wraps it to the first control (and Shift+Tab the other way).
 * Returns the listener's removal.
 */
export function keepTabInside(dialog: HTMLElement): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const stops = tabStops(dialog);
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    }
  };
  dialog.addEventListener("keydown", onKeyDown);
  return () => dialog.removeEventListener("keydown", onKeyDown);
}
