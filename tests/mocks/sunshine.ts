import { randomBytes } from "node:crypto";
import { http, HttpResponse, type HttpHandler } from "msw";

/**
 * Sunshine Conversations (API v2) for msw: an app's users, personal conversations and text messages in memory, behind
 * its basic auth (key id and secret), answering as the API documents (201 on create, 409 for a user that exists, 404
 * for an unknown one). `agentAnswers(conversationId, text)` plays an agent writing from Zendesk; `failNext(status)`
 * answers the next request with that status.
 */

interface MockMessage {
  id: string;
  received: string;
  author: { type: "user" | "business"; userExternalId?: string };
  content: { type: "text"; text: string };
}

interface MockConversation {
  id: string;
  userExternalId: string;
  lastUpdatedAt: string;
  messages: MockMessage[];
}

export interface SunshineMock {
  handlers: HttpHandler[];
  users: Map<string, { externalId: string; profile: { givenName?: string; email?: string } }>;
  conversations: Map<string, MockConversation>;
  agentAnswers(conversationId: string, text: string, at?: Date): void;
  failNext(status: number): void;
  /** Requests seen, as "METHOD path". */
  log: string[];
}

const newId = () => randomBytes(12).toString("hex");

export function createSunshineMock(options: { apiBase: string; appId: string; keyId: string; secret: string }) {
  const app = `${options.apiBase}/v2/apps/${options.appId}`;
  const expected = `Basic ${Buffer.from(`${options.keyId}:${options.secret}`).toString("base64")}`;
  const failures: number[] = [];
  const mock: SunshineMock = {
    handlers: [],
    users: new Map(),
    conversations: new Map(),
    log: [],
    agentAnswers(conversationId, text, at = new Date()) {
      const conversation = mock.conversations.get(conversationId)!;
      conversation.messages.push({
        id: newId(),
        received: at.toISOString(),
        author: { type: "business" },
        content: { type: "text", text },
      });
      conversation.lastUpdatedAt = at.toISOString();
    },
    failNext(status) {
      failures.push(status);
    },
  };

  /** The checks every request passes first: its key, and a failure a test asked for. */
  const guard = (request: Request): Response | null => {
    const url = new URL(request.url);
    mock.log.push(`${request.method} ${url.pathname}${url.search}`);
    if (request.headers.get("Authorization") !== expected) {
      return HttpResponse.json({ errors: [{ code: "unauthorized" }] }, { status: 401 });
    }
    const status = failures.shift();
    return status ? HttpResponse.json({ errors: [{ code: "error" }] }, { status }) : null;
  };

  mock.handlers = [
    http.get(`${app}/users/:externalId`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const user = mock.users.get(String(params.externalId));
      return user
        ? HttpResponse.json({ user })
        : HttpResponse.json({ errors: [{ code: "user_not_found" }] }, { status: 404 });
    }),
    http.post(`${app}/users`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { externalId: string; profile: { givenName?: string; email?: string } };
      if (mock.users.has(body.externalId))
        return HttpResponse.json({ errors: [{ code: "conflict" }] }, { status: 409 });
      mock.users.set(body.externalId, { externalId: body.externalId, profile: body.profile });
      return HttpResponse.json({ user: { id: newId(), ...body } }, { status: 201 });
    }),
    http.get(`${app}/conversations`, ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const externalId = new URL(request.url).searchParams.get("filter[userExternalId]");
      if (!externalId) return HttpResponse.json({ errors: [{ code: "bad_request" }] }, { status: 400 });
      if (!mock.users.has(externalId))
        return HttpResponse.json({ errors: [{ code: "user_not_found" }] }, { status: 404 });
      const conversations = [...mock.conversations.values()]
        .filter((conversation) => conversation.userExternalId === externalId)
        .map(({ id, lastUpdatedAt }) => ({ id, type: "personal", lastUpdatedAt }));
      return HttpResponse.json({ conversations, meta: { hasMore: false } });
    }),
    http.post(`${app}/conversations`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { type: string; participants: Array<{ userExternalId: string }> };
      const externalId = body.participants[0]?.userExternalId ?? "";
      if (body.type !== "personal" || !mock.users.has(externalId)) {
        return HttpResponse.json({ errors: [{ code: "bad_request" }] }, { status: 400 });
      }
      const conversation = {
        id: newId(),
        userExternalId: externalId,
        lastUpdatedAt: new Date().toISOString(),
        messages: [],
      };
      mock.conversations.set(conversation.id, conversation);
      return HttpResponse.json({ conversation: { id: conversation.id, type: "personal" } }, { status: 201 });
    }),
    http.get(`${app}/conversations/:id/messages`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const conversation = mock.conversations.get(String(params.id));
      if (!conversation) return HttpResponse.json({ errors: [{ code: "conversation_not_found" }] }, { status: 404 });
      return HttpResponse.json({ messages: conversation.messages, meta: { hasMore: false } });
    }),
    http.post(`${app}/conversations/:id/messages`, async ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const conversation = mock.conversations.get(String(params.id));
      if (!conversation) return HttpResponse.json({ errors: [{ code: "conversation_not_found" }] }, { status: 404 });
      const body = (await request.json()) as MockMessage;
      if (body.author?.type !== "user" || body.author.userExternalId !== conversation.userExternalId) {
        return HttpResponse.json({ errors: [{ code: "forbidden" }] }, { status: 403 });
      }
      const message = { ...body, id: newId(), received: new Date().toISOString() };
      conversation.messages.push(message);
      conversation.lastUpdatedAt = message.received;
      return HttpResponse.json({ messages: [message] }, { status: 201 });
    }),
  ];
  return mock;
}
