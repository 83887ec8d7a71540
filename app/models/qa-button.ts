/**
 * The QA helper button (spec 1 §2.12), its pure rules: the URL flag, and what a press does. Shown only outside
 * production, on mobile, when enabled; enabled by the URL flag `qa` empty or 'true' and remembered for the
 * session. A short press opens the QA panel; a press held 1 s shows the close control (the button jiggles);
 * moving more than 5 px starts a drag that keeps the button inside the window; it starts at x 20, y 20 (from the
 * bottom left, qaStartPosition). The
 * close control hides the button, clears the flag and removes the URL parameter.
 */

export const QA_PARAM = "qa";
export const QA_START_POSITION = { x: 20, y: 20 } as const;
export const QA_LONG_PRESS_MS = 1000;
export const QA_DRAG_THRESHOLD_PX = 5;
/** Below the store's small breakpoint (576 px, the hamburger menu's) counts as mobile. */
export const QA_MOBILE_QUERY = "(max-width: 575.98px)";

/** What the URL says about the flag: `?qa` or `?qa=true` turns it on, `?qa=false` off; anything else says nothing. */
export function qaFlagFromQuery(search: URLSearchParams): "enable" | "disable" | null {
  if (!search.has(QA_PARAM)) return null;
  const value = search.get(QA_PARAM)?.trim().toLowerCase();
  if (value === "" || value === "true") return "enable";
  if (value === "false") return "disable";
  return null;
}

/** The same path and query without the `qa` parameter (the close control's destination). */
export function withoutQaParam(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(QA_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ""}`;
}

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The button's top-left corner kept so the whole button stays in the window. */
export function clampToWindow(position: Point, button: Size, viewport: Size): Point {
  const clamp = (value: number, max: number) => Math.min(Math.max(0, value), Math.max(0, max));
  return {
    x: clamp(position.x, viewport.width - button.width),
    y: clamp(position.y, viewport.height - button.height),
  };
}

/**
 * Where the button starts: the spec's x 20, y 20, with y measured up from the window's bottom edge, so the button
 * starts clear of the header, whose hamburger menu sits at the top left (issue 25, decision 43).
 */
export function qaStartPosition(button: Size, viewport: Size): Point {
  return clampToWindow(
    { x: QA_START_POSITION.x, y: viewport.height - button.height - QA_START_POSITION.y },
    button,
    viewport,
  );
}

/** A press in progress: where it began (pointer and button), when, and whether it has become a drag. */
export interface Press {
  pointerStart: Point;
  buttonStart: Point;
  startedAt: number;
  dragging: boolean;
}

export function startPress(pointer: Point, button: Point, now: number): Press {
  return { pointerStart: pointer, buttonStart: button, startedAt: now, dragging: false };
}

/**
 * The pointer moved: once it has gone more than 5 px from where the press began, the press is a drag and the
 * button follows the pointer, kept in the window. Before that the button stays put.
 */
export function movePress(
  press: Press,
  pointer: Point,
  button: Size,
  viewport: Size,
): { press: Press; position: Point } {
  const dx = pointer.x - press.pointerStart.x;
  const dy = pointer.y - press.pointerStart.y;
  const dragging = press.dragging || Math.hypot(dx, dy) > QA_DRAG_THRESHOLD_PX;
  if (!dragging) return { press, position: press.buttonStart };
  const position = clampToWindow({ x: press.buttonStart.x + dx, y: press.buttonStart.y + dy }, button, viewport);
  return { press: { ...press, dragging: true }, position };
}

/** Whether a press still held at `now` has become a long press (the close control shows; a drag never does). */
export function isLongPress(press: Press, now: number): boolean {
  return !press.dragging && now - press.startedAt >= QA_LONG_PRESS_MS;
}

/** What releasing the button does: a drag just ends; a long press shows the close control; a short one opens the panel. */
export function endPress(press: Press, now: number): "drag-end" | "show-close" | "open-panel" {
  if (press.dragging) return "drag-end";
  return isLongPress(press, now) ? "show-close" : "open-panel";
}
