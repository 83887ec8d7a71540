import { expect, hasJavaScript, test, waitForHydration } from "./fixtures";

// Live chat (decision 37), with JavaScript and without: a guest writes (without JavaScript on /chat, reached from the
// footer's 'Chat with us'; with it in the launcher's panel on the home page), support answers on /dev/chat, and the
// shopper sees the answer (without JavaScript on reloading /chat; with it, the open panel polls it in).

test("a shopper writes, support answers on /dev/chat, and the shopper sees the answer", async ({ page, context }) => {
  const message = `Do you ship to Alaska? ${Date.now()}`;
  const reply = `Yes, in 3 to 5 days. ${Date.now()}`;
  await page.goto("/");
  await waitForHydration(page);
  if (hasJavaScript()) {
    await page.getByTestId("chat-launcher").click();
    const panel = page.getByTestId("chat-panel");
    await panel.getByLabel("Your name").fill("Gail Guest");
    await panel.getByLabel(/Your e-mail/).fill("gail.e2e@example.com");
    await panel.getByLabel("Your message").fill(message);
    await panel.getByRole("button", { name: "Send" }).click();
    await expect(panel.getByTestId("chat-messages")).toContainText(message);
    await expect(page).toHaveURL(/\/$/);
  } else {
    // Without JavaScript the launcher is a link to the chat page, like the footer's.
    await expect(page.getByTestId("chat-launcher")).toHaveAttribute("href", "/chat");
    await page.locator("footer").getByRole("link", { name: "Chat with us" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with us");
    await page.getByLabel("Your name").fill("Gail Guest");
    await page.getByLabel(/Your e-mail/).fill("gail.e2e@example.com");
    await page.getByLabel("Your message").fill(message);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/chat#chat-latest$/);
    await expect(page.getByTestId("chat-messages")).toContainText(message);
  }

  // Support answers in another tab.
  const support = await context.newPage();
  await support.goto("/dev/chat");
  await support
    .getByTestId("dev-chat-row")
    .filter({ hasText: "gail.e2e@example.com" })
    .first()
    .getByRole("link")
    .click();
  await expect(support.getByTestId("dev-chat-conversation")).toContainText(message);
  await waitForHydration(support);
  await support.getByLabel("Answer").fill(reply);
  await support.getByRole("button", { name: "Send answer" }).click();
  await expect(support.getByTestId("dev-chat-conversation")).toContainText(reply);
  await support.close();

  if (hasJavaScript()) {
    // The open panel polls the thread.
    await expect(page.getByTestId("chat-panel").getByTestId("chat-messages")).toContainText(reply);
  } else {
    await page.goto("/chat");
    const messages = page.getByTestId("chat-messages");
    await expect(messages).toContainText(message);
    await expect(messages).toContainText(`Lenslane support`);
    await expect(messages).toContainText(reply);
  }
});
