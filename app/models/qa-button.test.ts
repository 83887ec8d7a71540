import { describe, expect, it } from "vitest";
import {
  clampToWindow,
  endPress,
  isLongPress,
  movePress,
  QA_DRAG_THRESHOLD_PX,
  QA_LONG_PRESS_MS,
  QA_START_POSITION,
  qaFlagFromQuery,
  qaStartPosition,
  startPress,
  withoutQaParam,
} from "./qa-button";

const button = { width: 48, height: 48 };
const viewport = { width: 375, height: 667 };

describe("the QA flag (spec 1 §2.12)", () => {
  it("is enabled by qa empty or 'true', disabled by 'false', and ignored otherwise", () => {
    expect(qaFlagFromQuery(new URLSearchParams("qa"))).toBe("enable");
    expect(qaFlagFromQuery(new URLSearchParams("qa="))).toBe("enable");
    expect(qaFlagFromQuery(new URLSearchParams("qa=true"))).toBe("enable");
    expect(qaFlagFromQuery(new URLSearchParams("qa=TRUE"))).toBe("enable");
    expect(qaFlagFromQuery(new URLSearchParams("qa=false"))).toBe("disable");
    expect(qaFlagFromQuery(new URLSearchParams("qa=1"))).toBeNull();
    expect(qaFlagFromQuery(new URLSearchParams("other=true"))).toBeNull();
  });

  it("closing removes only the qa parameter", () => {
    expect(withoutQaParam("/cart", "?qa=true&mid=7")).toBe("/cart?mid=7");
    expect(withoutQaParam("/", "?qa")).toBe("/");
  });
});

describe("the QA button's press and drag", () => {
  it("starts at x 20, y 20, the long press is 1 s and a drag starts after 5 px", () => {
    expect(QA_START_POSITION).toEqual({ x: 20, y: 20 });
    expect(QA_LONG_PRESS_MS).toBe(1000);
    expect(QA_DRAG_THRESHOLD_PX).toBe(5);
  });

  it("a short press opens the panel; a press held 1 s shows the close control", () => {
    const press = startPress({ x: 40, y: 40 }, QA_START_POSITION, 0);
    expect(endPress(press, 999)).toBe("open-panel");
    expect(isLongPress(press, 999)).toBe(false);
    expect(isLongPress(press, 1000)).toBe(true);
    expect(endPress(press, 1000)).toBe("show-close");
  });

  it("moving 5 px or less is still a press; more starts a drag that follows the pointer", () => {
    const press = startPress({ x: 40, y: 40 }, QA_START_POSITION, 0);
    const small = movePress(press, { x: 43, y: 44 }, button, viewport);
    expect(small.press.dragging).toBe(false);
    expect(small.position).toEqual(QA_START_POSITION);
    expect(endPress(small.press, 100)).toBe("open-panel");

    const drag = movePress(press, { x: 46, y: 40 }, button, viewport);
    expect(drag.press.dragging).toBe(true);
    expect(drag.position).toEqual({ x: 26, y: 20 });
    // Once dragging, small moves follow too, and a held drag never turns into the close control.
    const back = movePress(drag.press, { x: 41, y: 40 }, button, viewport);
    expect(back.position).toEqual({ x: 21, y: 20 });
    expect(endPress(back.press, 5000)).toBe("drag-end");
  });

  it("starts 20 px from the left and 20 px up from the bottom, clear of the header's hamburger at the top left", () => {
    expect(qaStartPosition(button, viewport)).toEqual({ x: 20, y: viewport.height - button.height - 20 });
    expect(qaStartPosition(button, { width: 390, height: 700 })).toEqual({ x: 20, y: 632 });
    // A window too small for the offsets keeps the button inside it.
    expect(qaStartPosition(button, { width: 40, height: 40 })).toEqual({ x: 0, y: 0 });
  });

  it("keeps the button inside the window", () => {
    const press = startPress({ x: 40, y: 40 }, QA_START_POSITION, 0);
    expect(movePress(press, { x: -500, y: -500 }, button, viewport).position).toEqual({ x: 0, y: 0 });
    expect(movePress(press, { x: 2000, y: 2000 }, button, viewport).position).toEqual({ x: 327, y: 619 });
    expect(clampToWindow({ x: 10, y: 10 }, button, { width: 30, height: 30 })).toEqual({ x: 0, y: 0 });
  });
});
