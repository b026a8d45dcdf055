import type { TestApp, TestUser } from './helpers.js';
import { injectAs } from './helpers.js';

/** Make two members a match through the API (A says hi, B accepts) and open their conversation. */
export async function matchAndOpen(t: TestApp, a: TestUser, b: TestUser): Promise<{ matchId: string; conversationId: string }> {
  const hi = await injectAs(t, a, { method: 'POST', url: '/api/hellos', payload: { userId: b.id } });
  if (hi.statusCode !== 201) throw new Error(`say hi failed: ${hi.statusCode} ${hi.body}`);
  const accepted = await injectAs(t, b, { method: 'POST', url: `/api/hellos/${hi.json().hello.id}/accept` });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  const opened = await injectAs(t, a, { method: 'POST', url: '/api/conversations', payload: { userId: b.id } });
  if (opened.statusCode !== 200) throw new Error(`open failed: ${opened.statusCode} ${opened.body}`);
  return { matchId: accepted.json().match.id, conversationId: opened.json().id };
}

export async function sendMessage(t: TestApp, from: TestUser, conversationId: string, content: string, clientId = crypto.randomUUID()) {
  return injectAs(t, from, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    payload: { clientId, content },
  });
}
