import type { ServerResponse } from 'node:http';
import { jsonAnswers } from '../services/http/json-answers.ts';
import { sendBody } from '../services/http/send-body.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** The console's refusal shape: `{"ok": false, "error": {"code", "message"}}`, the contract's failed answer. */
export const refusalBody = (code: string, message: string) => JSON.stringify({ ok: false, error: { code, message } });

const answers = jsonAnswers<unknown, { code: string; message: string }>({
  headers: { ...SECURITY_HEADERS, 'Content-Type': 'application/json' },
  encode: (body) => JSON.stringify(body),
  refusal: (_status, { code, message }) => ({ ok: false, error: { code, message } }),
});

/** A page or file of the console, with the security headers every answer carries. */
export function sendFile(res: ServerResponse, status: number, body: Buffer, type: string): void {
  sendBody(res, status, body, { ...SECURITY_HEADERS, 'Content-Type': type });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  answers.json(res, status, body);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  answers.refuse(res, status, { code, message });
}
