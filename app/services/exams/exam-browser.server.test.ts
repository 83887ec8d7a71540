import { describe, expect, it } from "vitest";
import { isExamBrowserSupported } from "./exam-browser.server";

const AGENTS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  ie11: "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko",
  oldChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36",
  oldSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15",
  w3m: "w3m/0.5.3+git20230121",
  lynx: "Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9",
};

describe("isExamBrowserSupported", () => {
  it("lets current graphical browsers take the exam", () => {
    for (const agent of [AGENTS.chrome, AGENTS.headless, AGENTS.iphone, AGENTS.firefox]) {
      expect(isExamBrowserSupported(agent)).toBe(true);
    }
  });
  it("sends old browsers, text browsers and unknown or missing agents to the explanation", () => {
    for (const agent of [
      AGENTS.ie11,
      AGENTS.oldChrome,
      AGENTS.oldSafari,
      AGENTS.w3m,
      AGENTS.lynx,
      "",
      null,
      "curl/8.5",
    ]) {
      expect(isExamBrowserSupported(agent)).toBe(false);
    }
  });
});
