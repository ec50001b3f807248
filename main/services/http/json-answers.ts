import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sendBody } from './send-body.ts';

/**
 * How one server answers in JSON: the headers every answer carries (Content-Type among them), how a body is encoded
 * and what its refusals look like. Each server keeps its own refusal shape: the season service's
 * `{"error": {"code", "message"}}`, the console's `{"ok": false, "error": …}`, the Trust Layer's with its `status`.
 */
export interface JsonShape<B, E> {
  headers: OutgoingHttpHeaders;
  encode: (body: B) => string;
  refusal: (status: number, error: E) => B;
}

export interface JsonAnswers<B, E> {
  json(response: ServerResponse, status: number, body: B, headers?: OutgoingHttpHeaders): void;
  refuse(response: ServerResponse, status: number, error: E, headers?: OutgoingHttpHeaders): void;
}

export function jsonAnswers<B, E>(shape: JsonShape<B, E>): JsonAnswers<B, E> {
  const json = (response: ServerResponse, status: number, body: B, headers: OutgoingHttpHeaders = {}): void =>
    sendBody(response, status, shape.encode(body), shape.headers, headers);
  return {
    json,
    refuse: (response, status, error, headers) => json(response, status, shape.refusal(status, error), headers),
  };
}
